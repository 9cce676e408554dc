package runner

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/benchgate/benchgate/gate/compare"
	"github.com/benchgate/benchgate/gate/plan"
)

func TestPerOp(t *testing.T) {
	for _, c := range []struct {
		name           string
		i1, i2         int64
		n1, n2         int
		want           float64
		wantErrContain string
	}{
		// RSA-2048 verify, the numbers of BRIEF.md's 400x minus 200x.
		{name: "rsa verify", i1: 169_000_000, i2: 277_945_000, n1: 200, n2: 400, want: 544_725},
		{name: "start-up cancels", i1: 60_000_000 + 2*1000, i2: 60_000_000 + 20*1000, n1: 2, n2: 20, want: 1000},
		{name: "fractional", i1: 10, i2: 17, n1: 2, n2: 4, want: 3.5},
		{name: "no more work", i1: 100, i2: 100, n1: 2, n2: 20, wantErrContain: "does not grow with b.N"},
		{name: "less work", i1: 200, i2: 100, n1: 2, n2: 20, wantErrContain: "not more than"},
		{name: "n2 not above n1", i1: 1, i2: 2, n1: 20, n2: 20, wantErrContain: "want 0 < n1 < n2"},
		{name: "n1 zero", i1: 1, i2: 2, n1: 0, n2: 20, wantErrContain: "want 0 < n1 < n2"},
	} {
		t.Run(c.name, func(t *testing.T) {
			got, err := PerOp(c.i1, c.i2, c.n1, c.n2)
			if c.wantErrContain != "" {
				if err == nil || !strings.Contains(err.Error(), c.wantErrContain) {
					t.Fatalf("PerOp = %v, %v; want an error containing %q", got, err, c.wantErrContain)
				}
				return
			}
			if err != nil || got != c.want {
				t.Fatalf("PerOp = %v, %v; want %v", got, err, c.want)
			}
		})
	}
}

func TestChooseIters(t *testing.T) {
	for _, c := range []struct {
		name      string
		ns, bytes float64
		wantN2    int
	}{
		// 1 s / (30 × 1 µs) = 33333 → 50000 is nearer in ratio than 20000.
		{name: "1µs op", ns: 1000, wantN2: 50000},
		// ECDSA P-256 sign, 57 µs: 585 → 500.
		{name: "ecdsa sign", ns: 57_000, wantN2: 500},
		// RSA-2048 verify, 70 µs: 476 → 500.
		{name: "rsa verify", ns: 70_000, wantN2: 500},
		// RSA-4096 sign, 14 ms: one op is half a second under valgrind.
		{name: "slow op", ns: 14_000_000, wantN2: 5},
		{name: "one op takes seconds", ns: 1e9, wantN2: 5},
		{name: "nothing per op", ns: 0, wantN2: maxIters},
		{name: "sub-nanosecond", ns: 0.25, wantN2: maxIters},
		// 1 µs but 64 KiB per op: the heap cap (512 MiB) allows 8192 → 5000.
		{name: "heap cap", ns: 1000, bytes: 64 << 10, wantN2: 5000},
		{name: "heap cap at the minimum", ns: 1000, bytes: 1 << 30, wantN2: wholeProcessIters.minIters},
	} {
		t.Run(c.name, func(t *testing.T) {
			n1, n2 := ChooseIters(c.ns, c.bytes)
			if n1 != 2 || n2 != c.wantN2 {
				t.Errorf("ChooseIters(%v, %v) = %d, %d; want 2, %d", c.ns, c.bytes, n1, n2, c.wantN2)
			}
		})
	}
}

// TestRetune checks the correction of N2 after the first round: only
// where the difference of the counts fell short of 10⁸ instructions, to
// the nice number that gives about 2×10⁸, within the caps.
func TestRetune(t *testing.T) {
	for _, c := range []struct {
		name         string
		n2           int
		perOp, bytes float64
		want         int
		wantRetuned  bool
	}{
		// The power fixture under load: 100x of 140k instructions is
		// 13.7M; 2×10⁸ / 140k = 1430 → 2000 (nearer in ratio than 1000).
		{name: "too few", n2: 100, perOp: 140_000, want: 2000, wantRetuned: true},
		{name: "enough", n2: 1000, perOp: 140_000, want: 1000},
		{name: "just enough", n2: 1000, perOp: 100_300, want: 1000},
		{name: "just too few", n2: 1000, perOp: 100_100, want: 2000, wantRetuned: true},
		{name: "more than enough is kept", n2: 100_000, perOp: 140_000, want: 100_000},
		{name: "the heap cap allows no more", n2: 5000, perOp: 1000, bytes: 100 << 10, want: 5000},
		{name: "the heap cap allows some more", n2: 100, perOp: 1000, bytes: 64 << 10, want: 5000, wantRetuned: true},
		{name: "nothing counted", n2: 100, perOp: 0, want: 100},
		{name: "a tiny op", n2: 10_000, perOp: 1, want: maxIters, wantRetuned: true},
	} {
		t.Run(c.name, func(t *testing.T) {
			got, ok := Retune(2, c.n2, c.perOp, c.bytes)
			if got != c.want || ok != c.wantRetuned {
				t.Errorf("Retune(2, %d, %v, %v) = %d, %v; want %d, %v", c.n2, c.perOp, c.bytes, got, ok, c.want, c.wantRetuned)
			}
		})
	}
}

