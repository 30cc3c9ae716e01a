# webrobots (Ruby), over protocol v1 (harness/PROTOCOL.md).
require 'base64'
require 'json'
require 'uri'
require 'webrobots'

$stdout.sync = true
version = begin
  Gem::Specification.find_by_name('webrobots').version.to_s
rescue Gem::MissingSpecError
  'unknown'
end
puts JSON.generate(protocol: 1, name: 'ruby-webrobots', implementation: 'webrobots',
                   version: version, language: 'ruby', fetch: true, records: true)

# A records request (PROTOCOL.md section 6), from its documented methods on the site of the
# request's URLs (http://example.com when it asks about none): crawl_delay(url), "Returns the
# number of seconds that the configured agent should wait between successive requests to the
# site identified by +url+ according to the site's robots.txt +Crawl-delay+ directive", and
# sitemaps(url), "Returns an array of Sitemap URLs". Zero seconds, what it returns when the
# agent's record has no Crawl-delay, is answered as none: it keeps no other mark of "none".
# Its extended options (options(url)) are raw strings, not a request-rate; it has no
# content-usage. Like allowed?, these return the library's values even after a parse error
# (kept in error(url)).
def records_answer(robots, urls)
  site = urls.first || 'http://example.com/'
  delay = robots.crawl_delay(site)
  { sitemaps: robots.sitemaps(site), crawl_delay: delay.zero? ? nil : delay.to_f,
    request_rate: 'unsupported', content_usage: 'unsupported' }
end

# A fetch request (PROTOCOL.md, "Fetch"): WebRobots fetches robots.txt itself, with its default
# http_get (Net::HTTP), for the site of each URL asked; the robots.txt URL is that site's.
# WebRobots takes no timeout option, so its HTTP client's own timeouts apply.
def fetch_verdicts(request)
  robots = WebRobots.new(request['agent'], crawl_delay: :ignore)
  request['urls'].map { |url| robots.allowed?(url) ? 'allow' : 'disallow' }
end

$stdin.each_line do |line|
  next if line.strip.empty?
  begin
    request = JSON.parse(line)
    raise 'not an object' unless request.is_a?(Hash)
  rescue StandardError => e
    puts JSON.generate(id: nil, error: "malformed request: #{e.message}")
    next
  end
  if request.key?('robots_url')
    begin
      puts JSON.generate(id: request['id'], verdicts: fetch_verdicts(request))
    rescue StandardError => e
      puts JSON.generate(id: request['id'], error: "#{e.class}: #{e.message}")
    end
    next
  end
  begin
    body = Base64.strict_decode64(request['robots_b64'])
    text = body.force_encoding('UTF-8').scrub
    # WebRobots fetches robots.txt through the http_get callback; it is served the body.
    # Crawl-delay is ignored: by default allowed? sleeps for it, which is not a verdict.
    robots = WebRobots.new(request['agent'], http_get: ->(_uri) { text }, crawl_delay: :ignore)
    if request['records'] == true
      puts JSON.generate(id: request['id'], records: records_answer(robots, request['urls']))
      next
    end
    verdicts = request['urls'].map { |url| robots.allowed?(url) ? 'allow' : 'disallow' }
    puts JSON.generate(id: request['id'], verdicts: verdicts)
  rescue StandardError => e
    puts JSON.generate(id: request['id'], error: "#{e.class}: #{e.message}")
  end
end
