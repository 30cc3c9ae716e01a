#!/usr/bin/perl
# WWW::RobotRules (libwww-perl), over protocol v1 (harness/PROTOCOL.md).
use strict;
use warnings;
use Encode qw(decode);
use JSON::PP;
use MIME::Base64 qw(decode_base64);
use URI;
use WWW::RobotRules;

$| = 1;
my $json = JSON::PP->new->canonical;
print $json->encode({
    protocol => 1, name => 'www-robotrules', implementation => 'WWW::RobotRules',
    version => "$WWW::RobotRules::VERSION", language => 'perl',
}), "\n";

while (my $line = <STDIN>) {
    next unless $line =~ /\S/;
    my $request = eval { $json->decode($line) };
    if (!$request || ref $request ne 'HASH') {
        print $json->encode({ id => undef, error => "malformed request: $@" }), "\n";
        next;
    }
    my $id = $request->{id};
    my $answer = eval {
        # parse() takes the robots.txt URL and the body as LWP hands it over (decoded text).
        my $body = decode('UTF-8', decode_base64($request->{robots_b64}));
        my @urls = @{ $request->{urls} };
        my $rules = WWW::RobotRules->new($request->{agent});
        if (@urls) {
            my $robots_url = URI->new($urls[0]);
            $robots_url->path_query('/robots.txt');
            $rules->parse($robots_url->as_string, $body);
        }
        [ map { $rules->allowed($_) ? 'allow' : 'disallow' } @urls ];
    };
    if ($answer) {
        print $json->encode({ id => $id, verdicts => $answer }), "\n";
    } else {
        my $error = $@ || 'unknown error';
        $error =~ s/\s+$//;
        print $json->encode({ id => $id, error => $error }), "\n";
    }
}
