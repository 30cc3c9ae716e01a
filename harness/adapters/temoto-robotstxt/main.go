// temoto/robotstxt (the robots.txt parser of gocolly/colly), over protocol v1.
package main

import (
	"net/http"
	"time"

	"github.com/temoto/robotstxt"
	"reptest.local/adapter"
)

func check(body []byte, agent string, urls []string) ([]string, error) {
	robots, err := robotstxt.FromBytes(body)
	if err != nil {
		return nil, err
	}
	return verdicts(robots, agent, urls), nil
}

func fetch(robotsURL, agent string, urls []string, timeoutMs int64) ([]string, error) {
	client := &http.Client{Timeout: time.Duration(timeoutMs) * time.Millisecond}
	req, err := http.NewRequest("GET", robotsURL, nil)
	if err != nil {
		return nil, err
	}
	req.Header.Set("User-Agent", agent)
	resp, err := client.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	robots, err := robotstxt.FromResponse(resp)
	if err != nil {
		return nil, err
	}
	return verdicts(robots, agent, urls), nil
}

func verdicts(robots *robotstxt.RobotsData, agent string, urls []string) []string {
	out := make([]string, len(urls))
	for i, u := range urls {
		path, ok := adapter.PathAndQuery(u)
		if !ok {
			out[i] = "unsupported"
			continue
		}
		out[i] = adapter.Verdict(robots.TestAgent(path, agent))
	}
	return out
}

func main() {
	adapter.Serve(map[string]any{
		"name":           "temoto-robotstxt",
		"implementation": "temoto/robotstxt",
		"version":        adapter.ModuleVersion("github.com/temoto/robotstxt"),
	}, check, fetch)
}
