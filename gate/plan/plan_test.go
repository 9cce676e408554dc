package plan

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

func TestOrderRotates(t *testing.T) {
	for _, tt := range []struct {
		n    int
		want string
	}{
		{2, "[0 1] [1 0] [0 1] [1 0]"},
		{3, "[0 1 2] [1 2 0] [2 0 1] [0 1 2]"},
	} {
		var got []string
		for r := 0; r < 4; r++ {
			got = append(got, fmt.Sprint(Order(r, tt.n)))
		}
		if g := strings.Join(got, " "); g != tt.want {
			t.Errorf("Order over 4 rounds of %d sides = %s, want %s", tt.n, g, tt.want)
		}
	}
}

func TestValidToolchain(t *testing.T) {
	for _, ok := range []string{"local", "auto", "path", "go1.27.3", "go1.21.0", "go1.20", "go1.19.13", "go1.22rc1", "go1.21.0+auto", "path"} {
		if !ValidToolchain(ok) {
			t.Errorf("ValidToolchain(%q) = false", ok)
		}
	}
	for _, bad := range []string{"", "1.21", "go", "golang1.21", "go1.21;rm -rf /", "-x", "go1.21.0 local"} {
		if ValidToolchain(bad) {
			t.Errorf("ValidToolchain(%q) = true", bad)
		}
	}
}

func TestValidate(t *testing.T) {
	good := func() *Plan {
		return &Plan{Sides: []Side{{Name: "base"}, {Name: "head"}}, Bench: ".", Benchtime: "100ms", Rounds: 10, Timeout: time.Minute}
	}
	if err := good().Validate(); err != nil {
		t.Fatalf("valid plan: %v", err)
	}
	for _, tt := range []struct {
		mod  func(*Plan)
		want string
	}{
		{func(p *Plan) { p.Rounds = 0 }, "invalid -rounds 0"},
		{func(p *Plan) { p.Benchtime = "fast" }, `invalid -benchtime "fast"`},
		// What the test binary would refuse, after both sides were built.
		{func(p *Plan) { p.Benchtime = "0x" }, `invalid -benchtime "0x"`},
		{func(p *Plan) { p.Benchtime = "0s" }, `invalid -benchtime "0s"`},
		{func(p *Plan) { p.Benchtime = "1.2.3s" }, `invalid -benchtime "1.2.3s"`},
		{func(p *Plan) { p.Benchtime = "-5ms" }, `invalid -benchtime "-5ms"`},
		{func(p *Plan) { p.Bench = "(" }, `invalid -bench "("`},
		{func(p *Plan) { p.Sides[1].Toolchain = "1.21" }, `invalid -head-toolchain "1.21"`},
		// Older than go1.16 the test binary rejects -test.paniconexit0
		// with its flag usage and exit 2, having run nothing.
		{func(p *Plan) { p.Sides[0].Toolchain = "go1.12" }, `-base-toolchain go1.12 is too old: benchgate runs benchmarks with Go 1.16 or newer`},
		{func(p *Plan) { p.Sides[1].Toolchain = "go1.15.15+auto" }, `-head-toolchain go1.15.15+auto is too old`},
		{func(p *Plan) { p.Packages = []string{"-rounds"} }, "a package pattern cannot start with '-'"},
		{func(p *Plan) { p.Timeout = 0 }, "invalid -timeout"},
		{func(p *Plan) { p.CPU = "1,2,1" }, `invalid -cpu "1,2,1": GOMAXPROCS 1 is given twice`},
	} {
		p := good()
		tt.mod(p)
		if err := p.Validate(); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("Validate() = %v, want it to say %q", err, tt.want)
		}
	}
}

func TestLabel(t *testing.T) {
	s := Side{Name: "base", Ref: "main", Commit: "0123456789abcdef0123456789abcdef01234567", Toolchain: "go1.27.3"}
	if got, want := s.Label(), "GOTOOLCHAIN=go1.27.3 · 0123456789ab (main)"; got != want {
		t.Errorf("Label() = %q, want %q", got, want)
	}
	if got := (Side{}).Label(); got != "working tree" {
		t.Errorf("Label() of the working tree = %q", got)
	}
}

