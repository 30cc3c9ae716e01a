module reptest.local/grobotstxt

go 1.21

require (
	github.com/jimsmart/grobotstxt v1.0.3
	reptest.local/adapter v0.0.0
)

replace reptest.local/adapter => ../_go
