package plan

import (
	"fmt"
	"strings"
	"testing"
)

func TestParseConfigs(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want string // each side's "name toolchain env pgo", joined by "; "
	}{
		{"go1.19.13,go1.20.14,go1.21.13", "s0 go1.19.13 [] ; s1 go1.20.14 [] ; s2 go1.21.13 [] "},
		{"local, local+GOAMD64=v3 ,go1.27.3", "s0 local [] ; s1 local [GOAMD64=v3] ; s2 go1.27.3 [] "},
		// A comma inside a value: GOEXPERIMENT=a,b is one setting.
		{"local,local+GOEXPERIMENT=nogreenteagc,newinliner,go1.27.3", "s0 local [] ; s1 local [GOEXPERIMENT=nogreenteagc,newinliner] ; s2 go1.27.3 [] "},
		// A plus inside a value, and the toolchain's own +auto.
		{"go1.27.3+auto,local+GOFLAGS=-tags=a+b", "s0 go1.27.3+auto [] ; s1 local [GOFLAGS=-tags=a+b] "},
		{"local\nlocal+pgo=testdata/cpu.pprof+GOAMD64=v2\n# a comment\n", "s0 local [] ; s1 local [GOAMD64=v2] testdata/cpu.pprof"},
	} {
		sides, err := ParseConfigs(tt.in)
		if err != nil {
			t.Errorf("ParseConfigs(%q): %v", tt.in, err)
			continue
		}
		var got []string
		for _, s := range sides {
			got = append(got, fmt.Sprintf("%s %s %v %s", s.Name, s.Toolchain, s.Env, s.PGO))
		}
		if g := strings.Join(got, "; "); g != tt.want {
			t.Errorf("ParseConfigs(%q) = %s, want %s", tt.in, g, tt.want)
		}
		// A side's label parses back to the side.
		var labels []string
		for _, s := range sides {
			labels = append(labels, s.ConfigLabel())
		}
		again, err := ParseConfigs(strings.Join(labels, "\n"))
		if err != nil || len(again) != len(sides) {
			t.Errorf("the labels %q do not parse back: %v", labels, err)
			continue
		}
		for i := range again {
			if again[i].ConfigLabel() != labels[i] {
				t.Errorf("label %q parses back as %q", labels[i], again[i].ConfigLabel())
			}
		}
	}
}

func TestParseConfigsErrors(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"local", "a ladder needs at least two configurations, got 1"},
		{"", "a ladder needs at least two configurations, got 0"},
		{"local,local", "local is given twice (sides 0 and 1)"},
		{"lcoal,local", `"lcoal" does not start with a GOTOOLCHAIN value`},
		{"local,local+GOOS=windows", "GOOS cannot be set: the benchmarks run on this machine"},
		{"local,local+GOTOOLCHAIN=go1.27.3", "the toolchain goes first"},
		{"local,local+GOAMD64=v9", "GOAMD64=v9: want v1, v2, v3 or v4"},
		{"local,local+GOPATH=/tmp", "GOPATH is not a build setting benchgate sets"},
		{"local,local+pgo=", "pgo= needs a profile's path"},
		{"local,local+v3", `"v3" is not a KEY=VALUE setting`},
		{"local,local+GOGC=50+GOGC=100", "sets GOGC twice"},
		{"go1.15.15,local", "go1.15.15 is too old: benchgate runs benchmarks with go1.16 or newer"},
		{"local,go1.20,go1.21,go1.22,go1.23,go1.24,go1.25,go1.26,go1.27", "9 configurations are more than the 8"},
	} {
		_, err := ParseConfigs(tt.in)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("ParseConfigs(%q) = %v, want an error with %q", tt.in, err, tt.want)
		}
		if err != nil && !strings.Contains(err.Error(), "-configs") {
			t.Errorf("ParseConfigs(%q): %v does not name the setting", tt.in, err)
		}
	}
}

func TestSideLabelWithSettings(t *testing.T) {
	s := Side{Name: "s1", Toolchain: "local", Env: []string{"GOAMD64=v3"}, PGO: "default.pgo"}
	if got, want := s.Label(), "GOTOOLCHAIN=local · GOAMD64=v3 · -pgo=default.pgo · working tree"; got != want {
		t.Errorf("Label() = %q, want %q", got, want)
	}
	if got, want := s.ConfigLabel(), "local+GOAMD64=v3+pgo=default.pgo"; got != want {
		t.Errorf("ConfigLabel() = %q, want %q", got, want)
	}
	// Base and head without settings read as they always have.
	if got, want := (Side{Toolchain: "go1.27.3"}).Label(), "GOTOOLCHAIN=go1.27.3 · working tree"; got != want {
		t.Errorf("Label() = %q, want %q", got, want)
	}
	// The built-in suite is not the working tree; a commit named for it
	// chose the toolchain, through its go.mod.
	if got, want := (Side{Toolchain: "local", Suite: true}).Label(), "GOTOOLCHAIN=local · built-in suite"; got != want {
		t.Errorf("Label() = %q, want %q", got, want)
	}
	c := "0123456789abcdef0123456789abcdef01234567"
	if got, want := (Side{Toolchain: "go1.27.3", Ref: "HEAD", Commit: c, Suite: true}).Label(), "GOTOOLCHAIN=go1.27.3 · 0123456789ab (HEAD) · built-in suite"; got != want {
		t.Errorf("Label() = %q, want %q", got, want)
	}
}
