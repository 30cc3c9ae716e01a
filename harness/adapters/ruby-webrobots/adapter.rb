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
                   version: version, language: 'ruby', fetch: true)

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
    verdicts = request['urls'].map { |url| robots.allowed?(url) ? 'allow' : 'disallow' }
    puts JSON.generate(id: request['id'], verdicts: verdicts)
  rescue StandardError => e
    puts JSON.generate(id: request['id'], error: "#{e.class}: #{e.message}")
  end
end
