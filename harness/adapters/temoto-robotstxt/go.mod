module reptest.local/temoto-robotstxt

go 1.21

require (
	github.com/temoto/robotstxt v1.1.2
	reptest.local/adapter v0.0.0
)

replace reptest.local/adapter => ../_go
