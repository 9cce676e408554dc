package compare

import (
	"bufio"
	"flag"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"runtime/metrics"
	"strings"
	"sync"
	"testing"
	"time"
)

// write puts content into a file in dir and returns its path.
func write(t *testing.T, dir, name, content string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// load runs Load on inline base and head text.
func load(t *testing.T, base, head string) *Result {
	t.Helper()
	dir := t.TempDir()
	res, err := Load([]string{write(t, dir, "base.txt", base)}, []string{write(t, dir, "head.txt", head)}, DefaultOptions)
	if err != nil {
		t.Fatalf("Load: %v", err)
	}
	return res
}

func find(res *Result, bench, unit string) *Comparison {
	for i := range res.Comparisons {
		if c := &res.Comparisons[i]; c.Benchmark == bench && c.Unit == unit {
			return c
		}
	}
	return nil
}

func rows(name string, n int, value string) string {
	var b strings.Builder
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, "Benchmark%s 1000 %s ns/op\n", name, value)
	}
	return b.String()
}

func allFinite(c *Comparison) bool {
	for _, e := range []*Estimate{c.Base, c.Head} {
		if e == nil {
			continue
		}
		for _, v := range e.Values {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				return false
			}
		}
	}
	return true
}

// TestLoadBadInputs feeds Load malformed and hostile input. Every case
// must load without panicking, keep garbage out of the statistics, and
// say what it skipped.
func TestLoadBadInputs(t *testing.T) {
	good := rows("A-2", 6, "100")
	for _, tt := range []struct {
		name       string
		base, head string
		check      func(t *testing.T, res *Result)
	}{
		{
			name: "empty files",
			check: func(t *testing.T, res *Result) {
				if res.Results[Base] != 0 || res.Results[Head] != 0 || len(res.Comparisons) != 0 {
					t.Errorf("want nothing, got %d+%d results, %d comparisons", res.Results[Base], res.Results[Head], len(res.Comparisons))
				}
			},
		},
		{
			name: "prose only",
			base: "This is not benchmark output.\nPASS\nok  \texample.com/x\t0.1s\n",
			head: "goos: linux\n--- FAIL: TestX\n",
			check: func(t *testing.T, res *Result) {
				if res.Results[Base] != 0 || res.Results[Head] != 0 {
					t.Errorf("prose counted as results: %v", res.Results)
				}
			},
		},
		{
			name: "truncated and garbled lines",
			base: good + "BenchmarkA-2 1000 12\nBenchmarkA-2 10\nBenchmarkA-2 x 1 ns/op\nBenchmarkA-2 1000 1e999 ns/op\nBenchmarkA-2 1000 1.2.3 ns/op\n",
			head: good,
			check: func(t *testing.T, res *Result) {
				c := find(res, "A-2", "sec/op")
				if c == nil || c.Base.N != 6 || c.Head.N != 6 {
					t.Fatalf("garbled lines changed the samples: %+v", c)
				}
				if len(res.SyntaxErrors) != 5 {
					t.Errorf("want 5 malformed lines, got %q", res.SyntaxErrors)
				}
			},
		},
		{
			name: "NaN, Inf and negative values are skipped",
			base: good + "BenchmarkA-2 1000 NaN ns/op\nBenchmarkA-2 1000 +Inf ns/op\nBenchmarkA-2 1000 -Inf ns/op\nBenchmarkA-2 1000 -5 ns/op\nBenchmarkA-2 1000 5 ns/op -3 B/op\n",
			head: good,
			check: func(t *testing.T, res *Result) {
				c := find(res, "A-2", "sec/op")
				if c == nil || c.Base.N != 7 || !allFinite(c) {
					t.Fatalf("want 7 finite base samples, got %+v", c)
				}
				if len(res.SyntaxErrors) != 5 {
					t.Errorf("want 5 skipped values, got %q", res.SyntaxErrors)
				}
				for _, s := range res.SyntaxErrors {
					if !strings.Contains(s, "base.txt:") || !strings.Contains(s, "BenchmarkA-2") {
						t.Errorf("message %q does not say where", s)
					}
				}
				if c := find(res, "A-2", "B/op"); c == nil || c.Base == nil || c.Base.N != 0 {
					t.Errorf("negative B/op: want an empty base estimate, got %+v", c)
				}
			},
		},
		{
			name: "a side with only NaN is undecided, not removed",
			base: good,
			head: rows("A-2", 6, "NaN"),
			check: func(t *testing.T, res *Result) {
				c := find(res, "A-2", "sec/op")
				if c == nil || c.Head == nil {
					t.Fatalf("the row lost its head side: %+v", c)
				}
				if c.Head.N != 0 || !math.IsNaN(c.P) || !math.IsNaN(c.Delta) {
					t.Errorf("head N=%d P=%v Delta=%v; want 0, NaN, NaN", c.Head.N, c.P, c.Delta)
				}
				if res.Results[Head] != 0 {
					t.Errorf("lines with only invalid values counted as results: %d", res.Results[Head])
				}
			},
		},
		{
			name: "zero is a value, in the same table as the rest",
			base: "BenchmarkA-2 1000 0 ns/op 0 B/op 0 allocs/op 0 MB/s\n" + rows("A-2", 5, "1"),
			head: rows("A-2", 6, "1"),
			check: func(t *testing.T, res *Result) {
				c := find(res, "A-2", "sec/op")
				if c == nil || c.Base.N != 6 {
					t.Fatalf("0 ns/op did not join the sec/op row: %+v", res.Comparisons)
				}
				if find(res, "A-2", "ns/op") != nil || find(res, "A-2", "MB/s") != nil {
					t.Errorf("a zero value made an untidied unit table")
				}
				if c := find(res, "A-2", "B/s"); c == nil || c.Base.Center != 0 {
					t.Errorf("0 MB/s: got %+v", c)
				}
			},
		},
		{
			name: "units that differ between the sides",
			base: good,
			head: strings.ReplaceAll(good, "ns/op", "frobs/op"),
			check: func(t *testing.T, res *Result) {
				for _, c := range res.Comparisons {
					if c.Compared() {
						t.Errorf("%s %s compared across units", c.Benchmark, c.Unit)
					}
				}
				if len(res.Notes) != 1 || !strings.Contains(res.Notes[0], "A-2 is on both sides but was not compared") ||
					!strings.Contains(res.Notes[0], "sec/op") || !strings.Contains(res.Notes[0], "frobs/op") {
					t.Errorf("notes: %q", res.Notes)
				}
			},
		},
		{
			name: "configuration that differs between the sides",
			base: "goos: linux\n" + good,
			head: "goos: plan9\n" + good,
			check: func(t *testing.T, res *Result) {
				if len(res.Notes) != 1 || !strings.Contains(res.Notes[0], "goos=linux") || !strings.Contains(res.Notes[0], "goos=plan9") {
					t.Errorf("notes: %q", res.Notes)
				}
			},
		},
		{
			name: "a benchmark on one side only",
			base: good + rows("Gone-2", 6, "5"),
			head: good + rows("New-2", 6, "5"),
			check: func(t *testing.T, res *Result) {
				if c := find(res, "Gone-2", "sec/op"); c == nil || c.Head != nil || c.Base.N != 6 {
					t.Errorf("Gone: %+v", c)
				}
				if c := find(res, "New-2", "sec/op"); c == nil || c.Base != nil || c.Head.N != 6 {
					t.Errorf("New: %+v", c)
				}
				if len(res.Notes) != 0 {
					t.Errorf("different benchmarks are not a mismatch: %q", res.Notes)
				}
			},
		},
		{
			name: "one sample per side",
			base: rows("A-2", 1, "100"),
			head: rows("A-2", 1, "200"),
			check: func(t *testing.T, res *Result) {
				c := find(res, "A-2", "sec/op")
				if c == nil || c.Base.N != 1 || c.Head.N != 1 || !(c.P >= 0.05) {
					t.Errorf("one sample: %+v", c)
				}
			},
		},
		{
			name: "hostile names survive byte for byte",
			base: rows("X/pipe|x-2", 6, "1") + rows("X/tick`x`-2", 6, "1") + rows("X/<script>alert(1)</script>-2", 6, "1") +
				rows("X/@octocat-2", 6, "1") + rows("X/#123-2", 6, "1") + rows("X/::error::pwned-2", 6, "1") +
				rows("X/bad\xffutf8-2", 6, "1") + rows("X/ctrl\x1b[31m-2", 6, "1") + rows("X/a_b#01-2", 6, "1"),
			head: rows("X/pipe|x-2", 6, "1"),
			check: func(t *testing.T, res *Result) {
				for _, name := range []string{"X/pipe|x-2", "X/tick`x`-2", "X/<script>alert(1)</script>-2", "X/@octocat-2", "X/#123-2",
					"X/::error::pwned-2", "X/bad\xffutf8-2", "X/ctrl\x1b[31m-2", "X/a_b#01-2"} {
					if find(res, name, "sec/op") == nil {
						t.Errorf("lost %q", name)
					}
				}
			},
		},
		{
			name: "a line longer than the scanner's limit does not end the file",
			base: good + "BenchmarkA-2 1000 " + strings.Repeat("9", 100<<10) + " ns/op\n" + strings.Repeat("x", 200<<10) + "\n" + rows("After-2", 6, "1"),
			head: good + rows("After-2", 6, "1"),
			check: func(t *testing.T, res *Result) {
				if c := find(res, "After-2", "sec/op"); c == nil || c.Base.N != 6 {
					t.Fatalf("results after a long line were lost: %+v", c)
				}
				if len(res.SyntaxErrors) != 1 || !strings.Contains(res.SyntaxErrors[0], "base.txt:7: benchmark line longer than") {
					t.Errorf("want the long benchmark line reported, got %q", res.SyntaxErrors)
				}
			},
		},
		{
			name: "CRLF line endings and NUL bytes",
			base: strings.ReplaceAll(good, "\n", "\r\n") + "\x00\x00Benchmark\x00 1 1 ns/op\n",
			head: good,
			check: func(t *testing.T, res *Result) {
				if c := find(res, "A-2", "sec/op"); c == nil || c.Base.N != 6 {
					t.Errorf("CRLF: %+v", c)
				}
			},
		},
		{
			name: "side labels cannot be forged",
			base: good,
			head: ".file: base\nfile: base\n" + good,
			check: func(t *testing.T, res *Result) {
				// "file: base" is ordinary configuration (it splits the
				// table); ".file" is not valid syntax. Neither moves head
				// results to the base side.
				baseN, headN := 0, 0
				for _, c := range res.Comparisons {
					if c.Base != nil {
						baseN += c.Base.N
					}
					if c.Head != nil {
						headN += c.Head.N
					}
				}
				if baseN != 6 || headN != 6 {
					t.Errorf("base has %d samples and head %d; want 6 and 6", baseN, headN)
				}
			},
		},
	} {
		t.Run(tt.name, func(t *testing.T) {
			tt.check(t, load(t, tt.base, tt.head))
		})
	}
}

