require 'webrobots'

body = "{{body}}".b
agent = "{{agent}}"
url = "{{url}}"
text = body.force_encoding('UTF-8').scrub # invalid bytes become U+FFFD
robots = WebRobots.new(agent, http_get: ->(_uri) { text }, crawl_delay: :ignore)
puts robots.allowed?(url) ? 'allow' : 'disallow'
