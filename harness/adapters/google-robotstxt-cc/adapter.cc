// Google's robots.txt C++ library (robots.cc / robots.h, built at setup from the pinned
// jwm.robotstxt source distribution), over protocol v1 (harness/PROTOCOL.md).
#include <cctype>
#include <iostream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "absl/strings/escaping.h"
#include "robots.h"

using nlohmann::json;

// The library's documented call contract (its README and API documentation): the URL "must
// be %-encoded according to RFC3986", and valid user agents "only contain the characters
// [a-zA-Z_-]". Questions outside it are answered "unsupported".

// Every character unreserved or reserved (RFC 3986), every '%' followed by two hex digits.
static bool Rfc3986Encoded(const std::string& url) {
  static const std::string kAllowed =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~:/?#[]@!$&'()*+,;=";
  for (size_t i = 0; i < url.size(); ++i) {
    if (url[i] == '%') {
      if (i + 2 >= url.size() ||
          !std::isxdigit(static_cast<unsigned char>(url[i + 1])) ||
          !std::isxdigit(static_cast<unsigned char>(url[i + 2]))) {
        return false;
      }
      i += 2;
    } else if (kAllowed.find(url[i]) == std::string::npos) {
      return false;
    }
  }
  return true;
}

// One or more of [A-Za-z_-].
static bool ProductToken(const std::string& agent) {
  if (agent.empty()) return false;
  for (unsigned char c : agent) {
    if (!std::isalpha(c) && c != '_' && c != '-') return false;
  }
  return true;
}

int main() {
  std::ios::sync_with_stdio(false);
  json hello = {{"protocol", 1},
                {"name", "google-robotstxt-cc"},
                {"implementation", "google/robotstxt (C++)"},
                {"version", REPTEST_GOOGLE_VERSION},
                {"language", "c++"},
                {"adapter_revision", REPTEST_ADAPTER_REVISION}};
  std::cout << hello.dump() << "\n" << std::flush;
  std::string line;
  while (std::getline(std::cin, line)) {
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    json request;
    try {
      request = json::parse(line);
      if (!request.is_object() || !request.at("id").is_number_unsigned()) {
        throw std::runtime_error("missing id");
      }
    } catch (const std::exception& e) {
      json id = request.is_object() && request.contains("id") ? request["id"] : json(nullptr);
      std::cout << json{{"id", id}, {"error", std::string("malformed request: ") + e.what()}}.dump(
                       -1, ' ', false, json::error_handler_t::replace)
                << "\n" << std::flush;
      continue;
    }
    json response = {{"id", request["id"]}};
    try {
      std::string body;
      if (!absl::Base64Unescape(request.at("robots_b64").get<std::string>(), &body)) {
        throw std::runtime_error("robots_b64 is not base64");
      }
      const std::string agent = request.at("agent").get<std::string>();
      std::vector<std::string> verdicts;
      for (const auto& url : request.at("urls")) {
        const std::string u = url.get<std::string>();
        if (!ProductToken(agent) || !Rfc3986Encoded(u)) {
          verdicts.push_back("unsupported");
          continue;
        }
        // The library takes the raw bytes and the absolute URL; a fresh matcher per URL, as
        // its documentation shows.
        googlebot::RobotsMatcher matcher;
        bool allowed = matcher.OneAgentAllowedByRobots(body, agent, u);
        verdicts.push_back(allowed ? "allow" : "disallow");
      }
      response["verdicts"] = verdicts;
    } catch (const std::exception& e) {
      response["error"] = e.what();
    }
    std::cout << response.dump(-1, ' ', false, json::error_handler_t::replace) << "\n"
              << std::flush;
  }
  return 0;
}