func TestLoadCapsSamples(t *testing.T) {
	res := load(t, rows("A-2", MaxSamples+5, "1"), rows("A-2", 6, "1"))
	c := find(res, "A-2", "sec/op")
	if c == nil || c.Base.N != MaxSamples {
		t.Fatalf("want %d base samples, got %+v", MaxSamples, c)
	}
	if len(res.Notes) != 1 || !strings.Contains(res.Notes[0], fmt.Sprintf("base has %d samples; only the first %d were used", MaxSamples+5, MaxSamples)) {
		t.Errorf("notes: %q", res.Notes)
	}
}

// TestLoadKeepsReadOrder checks that Estimate.Values keep the order of the
// input (round order for benchgate's files) even though benchmath sorts
// its samples: the paired view depends on it.
func TestLoadKeepsReadOrder(t *testing.T) {
	in := "BenchmarkA-2 1 3 ns/op\nBenchmarkA-2 1 1 ns/op\nBenchmarkA-2 1 2 ns/op\nBenchmarkA-2 1 5 ns/op\n"
	c := find(load(t, in, in), "A-2", "sec/op")
	if c == nil {
		t.Fatal("no comparison")
	}
	for _, e := range []*Estimate{c.Base, c.Head} {
		var ns []float64
		for _, v := range e.Values {
			ns = append(ns, math.Round(v*1e9))
		}
		if fmt.Sprint(ns) != "[3 1 2 5]" {
			t.Errorf("values %v ns, want [3 1 2 5] in read order", ns)
		}
	}
	if c.Base.Center != 2.5e-9 {
		t.Errorf("median %v, want 2.5e-9", c.Base.Center)
	}

	// Cells of one repeated value are kept compactly and share memory;
	// a different value later must still land in its place.
	in = "BenchmarkB-2 1 1 ns/op 64 B/op\nBenchmarkB-2 1 1 ns/op 64 B/op\nBenchmarkB-2 1 1 ns/op 80 B/op\nBenchmarkB-2 1 1 ns/op 64 B/op\n"
	constant := "BenchmarkB-2 1 1 ns/op 64 B/op\nBenchmarkB-2 1 1 ns/op 64 B/op\nBenchmarkB-2 1 1 ns/op 64 B/op\n"
	res := load(t, in, constant)
	b := find(res, "B-2", "B/op")
	if b == nil || fmt.Sprint(b.Base.Values) != "[64 64 80 64]" || fmt.Sprint(b.Head.Values) != "[64 64 64]" {
		t.Fatalf("B/op values: %+v", b)
	}
	if ns := find(res, "B-2", "sec/op"); ns == nil || ns.Base.N != 4 || ns.Head.N != 3 || ns.Delta != 0 {
		t.Errorf("constant sec/op cells: %+v", ns)
	}
}

