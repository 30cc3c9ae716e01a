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

func main() {
	adapter.Serve(map[string]any{
		"name":           "grobotstxt",
		"implementation": "jimsmart/grobotstxt",
		"version":        adapter.ModuleVersion("github.com/jimsmart/grobotstxt"),
	}, check, nil)
}
