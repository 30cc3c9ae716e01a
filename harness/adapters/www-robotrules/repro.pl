use strict;
use warnings;
use Encode qw(decode);
use URI;
use WWW::RobotRules;

my $bytes = "{{body}}";
my $agent = "{{agent}}";
my $url = "{{url}}";
my $body = decode('UTF-8', $bytes); # invalid bytes become U+FFFD
my $rules = WWW::RobotRules->new($agent);
my $robots_url = URI->new($url);
$robots_url->path_query('/robots.txt');
$rules->parse($robots_url->as_string, $body);
print $rules->allowed($url) ? "allow\n" : "disallow\n";
