// jimsmart/grobotstxt (a Go port of Google's robots.txt parser), over protocol v1.
package main

import (
	"github.com/jimsmart/grobotstxt"
	"reptest.local/adapter"
)

func check(body []byte, agent string, urls []string) ([]string, error) {
	out := make([]string, len(urls))
	for i, u := range urls {
		// AgentAllowed "will also return false if the given URI is invalid (cannot
		// successfully be parsed by url.Parse)": that false is no verdict.
		if !adapter.Valid(u) {
			out[i] = "unsupported"
			continue
		}
		out[i] = adapter.Verdict(grobotstxt.AgentAllowed(string(body), agent, u))
	}
	return out, nil
}

// records answers a records request: its README, "Additionally, one can also extract all
// Sitemap URIs from a given robots.txt file: `sitemaps := grobotstxt.Sitemaps(robotsTxt)`". It
// documents no crawl-delay, request-rate or content-usage (Google's parser reads none).
func records(body []byte, agent string, urls []string) (map[string]any, error) {
	sitemaps := grobotstxt.Sitemaps(string(body))
	if sitemaps == nil {
		sitemaps = []string{}
	}
	return map[string]any{"sitemaps": sitemaps}, nil
}

func main() {
	adapter.ServeRecords(map[string]any{
		"name":           "grobotstxt",
		"implementation": "jimsmart/grobotstxt",
		"version":        adapter.ModuleVersion("github.com/jimsmart/grobotstxt"),
	}, check, nil, records)
}
