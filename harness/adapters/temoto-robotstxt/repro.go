package main

import (
	"fmt"
	"strings"

	"github.com/temoto/robotstxt"
)

// pathAndQuery is the URL's path and query as written ("/" when it has no path).
func pathAndQuery(url string) string {
	rest := url[strings.Index(url, "://")+3:]
	j := strings.IndexAny(rest, "/?#")
	if j < 0 {
		return "/"
	}
	rest = rest[j:]
	if k := strings.IndexByte(rest, '#'); k >= 0 {
		rest = rest[:k]
	}
	if strings.HasPrefix(rest, "?") {
		rest = "/" + rest
	}
	return rest
}

func main() {
	body := []byte("{{body}}")
	agent := "{{agent}}"
	url := "{{url}}"
	robots, err := robotstxt.FromBytes(body)
	if err != nil {
		panic(err)
	}
	if robots.TestAgent(pathAndQuery(url), agent) {
		fmt.Println("allow")
	} else {
		fmt.Println("disallow")
	}
}
