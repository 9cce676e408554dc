package floorcheck

import "strings"

// passThrough lists the variables the go command needs from the caller to
// find itself, its caches and a temporary directory. Everything else,
// including GOFLAGS and any GO* setting that could change the build, is
// dropped.
var passThrough = []string{
	"PATH", "HOME", "USERPROFILE", "SYSTEMROOT", "TMPDIR", "TEMP", "TMP",
	"XDG_CACHE_HOME", "XDG_CONFIG_HOME", "LOCALAPPDATA", "APPDATA",
	"GOROOT", "GOPATH", "GOCACHE", "GOMODCACHE",
}

// OfflineEnv returns an explicit environment for running the go command on
// the built-in suite: the variables in passThrough taken from base (as
// from os.Environ), plus settings that forbid the network and any other
// module source than vendor/:
//
//	GOFLAGS=-mod=vendor GOPROXY=off GOSUMDB=off GOWORK=off
//	GOTOOLCHAIN=local CGO_ENABLED=0
func OfflineEnv(base []string) []string {
	keep := map[string]bool{}
	for _, k := range passThrough {
		keep[k] = true
	}
	var env []string
	for _, kv := range base {
		if k, _, ok := strings.Cut(kv, "="); ok && keep[k] {
			env = append(env, kv)
		}
	}
	return append(env,
		"GOFLAGS=-mod=vendor",
		"GOPROXY=off",
		"GOSUMDB=off",
		"GOWORK=off",
		"GOTOOLCHAIN=local",
		"CGO_ENABLED=0",
	)
}
