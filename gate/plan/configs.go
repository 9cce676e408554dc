package plan

// Toolchain configurations (-configs): the sides of a ladder, each a Go
// toolchain with an optional build environment, all built from one
// source.

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"strings"

	"github.com/benchgate/benchgate/gate/gitx"
	"github.com/benchgate/benchgate/gate/usage"
)

// MaxConfigs is the most sides a ladder may have: with privilege
// separation each side's benchmarks run as a user of their own, and a
// run has eight.
const MaxConfigs = 8

// IsLadder reports whether the plan compares more than two sides: a
// ladder, whose every step (each side against the one before) and whose
// first side against its last are compared.
func (p *Plan) IsLadder() bool { return len(p.Sides) > 2 }

// ConfigLabel names the side as a -configs entry names it:
// "go1.20.14", "local+GOAMD64=v3", "local+pgo=default.pgo". A side with
// no toolchain is "inherit".
func (s Side) ConfigLabel() string {
	parts := []string{s.Toolchain}
	if s.Toolchain == "" {
		parts[0] = "inherit"
	}
	parts = append(parts, s.Env...)
	if s.PGO != "" {
		parts = append(parts, "pgo="+s.PGO)
	}
	return strings.Join(parts, "+")
}

// ParseConfigs parses a list of toolchain configurations, the sides of a
// ladder in order. Each entry is a GOTOOLCHAIN value (local, go1.27.3,
// go1.27.3+auto) followed by any number of +KEY=VALUE build settings:
//
//	go1.19.13,go1.20.14,go1.21.13
//	local,local+GOAMD64=v3,local+GOEXPERIMENT=nogreenteagc,go1.27.3
//	local,local+pgo=testdata/cpu.pprof
//
// The keys are the go command's and the runtime's settings that change
// what is built or how it runs (GOAMD64 and the other GOARCH levels,
// GOEXPERIMENT, GOFLAGS, GODEBUG, GOGC, GOMEMLIMIT, GOMAXPROCS,
// CGO_ENABLED and the cgo flags) and pgo, the go command's -pgo flag (a
// profile's path relative to the directory benchgate runs in, or auto or
// off). Entries are separated by commas or by newlines; with commas, a
// piece that does not start with a toolchain continues the value before
// it, so GOEXPERIMENT=a,b stays one setting. The sides are named s0, s1,
// ... in order.
func ParseConfigs(s string) ([]Side, error) {
	entries := splitConfigs(s)
	var sides []Side
	var errs []error
	seen := map[string]int{}
	for _, e := range entries {
		side, err := parseConfig(e)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		label := side.ConfigLabel()
		if j, ok := seen[label]; ok {
			errs = append(errs, fmt.Errorf("%s is given twice (sides %d and %d)", label, j, len(sides)))
			continue
		}
		seen[label] = len(sides)
		side.Name = fmt.Sprintf("s%d", len(sides))
		sides = append(sides, side)
	}
	if err := errors.Join(errs...); err != nil {
		return nil, usage.Errorf("entries are a toolchain and build settings, e.g. go1.20.14 or local+GOAMD64=v3, separated by commas",
			"invalid {configs}: %v", strings.ReplaceAll(err.Error(), "\n", "; "))
	}
	switch {
	case len(sides) < 2:
		return nil, usage.Errorf("list the toolchains in order, e.g. go1.19.13,go1.20.14,go1.21.13",
			"invalid {configs}: a ladder needs at least two configurations, got %d", len(sides))
	case len(sides) > MaxConfigs:
		return nil, usage.Errorf("split the ladder into overlapping runs (the last configuration of one is the first of the next)",
			"invalid {configs}: %d configurations are more than the %d one run can give users of their own", len(sides), MaxConfigs)
	}
	return sides, nil
}

// splitConfigs splits a -configs value into entries: by lines when it has
// several, else by commas, a piece that does not start with a toolchain
// continuing the entry before it.
func splitConfigs(s string) []string {
	var out []string
	if strings.Contains(strings.TrimSpace(s), "\n") {
		for _, l := range strings.Split(s, "\n") {
			if l = strings.TrimSpace(l); l != "" && !strings.HasPrefix(l, "#") {
				out = append(out, l)
			}
		}
		return out
	}
	for _, p := range strings.Split(s, ",") {
		p = strings.TrimSpace(p)
		switch {
		case p == "":
		case len(out) > 0 && !startsWithToolchain(p) && strings.Contains(out[len(out)-1], "="):
			out[len(out)-1] += "," + p
		default:
			out = append(out, p)
		}
	}
	return out
}

// startsWithToolchain reports whether an entry starts like a GOTOOLCHAIN
// value.
func startsWithToolchain(s string) bool {
	tc, _, _ := strings.Cut(s, "+")
	return ValidToolchain(tc) || strings.HasPrefix(tc, "go1")
}

// settingKey is what a build setting's key may look like.
var settingKey = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)

