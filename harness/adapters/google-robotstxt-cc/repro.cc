#include <iostream>
#include <string>
#include "robots.h"

int main() {
  // The raw body bytes and the absolute URL.
  const std::string body("{{body}}", {{body_len}});
  const std::string agent = "{{agent}}";
  const std::string url = "{{url}}";
  googlebot::RobotsMatcher matcher;
  bool allowed = matcher.OneAgentAllowedByRobots(body, agent, url);
  std::cout << (allowed ? "allow" : "disallow") << std::endl;
}
