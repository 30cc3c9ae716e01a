#!/usr/bin/perl
# WWW::RobotRules (libwww-perl), over protocol v1 (harness/PROTOCOL.md).
use strict;
use warnings;
use Encode qw(decode);
use JSON::PP;
use MIME::Base64 qw(decode_base64);
use URI;
use WWW::RobotRules;
use LWP::RobotUA;

$| = 1;
my $json = JSON::PP->new->canonical;
print $json->encode({
    protocol => 1, name => 'www-robotrules', implementation => 'WWW::RobotRules',
    version => "$WWW::RobotRules::VERSION", language => 'perl', fetch => JSON::PP::true,
}), "\n";

# A fetch request (PROTOCOL.md, "Fetch"): LWP::RobotUA, the user agent that consults
# robots.txt through WWW::RobotRules, fetches it on the way to each URL. Its documentation:
# a request robots.txt disallows "is answered with a 403 Forbidden response with message
# 'Forbidden by robots.txt'"; anything else is allowed (the page itself is requested too, as
# with any get). No delay between requests (delay 0), the request's timeout as LWP's.
sub fetch_verdicts {
    my ($request) = @_;
    my $ua = LWP::RobotUA->new(agent => $request->{agent}, from => 'reptest@example.com');
    $ua->delay(0);
    $ua->use_sleep(0);
    $ua->timeout($request->{timeout_ms} / 1000);
    return [ map {
        my $res = $ua->get($_);
        ($res->code == 403 && $res->message =~ /Forbidden by robots\.txt/) ? 'disallow' : 'allow';
    } @{ $request->{urls} } ];
}

while (my $line = <STDIN>) {
    next unless $line =~ /\S/;
    my $request = eval { $json->decode($line) };
    if (!$request || ref $request ne 'HASH') {
        print $json->encode({ id => undef, error => "malformed request: $@" }), "\n";
        next;
    }
    my $id = $request->{id};
    if (exists $request->{robots_url}) {
        my $verdicts = eval { fetch_verdicts($request) };
        if ($verdicts) {
            print $json->encode({ id => $id, verdicts => $verdicts }), "\n";
        } else {
            my $error = $@ || 'unknown error';
            $error =~ s/\s+$//;
            print $json->encode({ id => $id, error => $error }), "\n";
        }
        next;
    }
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