func TestNiceNumbers(t *testing.T) {
	for x, want := range map[float64]int{0.5: 1, 1: 1, 1.4: 1, 1.5: 2, 3: 2, 3.3: 5, 7: 5, 7.5: 10, 33333: 50000, 31000: 20000, 476: 500, 1e8: 1e8} {
		if got := niceNearest(x); got != want {
			t.Errorf("niceNearest(%v) = %d, want %d", x, got, want)
		}
	}
	for n, want := range map[int]int{1: 1, 2: 1, 3: 2, 5: 2, 6: 5, 10: 5, 11: 10, 5000: 2000, 8192: 5000} {
		if got := niceBelow(n); got != want {
			t.Errorf("niceBelow(%d) = %d, want %d", n, got, want)
		}
	}
}

func TestParseIrefs(t *testing.T) {
	const summary = "==27019== \n==27019== I   refs:      106,828,616\n"
	for _, c := range []struct {
		name, out string
		want      int64
		wantErr   string
	}{
		{name: "cachegrind's summary", out: "goos: linux\nBenchmarkX\nBenchmarkX 20 5 ns/op\nPASS\n" + summary, want: 106_828_616},
		{name: "CRLF", out: "==1== I   refs:      12\r\n", want: 12},
		{name: "none", out: "PASS\n", wantErr: "no instruction count"},
		{name: "a benchmark prints one too", out: "==27019== I   refs:      1\nPASS\n" + summary, wantErr: "2 lines like valgrind's instruction count"},
		{name: "indented is not valgrind's", out: "    ==27019== I   refs:      1\n" + summary, want: 106_828_616},
	} {
		t.Run(c.name, func(t *testing.T) {
			got, err := parseIrefs([]byte(c.out))
			if c.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), c.wantErr) {
					t.Fatalf("parseIrefs = %d, %v; want an error containing %q", got, err, c.wantErr)
				}
				return
			}
			if err != nil || got != c.want {
				t.Fatalf("parseIrefs = %d, %v; want %d", got, err, c.want)
			}
		})
	}
}

// TestCountLines checks the lines of a count's block: benchstat input
// with instructions/op, and metadata that makes package compare judge
// them exactly, fewer being better.
func TestCountLines(t *testing.T) {
	c := Count{Name: "BenchmarkRSA/bits=2048", N1: 50, N2: 500, I1: 100_000_000, I2: 345_000_321, PerOp: 544_445.1577777778}
	lines := countLines(c, "valgrind-3.19.0")
	if len(lines) != 3 {
		t.Fatalf("countLines gave %d lines: %q", len(lines), lines)
	}
	if want := "# benchgate: instructions/op = (I(500) - I(50)) / (500 - 50) = (345000321 - 100000000) / 450: whole-process counts, valgrind-3.19.0 --tool=cachegrind --cache-sim=no"; !strings.HasPrefix(lines[0], want) {
		t.Errorf("comment:\n got %s\nwant %s...", lines[0], want)
	}
	if lines[1] != "Unit instructions/op assume=exact better=lower" {
		t.Errorf("metadata: %q", lines[1])
	}
	if lines[2] != "BenchmarkRSA/bits=2048\t450\t544445.1577777778 instructions/op" {
		t.Errorf("result: %q", lines[2])
	}
	text := func(v string) string {
		return "pkg: example.com/a\n" + lines[0] + "\n" + lines[1] + "\nBenchmarkRSA/bits=2048\t450\t" + v + " instructions/op\n"
	}
	res, err := compare.Read([]compare.Input{
		compare.TextInput(compare.Base, "base", text("544445.1577777778")+text("544449")),
		compare.TextInput(compare.Head, "head", text("550000")+text("550001")),
	}, compare.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Comparisons) != 1 {
		t.Fatalf("%d comparisons, want 1: %+v", len(res.Comparisons), res.Comparisons)
	}
	got := res.Comparisons[0]
	if got.Unit != InstructionsUnit || !got.Exact || got.Better != -1 || got.Base.N != 2 || got.Base.Values[0] != c.PerOp {
		t.Errorf("compare read %+v (base %+v); want instructions/op, exact, lower is better, 2 values, the first %v", got, got.Base, c.PerOp)
	}
}

