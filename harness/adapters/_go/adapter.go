// Package adapter speaks protocol v1 (harness/PROTOCOL.md) for adapters written in Go.
//
// An adapter calls Serve with its hello fields and a Check function, which answers one of
// "allow", "disallow", "unsupported" per URL, or an error (the implementation's error on that
// input, answered as such; the adapter keeps serving). An adapter whose library fetches
// robots.txt itself also passes a Fetch function: its hello then declares "fetch": true. One
// whose library reports the other records (sitemaps, crawl-delay, ...) calls ServeRecords with
// a Records function as well: its hello then declares "records": true (PROTOCOL.md section 6).
package adapter

import (
	"bufio"
	"encoding/json"
	"fmt"
	"net/url"
	"os"
	"runtime/debug"
	"strings"
)

// Check answers a robots.txt request: the body bytes, the agent and the absolute URLs.
type Check func(body []byte, agent string, urls []string) ([]string, error)

// Fetch answers a fetch request: the robots.txt URL, the agent, the URLs and the timeout.
type Fetch func(robotsURL, agent string, urls []string, timeoutMs int64) ([]string, error)

// Records answers a records request: the body bytes, the agent and the URLs whose usage
// preferences are asked. It returns the fields the library exposes ("sitemaps",
// "crawl_delay", "request_rate", "content_usage"); a field left out is answered "unsupported".
type Records func(body []byte, agent string, urls []string) (map[string]any, error)

// Unsupported is the answer of a field the library does not expose.
const Unsupported = "unsupported"

type request struct {
	ID        *uint64  `json:"id"`
	RobotsB64 []byte   `json:"robots_b64"`
	RobotsURL *string  `json:"robots_url"`
	Agent     string   `json:"agent"`
	URLs      []string `json:"urls"`
	TimeoutMs int64    `json:"timeout_ms"`
	Records   bool     `json:"records"`
}

type response struct {
	ID       *uint64        `json:"id"`
	Verdicts []string       `json:"verdicts,omitempty"`
	Records  map[string]any `json:"records,omitempty"`
	Error    string         `json:"error,omitempty"`
}

// Serve prints the hello (protocol, language and fetch added to hello) and answers requests
// from stdin until EOF.
func Serve(hello map[string]any, check Check, fetch Fetch) {
	ServeRecords(hello, check, fetch, nil)
}

// ServeRecords is Serve for an adapter that also answers records requests (records may be nil:
// then it is Serve).
func ServeRecords(hello map[string]any, check Check, fetch Fetch, records Records) {
	hello["protocol"] = 1
	hello["language"] = "go"
	if fetch != nil {
		hello["fetch"] = true
	}
	if records != nil {
		hello["records"] = true
	}
	out := bufio.NewWriter(os.Stdout)
	write := func(v any) {
		line, _ := json.Marshal(v)
		out.Write(line)
		out.WriteByte('\n')
		out.Flush()
	}
	write(hello)
	in := bufio.NewReader(os.Stdin)
	for {
		line, err := in.ReadString('\n')
		if strings.TrimSpace(line) != "" {
			write(answer(line, check, fetch, records))
		}
		if err != nil {
			return
		}
	}
}

func answer(line string, check Check, fetch Fetch, records Records) (resp response) {
	var req request
	if err := json.Unmarshal([]byte(line), &req); err != nil || req.ID == nil || req.URLs == nil {
		resp.ID = req.ID
		if err == nil {
			err = fmt.Errorf("missing id or urls")
		}
		resp.Error = "malformed request: " + err.Error()
		return
	}
	resp.ID = req.ID
	defer func() {
		// A panic in the library is its error on this input.
		if p := recover(); p != nil {
			resp.Verdicts = nil
			resp.Records = nil
			resp.Error = fmt.Sprintf("panic: %v", p)
		}
	}()
	if req.Records {
		if records == nil {
			resp.Error = "this adapter does not answer records"
			return
		}
		answer, err := records(req.RobotsB64, req.Agent, req.URLs)
		if err != nil {
			resp.Error = err.Error()
			return
		}
		resp.Records = map[string]any{}
		for _, field := range []string{"sitemaps", "crawl_delay", "request_rate", "content_usage"} {
			value, ok := answer[field]
			if !ok {
				value = Unsupported
			}
			resp.Records[field] = value
		}
		return
	}
	var verdicts []string
	var err error
	if req.RobotsURL != nil {
		if fetch == nil {
			resp.Error = "this adapter does not fetch"
			return
		}
		verdicts, err = fetch(*req.RobotsURL, req.Agent, req.URLs, req.TimeoutMs)
	} else {
		verdicts, err = check(req.RobotsB64, req.Agent, req.URLs)
	}
	if err != nil {
		resp.Error = err.Error()
		return
	}
	if verdicts == nil {
		verdicts = []string{}
	}
	resp.Verdicts = verdicts
	return
}

// Verdict is "allow" for true, "disallow" for false.
func Verdict(allowed bool) string {
	if allowed {
		return "allow"
	}
	return "disallow"
}

// PathAndQuery is "/path?query" of an absolute URL as written in it ("/" when the path is
// empty), or false when the URL has no scheme and authority.
func PathAndQuery(raw string) (string, bool) {
	i := strings.Index(raw, "://")
	if i <= 0 {
		return "", false
	}
	rest := raw[i+3:]
	j := strings.IndexAny(rest, "/?#")
	if j < 0 {
		return "/", true
	}
	rest = rest[j:]
	if k := strings.IndexByte(rest, '#'); k >= 0 {
		rest = rest[:k]
	}
	if strings.HasPrefix(rest, "?") {
		rest = "/" + rest
	}
	return rest, true
}

// ModuleVersion is the version of module path as built into this binary.
func ModuleVersion(path string) string {
	if info, ok := debug.ReadBuildInfo(); ok {
		for _, dep := range info.Deps {
			if dep.Path == path {
				return strings.TrimPrefix(dep.Version, "v")
			}
		}
	}
	return "unknown"
}

// Valid reports whether raw parses as a URL (url.Parse).
func Valid(raw string) bool {
	_, err := url.Parse(raw)
	return err == nil
}