func TestLoadMissingFile(t *testing.T) {
	dir := t.TempDir()
	_, err := Load([]string{filepath.Join(dir, "gone.txt")}, []string{write(t, dir, "h.txt", "")}, DefaultOptions)
	if ie, ok := err.(*InputError); !ok || ie.Side != Base || !strings.Contains(ie.Msg, "gone.txt") {
		t.Errorf("got %v", err)
	}
}

// TestLoadThousandsOfBenchmarks checks that many rows stay fast.
func TestLoadThousandsOfBenchmarks(t *testing.T) {
	var b strings.Builder
	const n = 5000
	for r := 0; r < 6; r++ {
		for i := 0; i < n; i++ {
			fmt.Fprintf(&b, "BenchmarkMany/case=%d-2 1000 %d ns/op %d B/op 1 allocs/op\n", i, 100+i+r, i)
		}
	}
	start := time.Now()
	res := load(t, b.String(), b.String())
	if len(res.Comparisons) != 3*n {
		t.Errorf("want %d comparisons, got %d", 3*n, len(res.Comparisons))
	}
	if d := time.Since(start); d > 20*time.Second {
		t.Errorf("loading %d benchmarks took %v", n, d)
	}
}

var bigMB = flag.Int("bigmb", 200, "size in MB of the generated input of TestLoadStreamsLargeInput (-short: 48)")