func TestCountEnv(t *testing.T) {
	env := countEnv([]string{"PATH=/bin", "GOMAXPROCS=8", "GOGC=400", "GODEBUG=madvdontneed=1"})
	for _, want := range []string{"PATH=/bin", "GOMAXPROCS=1", "GOGC=off", "GOMEMLIMIT=2GiB", "GODEBUG=madvdontneed=1,asyncpreemptoff=1,cpu.rdtscp=off"} {
		if !slices.Contains(env, want) {
			t.Errorf("countEnv lacks %s: %q", want, env)
		}
	}
	if got := getEnv(countEnv([]string{"PATH=/bin"}), "GODEBUG"); got != "asyncpreemptoff=1,cpu.rdtscp=off" {
		t.Errorf("GODEBUG = %q, want asyncpreemptoff=1,cpu.rdtscp=off", got)
	}
	if got := getEnv(calibrationEnv([]string{"GOMAXPROCS=8"}), "GOMAXPROCS"); got != "1" {
		t.Errorf("calibration GOMAXPROCS = %q, want 1", got)
	}
}

func TestValgrindArgs(t *testing.T) {
	if slices.Contains(valgrindArgs("/x.test", false), "--vex-guest-chase=no") {
		t.Errorf("--vex-guest-chase=no given to a valgrind without it")
	}
	args := valgrindArgs("/tmp/x/bin0/p000.test", true)
	for _, want := range []string{"--command-line-only=yes", "--tool=cachegrind", "--cache-sim=no", "--vex-guest-chase=no", "--cachegrind-out-file=/dev/null", "--vgdb=no", "--trace-children=no"} {
		if !slices.Contains(args, want) {
			t.Errorf("valgrind's flags lack %s: %q", want, args)
		}
	}
	if args[len(args)-1] != "/tmp/x/bin0/p000.test" {
		t.Errorf("the binary is not the last of valgrind's own arguments: %q", args)
	}
}

// TestExactBench checks that the expression a counted process gets makes
// the testing package report the one benchmark it was made for.
func TestExactBench(t *testing.T) {
	for _, c := range []struct {
		name   string
		others []string
	}{
		// (Sub-benchmarks of a name are selected too, but the names
		// counted are the calibration's leaves.)
		{"BenchmarkWork", []string{"BenchmarkWorkMore", "BenchmarkW"}},
		{"BenchmarkRSA/bits=2048/op=sign", []string{"BenchmarkRSA/bits=2048/op=signx", "BenchmarkRSA/bits=4096/op=sign", "BenchmarkRSA/bits=2048", "BenchmarkRSAParallel/bits=2048/op=sign"}},
		{"BenchmarkX/a.b+c(1)", []string{"BenchmarkX/aXb+c(1)"}},
		{"BenchmarkX/size-64", []string{"BenchmarkX/size-6", "BenchmarkX/size-640"}},
	} {
		bench := exactBench(c.name)
		reports := plan.ResultFilter(bench)
		if !reports(c.name) {
			t.Errorf("exactBench(%q) = %q does not report it", c.name, bench)
		}
		for _, o := range c.others {
			if regexpMatchesLevels(bench, o) {
				t.Errorf("exactBench(%q) = %q also selects %s", c.name, bench, o)
			}
		}
	}
	// A last level that ends like a GOMAXPROCS suffix (an init function
	// set GOMAXPROCS, or the sub-benchmark is named so) matches both
	// ways, as the testing package would have matched it.
	if got, want := exactBench("BenchmarkX/size-64"), `^(BenchmarkX)$/^(size-64|size)$`; got != want {
		t.Errorf("exactBench = %q, want %q", got, want)
	}
}

// regexpMatchesLevels reports whether bench, split on "/" as the testing
// package splits it, matches every level of name (GOMAXPROCS 1: no
// suffix is stripped).
func regexpMatchesLevels(bench, name string) bool {
	levels, elems := strings.Split(bench, "/"), strings.Split(name, "/")
	if len(elems) != len(levels) {
		return false
	}
	for i, l := range levels {
		if !regexp.MustCompile(l).MatchString(elems[i]) {
			return false
		}
	}
	return true
}