// parseConfig parses one entry.
func parseConfig(e string) (Side, error) {
	var side Side
	parts := strings.Split(e, "+")
	side.Toolchain = parts[0]
	parts = parts[1:]
	if len(parts) > 0 && (parts[0] == "auto" || parts[0] == "path") {
		side.Toolchain += "+" + parts[0]
		parts = parts[1:]
	}
	if !ValidToolchain(side.Toolchain) {
		return side, fmt.Errorf("%q does not start with a GOTOOLCHAIN value (local, or a release such as go1.27.3)", e)
	}
	if TooOld(side.Toolchain) {
		return side, fmt.Errorf("%s is too old: benchgate runs benchmarks with %s or newer", side.Toolchain, OldestToolchain)
	}
	var settings []string
	for _, p := range parts {
		k, _, ok := strings.Cut(p, "=")
		switch {
		case ok && settingKey.MatchString(k):
			settings = append(settings, p)
		case len(settings) > 0:
			// A "+" inside a value (GOFLAGS=-tags=a+b).
			settings[len(settings)-1] += "+" + p
		default:
			return side, fmt.Errorf("%q: %q is not a KEY=VALUE setting", e, p)
		}
	}
	keys := map[string]bool{}
	for _, kv := range settings {
		k, v, _ := strings.Cut(kv, "=")
		if keys[k] {
			return side, fmt.Errorf("%q sets %s twice", e, k)
		}
		keys[k] = true
		if err := checkSetting(k, v); err != nil {
			return side, fmt.Errorf("%q: %v", e, err)
		}
		if k == "pgo" {
			side.PGO = v
			continue
		}
		side.Env = append(side.Env, kv)
	}
	return side, nil
}

// buildSettings are the settings a configuration may make, beyond the
// cgo ones (CGO_*).
var buildSettings = map[string]bool{
	"GOAMD64": true, "GOARM": true, "GOARM64": true, "GO386": true, "GOPPC64": true, "GORISCV64": true,
	"GOMIPS": true, "GOMIPS64": true, "GOLOONG64": true, "GOWASM": true,
	"GOEXPERIMENT": true, "GOFLAGS": true, "GODEBUG": true, "GOGC": true, "GOMEMLIMIT": true, "GOMAXPROCS": true,
}

// checkSetting checks one KEY=VALUE of a configuration.
func checkSetting(k, v string) error {
	switch {
	case k == "pgo":
		if v == "" {
			return errors.New("pgo= needs a profile's path, or auto or off")
		}
		return nil
	case k == "GOTOOLCHAIN":
		return errors.New("the toolchain goes first, not in GOTOOLCHAIN=")
	case k == "GOOS" || k == "GOARCH":
		return fmt.Errorf("%s cannot be set: the benchmarks run on this machine", k)
	case k == "GOAMD64":
		if !regexp.MustCompile(`^v[1-4]$`).MatchString(v) {
			return fmt.Errorf("GOAMD64=%s: want v1, v2, v3 or v4", v)
		}
	case buildSettings[k], strings.HasPrefix(k, "CGO_"):
	default:
		return fmt.Errorf("%s is not a build setting benchgate sets (GOAMD64, GOEXPERIMENT, GOFLAGS, GODEBUG, GOGC, GOMAXPROCS, CGO_ENABLED, pgo, ...)", k)
	}
	if strings.ContainsAny(v, "\n\r\x00") {
		return fmt.Errorf("%s: the value has a line break or NUL", k)
	}
	return nil
}

// ResolveLadder completes a plan whose sides are toolchain configurations
// of one source: the first side's Ref (all sides have the same), resolved
// to a commit, or the working tree. It returns the repository, or nil
// when the sides build the working tree and need none.
func ResolveLadder(ctx context.Context, p *Plan, dir string, env []string) (*gitx.Repo, error) {
	if err := p.checkToolchains(); err != nil {
		return nil, err
	}
	ref := p.Sides[0].Ref
	for _, s := range p.Sides {
		if s.Ref != ref {
			return nil, usage.Errorf("", "the sides of a ladder build one source, but they name %q and %q", ref, s.Ref)
		}
	}
	if ref == "" {
		for i := range p.Sides {
			p.Sides[i].Why = "the working tree, uncommitted changes included"
		}
		return nil, nil
	}
	repo, err := gitx.Open(ctx, dir, env)
	if err != nil {
		if errors.Is(err, gitx.ErrNotRepo) {
			return nil, usage.Errorf("leave out {head-ref} to build the working tree", "building {head-ref} %s needs a git repository, and %s is not in one", ref, dir)
		}
		return nil, err
	}
	sha, err := repo.Resolve(ctx, ref)
	if err != nil {
		return nil, usage.Errorf("check the ref with git rev-parse, or fetch it first", "invalid {head-ref}: %v", err)
	}
	for i := range p.Sides {
		p.Sides[i].Commit = sha
	}
	return repo, nil
}