func TestToolchainBump(t *testing.T) {
	for _, tt := range []struct {
		base, head   string
		wantB, wantH string
		bumped       bool
	}{
		{"module m\n\ngo 1.19\n", "module m\n\ngo 1.20\n", "go1.19", "go1.20", true},
		{"module m\n\ngo 1.21\n", "module m\n\ngo 1.22.3\n", "go1.21.0", "go1.22.3", true},
		{"module m\n\ngo 1.26\n\ntoolchain go1.26.8\n", "module m\n\ngo 1.26\n\ntoolchain go1.27.3\n", "go1.26.8", "go1.27.3", true},
		{"module m\n\ngo 1.21\n", "module m\n\ngo 1.21\n", "", "", false},
		{"module m\n", "module m\n\ngo 1.21\n", "", "", false},
		// A go line before Go 1.21 named the language version; go1.12
		// cannot run benchgate's test binaries: not a bump, but said.
		{"module m\n\ngo 1.12\n", "module m\n\ngo 1.18\n", "", "", false},
		{"not a go.mod (", "module m\n\ngo 1.21\n", "", "", false},
	} {
		b, h, why, bumped := ToolchainBump([]byte(tt.base), []byte(tt.head))
		if b != tt.wantB || h != tt.wantH || bumped != tt.bumped {
			t.Errorf("ToolchainBump(%q, %q) = %q, %q, %v; want %q, %q, %v", tt.base, tt.head, b, h, bumped, tt.wantB, tt.wantH, tt.bumped)
		}
		if bumped && !strings.Contains(why, "go.mod changed") {
			t.Errorf("why = %q", why)
		}
		if strings.Contains(tt.base, "go 1.12") && !strings.Contains(why, `go.mod changed from "go 1.12" to "go 1.18", but go1.12 is older than go1.16`) {
			t.Errorf("why of a go line older than go1.16 = %q", why)
		}
	}
}

func TestBenchRegex(t *testing.T) {
	got := BenchRegex([]string{"RSA/bits=2048/op=verify-2", "RSA/bits=4096/op=verify-2", "ECDSA/curve=P256/op=sign-2"})
	want := `^(BenchmarkRSA|BenchmarkECDSA)$/^(bits=2048|bits=4096|curve=P256)$/^(op=verify|op=sign)$`
	if got != want {
		t.Errorf("BenchRegex = %s\nwant         %s", got, want)
	}
	// Mixed depths: a benchmark with fewer levels than the expression
	// would run only to look for sub-benchmarks and report nothing, so the
	// expression stops at the shallowest name's depth.
	got = BenchRegex([]string{"RSA/bits=2048/op=verify-2", "JWTMiddleware/alg=RS256-2", "Fib-8", "A+B(x)"})
	want = `^(BenchmarkRSA|BenchmarkJWTMiddleware|BenchmarkFib|BenchmarkA\+B\(x\))$`
	if got != want {
		t.Errorf("BenchRegex = %s\nwant         %s", got, want)
	}
	got = BenchRegex([]string{"JWT/alg=RS256/op=verify-2", "JWTMiddleware/alg=RS256-2"})
	want = `^(BenchmarkJWT|BenchmarkJWTMiddleware)$/^(alg=RS256)$`
	if got != want {
		t.Errorf("BenchRegex = %s\nwant         %s", got, want)
	}
}

func TestOneBenchmark(t *testing.T) {
	for _, c := range []struct {
		bench, fn, want string
	}{
		{".", "BenchmarkRSA", "^BenchmarkRSA$"},
		{"RSA", "BenchmarkRSAParallel", "^BenchmarkRSAParallel$"},
		{"RSA/bits=2048", "BenchmarkRSA", "^BenchmarkRSA$/bits=2048"},
		{"RSA/bits=2048", "BenchmarkECDSA", ""},
		// A top-level "|" separates whole paths, as in the testing package.
		{"ECDSA/P256|RSA/bits=(1024|2048)", "BenchmarkRSA", "^BenchmarkRSA$/bits=(1024|2048)"},
		{"ECDSA/P256|RSA/bits=(1024|2048)", "BenchmarkECDSA", "^BenchmarkECDSA$/P256"},
		{"X/a|X[0-9]/b", "BenchmarkX1", "^BenchmarkX1$/a|^BenchmarkX1$/b"},
		// A "/" or "|" inside brackets does not split.
		{"X[/|]?/a", "BenchmarkX", "^BenchmarkX$/a"},
		{`Work\/x/y`, "BenchmarkWork", ""},
		{"", "BenchmarkX", "^BenchmarkX$"},
	} {
		if got := OneBenchmark(c.bench, c.fn); got != c.want {
			t.Errorf("OneBenchmark(%q, %q) = %q, want %q", c.bench, c.fn, got, c.want)
		}
		if got := SelectsBenchmark(c.bench, c.fn); got != (c.want != "") {
			t.Errorf("SelectsBenchmark(%q, %q) = %v", c.bench, c.fn, got)
		}
	}
}

func TestValidateInterleave(t *testing.T) {
	p := &Plan{Sides: []Side{{Name: "base"}, {Name: "head"}}, Rounds: 8, Benchtime: "25ms", Bench: ".", Timeout: time.Minute}
	for _, g := range []Granularity{"", ByPackage, ByBenchmark} {
		p.Interleave = g
		if err := p.Validate(); err != nil {
			t.Errorf("-interleave %q: %v", g, err)
		}
	}
	p.Interleave = "round"
	if err := p.Validate(); err == nil || !strings.Contains(err.Error(), "want benchmark or package") {
		t.Errorf("-interleave round: %v, want an error naming the choices", err)
	}
}
