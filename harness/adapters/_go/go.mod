module reptest.local/adapter

go 1.21
