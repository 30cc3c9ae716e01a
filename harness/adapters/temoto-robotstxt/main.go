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

// records answers a records request from the library's documented values: its README,
// "`RobotsData.FindGroup(userAgent string)` returns a structure with `.Test(path string)`
// method and `.CrawlDelay time.Duration`", and RobotsData's exported field Sitemaps. It has no
// request-rate and no content-usage. A parse error FromBytes returns (an invalid crawl-delay
// value is one) is its error on that body, as in check.
func records(body []byte, agent string, urls []string) (map[string]any, error) {
	robots, err := robotstxt.FromBytes(body)
	if err != nil {
		return nil, err
	}
	sitemaps := robots.Sitemaps
	if sitemaps == nil {
		sitemaps = []string{}
	}
	// A group without a crawl-delay line has the zero Duration, Go's value of a field never set;
	// the library keeps no other mark of "none", so zero is answered as none (a `crawl-delay: 0`
	// reads the same: the library does not tell them apart).
	var delay any
	if d := robots.FindGroup(agent).CrawlDelay; d != 0 {
		delay = d.Seconds()
	}
	return map[string]any{"sitemaps": sitemaps, "crawl_delay": delay}, nil
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
	adapter.ServeRecords(map[string]any{
		"name":           "temoto-robotstxt",
		"implementation": "temoto/robotstxt",
		"version":        adapter.ModuleVersion("github.com/temoto/robotstxt"),
	}, check, fetch, records)
}