// TestLoadStreamsLargeInput generates a large results file and checks that
// the heap does not grow with it: the file is read line by line, long
// lines are skipped without buffering, and samples are capped.
func TestLoadStreamsLargeInput(t *testing.T) {
	mb := *bigMB
	if testing.Short() && mb > 48 {
		mb = 48
	}
	dir := t.TempDir()
	small := generate(t, filepath.Join(dir, "small.txt"), 4<<20)
	big := generate(t, filepath.Join(dir, "big.txt"), int64(mb)<<20)

	peakSmall, _ := peakHeap(t, func() { Load([]string{small}, []string{small}, DefaultOptions) })
	var res *Result
	var err error
	peakBig, d := peakHeap(t, func() { res, err = Load([]string{big}, []string{small}, DefaultOptions) })
	if err != nil {
		t.Fatal(err)
	}
	st, _ := os.Stat(big)
	t.Logf("%d MB input: peak heap %.1f MB (4 MB input: %.1f MB), %v, %d comparisons, %d results",
		st.Size()>>20, float64(peakBig)/(1<<20), float64(peakSmall)/(1<<20), d.Round(time.Millisecond), len(res.Comparisons), res.Results[Base])
	if peakBig > peakSmall+24<<20 {
		t.Errorf("peak heap grew from %.1f MB to %.1f MB with the input", float64(peakSmall)/(1<<20), float64(peakBig)/(1<<20))
	}
	if c := find(res, "Big/n=7-2", "sec/op"); c == nil || c.Base.N != MaxSamples {
		t.Errorf("Big/n=7: %+v", c)
	}
}

// generate writes about size bytes of go test -bench output: 10
// benchmarks repeated, with a 100 KiB line of log noise now and then.
func generate(t *testing.T, path string, size int64) string {
	t.Helper()
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	w := bufio.NewWriterSize(f, 1<<20)
	long := strings.Repeat("log noise ", 10<<10) // 100 KiB line
	var n int64
	for i := 0; n < size; i++ {
		k, _ := fmt.Fprintf(w, "BenchmarkBig/n=%d-2 \t 1000\t %d ns/op\t %d B/op\t 3 allocs/op\n", i%10, 1000+i%37, 64)
		n += int64(k)
		if i%20000 == 0 {
			k, _ := fmt.Fprintf(w, "    bench_test.go:12: %s\n", long)
			n += int64(k)
		}
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	return path
}

// peakHeap runs f and samples the live heap objects every millisecond.
func peakHeap(t *testing.T, f func()) (uint64, time.Duration) {
	t.Helper()
	runtime.GC()
	sample := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	var peak uint64
	var mu sync.Mutex
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		tick := time.NewTicker(time.Millisecond)
		defer tick.Stop()
		for {
			metrics.Read(sample)
			mu.Lock()
			peak = max(peak, sample[0].Value.Uint64())
			mu.Unlock()
			select {
			case <-done:
				return
			case <-tick.C:
			}
		}
	}()
	start := time.Now()
	f()
	d := time.Since(start)
	close(done)
	wg.Wait()
	return peak, d
}