// TestKeptLines checks what a counted process's lineWriter passes on:
// the testing package's header and the accepted result, never a line
// the benchmark printed to look like either.
func TestKeptLines(t *testing.T) {
	var k keptLines
	lw := newLineWriter(&k, "example.com/a", newSelection("^(BenchmarkA)$", []string{"BenchmarkA"}))
	out := "mode: fast\n" + testingHeader + "BenchmarkA\nBenchmarkB 10 1 ns/op\nBenchmarkA 20 5 ns/op\n==1== I   refs:      7\nPASS\n"
	if _, err := lw.Write([]byte(out)); err != nil {
		t.Fatal(err)
	}
	lw.Close()
	if want := strings.Split(strings.TrimSpace(testingHeader), "\n"); !slices.Equal(k.config, want) {
		t.Errorf("config = %q, want %q", k.config, want)
	}
	if !slices.Equal(k.results, []string{"BenchmarkA 20 5 ns/op"}) {
		t.Errorf("results = %q", k.results)
	}
	if n, err := resultIters(k.results[0]); n != 20 || err != nil {
		t.Errorf("resultIters = %d, %v; want 20", n, err)
	}
}

// TestReservedUnit checks the output rules for instructions/op: a
// benchmark's own metadata for the unit is a comment, and a timed
// process that reports the unit is noted, for -measure both to fail it.
func TestReservedUnit(t *testing.T) {
	got, lw := lines(t, testingHeader+"BenchmarkA\nBenchmarkA-2 10 5 ns/op 7 instructions/op\nUnit instructions/op better=higher\nPASS\n", ".", nil)
	if !strings.Contains(got, notOwnUnitComment+"Unit instructions/op better=higher\n") || lw.notConfig != 1 {
		t.Errorf("the benchmark's metadata for instructions/op was not commented out:\n%s", got)
	}
	if lw.reservedIn != "" {
		t.Errorf("reservedIn = %q without a reserved unit", lw.reservedIn)
	}
	var b strings.Builder
	lw = newLineWriter(&b, "example.com/a", newSelection(".", nil))
	lw.reserved = InstructionsUnit
	lw.Write([]byte(testingHeader + "BenchmarkA\nBenchmarkA-2 10 5 ns/op 7 instructions/op\nBenchmarkB\nBenchmarkB-2 10 5 ns/op\nPASS\n"))
	lw.Close()
	if lw.reservedIn != "BenchmarkA-2" {
		t.Errorf("reservedIn = %q, want BenchmarkA-2", lw.reservedIn)
	}
	if !reportsUnit("BenchmarkA-2 10 5 ns/op 7 instructions/op", InstructionsUnit) || reportsUnit("BenchmarkA-2 10 5 ns/op", InstructionsUnit) ||
		reportsUnit("BenchmarkA-2 10 5 instructions/op", "") {
		t.Error("reportsUnit is wrong")
	}
}

func TestParseMeasure(t *testing.T) {
	for _, s := range []string{"time", "instructions", "both", " both "} {
		if m, err := ParseMeasure(s); err != nil || string(m) != strings.TrimSpace(s) {
			t.Errorf("ParseMeasure(%q) = %q, %v", s, m, err)
		}
	}
	if _, err := ParseMeasure("cycles"); err == nil || !strings.Contains(err.Error(), "want time, instructions or both") {
		t.Errorf("ParseMeasure(cycles) = %v", err)
	}
	if !MeasureBoth.Time() || !MeasureBoth.Instructions() || MeasureTime.Instructions() || MeasureInstructions.Time() || !Measure("").Time() || Measure("").Instructions() {
		t.Error("Measure's Time and Instructions are wrong")
	}
}

// TestHasOption asks a valgrind for its options: one that lists
// --vex-guest-chase among them has it, one that does not (an older
// valgrind, here a script that only knows its version) has not.
func TestHasOption(t *testing.T) {
	old := filepath.Join(t.TempDir(), "valgrind")
	if err := os.WriteFile(old, []byte("#!/bin/sh\necho valgrind-3.16.1\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	if hasOption(context.Background(), old, chaseOption) {
		t.Errorf("a valgrind that does not list %s has it", chaseOption)
	}
	lists := filepath.Join(t.TempDir(), "valgrind")
	if err := os.WriteFile(lists, []byte("#!/bin/sh\necho '    --vex-guest-chase=no|yes               [yes]'\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	if !hasOption(context.Background(), lists, chaseOption) {
		t.Errorf("a valgrind that lists %s has it not", chaseOption)
	}
	// The real one, where there is one: 3.17 and later list it.
	if real, err := exec.LookPath("valgrind"); err == nil {
		var major, minor int
		_, v, err := findValgrind(context.Background(), real)
		if _, serr := fmt.Sscanf(v, "valgrind-%d.%d", &major, &minor); err == nil && serr == nil && (major > 3 || major == 3 && minor >= 17) && !hasOption(context.Background(), real, chaseOption) {
			t.Errorf("%s (%s) does not list %s", real, v, chaseOption)
		}
	}
}
