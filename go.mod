module github.com/benchgate/benchgate

go 1.26.0

require (
	github.com/aclements/go-moremath v0.0.0-20210112150236-f10218a38794
	github.com/google/go-github/v60 v60.0.0
	github.com/rogpeppe/go-internal v1.16.0
	github.com/sethvargo/go-githubactions v1.3.1
	golang.org/x/mod v0.21.0
	golang.org/x/perf v0.0.0-20260908200009-22c9c6c9d4da
)

require (
	github.com/google/go-querystring v1.1.0 // indirect
	golang.org/x/sys v0.48.0 // indirect
	golang.org/x/tools v0.26.0 // indirect
)
