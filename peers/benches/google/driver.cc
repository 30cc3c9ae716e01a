// Google's robots.txt parser as a benchmark participant.
//
// Built by `cargo bench -p reptest-peers --bench google` against the source that the
// `google-robotstxt-cc` adapter's setup put under target/adapters/ (its robots.h is the only
// part of it this file relies on: the declared public API). The bench writes the corpus to one
// file, so that this driver reads exactly what the reference is measured on:
//
//   repeated per site: "<body length>\n" <body> "<URL count>\n" then one URL per line
//
// Usage: driver CORPUS ROUNDS AGENT. Prints `name value` lines: the median over ROUNDS of
//   parse_ns    parsing every file with a handler that does nothing;
//   oneshot_ns  RobotsMatcher::OneAgentAllowedByRobots(body, agent, url) for every URL, a fresh
//               matcher per URL (the library's one-shot API: it parses the body every time);
// and `allowed N`, how many URLs were allowed (so that the runs can be compared).

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "robots.h"

namespace {

struct Site {
  std::string body;
  std::vector<std::string> urls;
};

// Receives every line and keeps nothing: what is measured is the parser alone.
class EmptyHandler : public googlebot::RobotsParseHandler {
 public:
  void HandleRobotsStart() override {}
  void HandleRobotsEnd() override {}
  void HandleUserAgent(int, absl::string_view value) override { seen += value.size(); }
  void HandleAllow(int, absl::string_view value) override { seen += value.size(); }
  void HandleDisallow(int, absl::string_view value) override { seen += value.size(); }
  void HandleSitemap(int, absl::string_view value) override { seen += value.size(); }
  void HandleUnknownAction(int, absl::string_view, absl::string_view value) override {
    seen += value.size();
  }
  size_t seen = 0;
};

bool ReadCorpus(const char* path, std::vector<Site>* sites) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  std::string line;
  while (std::getline(in, line)) {
    Site site;
    size_t len = std::strtoull(line.c_str(), nullptr, 10);
    site.body.resize(len);
    if (len > 0 && !in.read(&site.body[0], static_cast<std::streamsize>(len))) return false;
    if (!std::getline(in, line)) return false;
    size_t count = std::strtoull(line.c_str(), nullptr, 10);
    for (size_t i = 0; i < count; ++i) {
      if (!std::getline(in, line)) return false;
      site.urls.push_back(line);
    }
    sites->push_back(std::move(site));
  }
  return true;
}

double Median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 4) {
    std::cerr << "usage: driver CORPUS ROUNDS AGENT\n";
    return 2;
  }
  std::vector<Site> sites;
  if (!ReadCorpus(argv[1], &sites)) {
    std::cerr << "driver: cannot read corpus " << argv[1] << "\n";
    return 1;
  }
  int rounds = std::max(1, std::atoi(argv[2]));
  std::string agent = argv[3];
  using Clock = std::chrono::steady_clock;

  std::vector<double> parse;
  size_t seen = 0;
  for (int r = 0; r < rounds; ++r) {
    auto start = Clock::now();
    for (const Site& site : sites) {
      EmptyHandler handler;
      googlebot::ParseRobotsTxt(site.body, &handler);
      seen += handler.seen;
    }
    parse.push_back(std::chrono::duration<double, std::nano>(Clock::now() - start).count());
  }

  std::vector<double> oneshot;
  size_t allowed = 0;
  for (int r = 0; r < rounds; ++r) {
    allowed = 0;
    auto start = Clock::now();
    for (const Site& site : sites) {
      for (const std::string& url : site.urls) {
        googlebot::RobotsMatcher matcher;
        allowed += matcher.OneAgentAllowedByRobots(site.body, agent, url) ? 1 : 0;
      }
    }
    oneshot.push_back(std::chrono::duration<double, std::nano>(Clock::now() - start).count());
  }

  std::printf("parse_ns %.0f\noneshot_ns %.0f\nallowed %zu\nseen %zu\n", Median(parse),
              Median(oneshot), allowed, seen);
  return 0;
}
