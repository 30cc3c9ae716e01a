package main

import (
	"fmt"

	"github.com/jimsmart/grobotstxt"
)

func main() {
	body := []byte("{{body}}")
	agent := "{{agent}}"
	url := "{{url}}"
	if grobotstxt.AgentAllowed(string(body), agent, url) {
		fmt.Println("allow")
	} else {
		fmt.Println("disallow")
	}
}
