// Command power measures benchgate's two error rates on this machine: how
// often a gate run fails a change that changed nothing (A/A), and how often
// it catches an injected slowdown, for several measurement protocols at the
// same wall-clock budget, on a quiet machine and under a drifting load.
//
// It builds benchgate, makes one throwaway git repository per slowdown
// level (a fixture benchmark whose work per op is a constant; the head
// commit multiplies it), runs the gate many times per protocol and
// condition, and prints a markdown table. docs/statistics.md has the table
// and the command that made it.
//
// Usage:
//
//	go run ./scripts/power [-aa 20] [-runs 10] [-levels 3,5,10,20] [-conditions quiet,drift]
//	    [-rounds 16 -benchtime 50ms -threshold 3% -alpha 0.05] [-eval-thresholds 2,5] [-families 190]
//	    [-fillers 8] [-protocols 2,8] [-out dir]
//	go run ./scripts/power -rejudge dir/reports [-threshold 3% -alpha 0.05] [-families 190]
//
// -alpha defaults to 0.05, the level every table in docs/statistics.md
// was measured at until benchgate run's own default became 0.01; it is
// passed to every gate run, so a table does not change with that default.
//
// -fillers N puts N more benchmarks in the fixture package, after the
// measured one and unchanged by the slowdown, as a real package has; a
// slowdown then counts as caught only when the measured benchmark is the
// regression, while an A/A run counts any false alarm. The protocols that
// predate -interleave run by package whatever benchgate's default is.
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"log"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync/atomic"
	"time"
)

// protocol is one way to run a gate.
type protocol struct {
	Name string
	Args []string
	// Split, if above 1, spends the same budget on Split times as many
	// rounds, each Split times shorter: more pairs, each closer in time.
	Split int
}

// The protocols compared. They get the same budget of benchmark runs per
// side (-rounds); adaptive starts lower and may stop early or go on where
// the answer is open (see adaptiveArgs).
var protocols = []protocol{
	{"sequential + U-test", []string{"-protocol", "sequential", "-decide", "utest", "-adaptive=false"}, 0},
	{"interleaved + U-test", []string{"-protocol", "interleaved", "-decide", "utest", "-adaptive=false"}, 0},
	{"interleaved + paired", []string{"-protocol", "interleaved", "-decide", "paired", "-adaptive=false"}, 0},
	{"interleaved + paired + adaptive", []string{"-protocol", "interleaved", "-decide", "paired", "-adaptive=settle"}, 0},
	// Confirm runs the full budget first, then more rounds (up to 3×)
	// only for apparent regressions.
	{"interleaved + paired + adaptive confirm", []string{"-protocol", "interleaved", "-decide", "paired", "-adaptive=confirm"}, 0},
	// The same budget in twice the rounds of half the benchtime.
	{"interleaved + U-test, 2× rounds ½ time", []string{"-protocol", "interleaved", "-decide", "utest", "-adaptive=false"}, 2},
	{"interleaved + paired, 2× rounds ½ time", []string{"-protocol", "interleaved", "-decide", "paired", "-adaptive=false"}, 2},
	// Each top-level benchmark function in its own process, base and head
	// back to back, instead of one process per package and side. With
	// -fillers the package has other benchmarks, as a real one does, and
	// the two sides of the measured benchmark are that much further
	// apart when a process runs the whole package.
	{"interleaved by benchmark + U-test", []string{"-protocol", "interleaved", "-interleave", "benchmark", "-decide", "utest", "-adaptive=false"}, 0},
	{"interleaved by benchmark + paired", []string{"-protocol", "interleaved", "-interleave", "benchmark", "-decide", "paired", "-adaptive=false"}, 0},
	{"interleaved by benchmark + paired + adaptive", []string{"-protocol", "interleaved", "-interleave", "benchmark", "-decide", "paired", "-adaptive=settle"}, 0},
	// benchgate run's defaults since 2026-12-01, spelled out so the table
	// does not change with them: protocol 10, but every benchmark gets the
	// full -rounds first and undecided ones up to twice as many, so it
	// costs more than the budget of the others.
	{"by benchmark + paired + adaptive, full rounds", []string{"-protocol", "interleaved", "-interleave", "benchmark", "-decide", "paired", "-adaptive=settle"}, 0},
}

// adaptiveArgs gives an adaptive protocol about the budget of the others
// on average: it starts at 60% of the rounds and goes on to at most twice
// as many, only where the answer is open.
func adaptiveArgs(rounds int) []string {
	return []string{"-rounds", strconv.Itoa((rounds*6 + 9) / 10), "-max-rounds", strconv.Itoa(2 * rounds)}
}

func main() {
	aa := flag.Int("aa", 20, "A/A gate runs per protocol and condition")
	runs := flag.Int("runs", 10, "gate runs per slowdown level, protocol and condition")
	levels := flag.String("levels", "3,5,10,20", "injected slowdowns in percent (A/A is always run)")
	conditions := flag.String("conditions", "quiet,drift", "machine conditions: quiet, drift")
	rounds := flag.Int("rounds", 10, "rounds per gate run (the budget)")
	benchtime := flag.String("benchtime", "20ms", "benchtime per round")
	threshold := flag.String("threshold", "2%", "gate threshold")
	alpha := flag.String("alpha", "0.05", "gate significance level")
	only := flag.String("protocols", "", "comma-separated protocol numbers to run (1-11), default all")
	fillers := flag.Int("fillers", 0, "other benchmarks in the fixture package besides the measured one, none of them changed by the slowdown")
	out := flag.String("out", "", "directory to keep each run's JSON report (default: a temporary directory)")
	evalThresholds := flag.String("eval-thresholds", "", "also judge the non-adaptive runs at these thresholds in percent, e.g. 2,3,5")
	families := flag.String("families", "", "also judge the non-adaptive runs as one benchmark among this many comparisons (Bonferroni on the raw p, the first step of Holm), e.g. 190")
	rejudgeDir := flag.String("rejudge", "", "run nothing: judge the non-adaptive runs saved by an earlier -out in this directory again with the current benchgate compare, under each -decide test")
	flag.Parse()

	work, err := os.MkdirTemp("", "benchgate-power-")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(work)
	if *out == "" {
		*out = filepath.Join(work, "reports")
	}
	bin := filepath.Join(work, "benchgate")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		log.Fatalf("building benchgate: %v\n%s", err, out)
	}
	if *rejudgeDir != "" {
		rejudge(bin, *rejudgeDir, *threshold, *alpha, splitInts(*families))
		return
	}

	lv := []int{0}
	for _, s := range strings.Split(*levels, ",") {
		if n, err := strconv.Atoi(strings.TrimSpace(s)); err == nil && n > 0 {
			lv = append(lv, n)
		}
	}
	repos := map[int]string{}
	for _, l := range lv {
		repos[l] = fixture(work, l, *fillers)
	}
	selected := protocols
	if *only != "" {
		selected = nil
		for _, s := range strings.Split(*only, ",") {
			if n, err := strconv.Atoi(s); err == nil && n >= 1 && n <= len(protocols) {
				selected = append(selected, protocols[n-1])
			}
		}
	}

	type key struct {
		cond  string
		proto string
		level int
	}
	type cell struct {
		fails, n int
		walls    []float64
		deltas   []float64
		reports  []*report
	}
	results := map[key]*cell{}
	for _, cond := range strings.Split(*conditions, ",") {
		stop := func() {}
		if cond == "drift" {
			stop = drift(3*time.Second, 2)
		}
		for _, l := range lv {
			n := *runs
			if l == 0 {
				n = *aa
			}
			for i := 0; i < n; i++ {
				// Protocols take turns within each repetition, so slow
				// changes of the machine fall on all of them alike.
				for _, p := range selected {
					k := key{cond, p.Name, l}
					c := results[k]
					if c == nil {
						c = &cell{}
						results[k] = c
					}
					rep, wall := gate(bin, repos[l], p, *rounds, *benchtime, *threshold, *alpha,
						filepath.Join(*out, fmt.Sprintf("%s-%d-%s-%02d", cond, l, slug(p.Name), i)))
					c.n++
					c.walls = append(c.walls, wall.Seconds())
					if rep.counts(l) {
						c.fails++
					}
					c.reports = append(c.reports, rep)
					c.deltas = append(c.deltas, rep.delta())
					fmt.Fprintf(os.Stderr, "%s %-32s +%2d%% run %2d: %-12s delta %+.2f%% (%.1fs)\n", cond, p.Name, l, i+1, rep.Verdict, 100*rep.delta(), wall.Seconds())
				}
			}
		}
		stop()
	}

	// The table: false alarms on A/A, detection per slowdown, wall time.
	fmt.Printf("rounds %d, benchtime %s, threshold %s, alpha %s, fillers %d, GOMAXPROCS %d, %s\n\n", *rounds, *benchtime, *threshold, *alpha, *fillers, runtime.GOMAXPROCS(0), time.Now().UTC().Format("2006-01-02"))
	header(lv[1:], "median wall time", "A/A delta range")
	for _, cond := range strings.Split(*conditions, ",") {
		for _, p := range selected {
			aaCell := results[key{cond, p.Name, 0}]
			if aaCell == nil {
				continue
			}
			fmt.Printf("| %s | %s | %d/%d |", cond, p.Name, aaCell.fails, aaCell.n)
			var walls []float64
			walls = append(walls, aaCell.walls...)
			for _, l := range lv[1:] {
				c := results[key{cond, p.Name, l}]
				fmt.Printf(" %d/%d |", c.fails, c.n)
				walls = append(walls, c.walls...)
			}
			lo, hi := bounds(aaCell.deltas)
			fmt.Printf(" %.1f s | %+.1f%% … %+.1f%% |\n", median(walls), 100*lo, 100*hi)
		}
	}

	// The same runs judged again under other rules: another threshold,
	// or one benchmark among a large family. Adaptive runs are left out:
	// where they stopped depended on the threshold they ran with.
	type rule struct {
		name      string
		threshold float64
		family    int
	}
	var rules []rule
	for _, t := range splitInts(*evalThresholds) {
		rules = append(rules, rule{fmt.Sprintf("threshold %d%%", t), float64(t) / 100, 0})
	}
	for _, f := range splitInts(*families) {
		rules = append(rules, rule{fmt.Sprintf("threshold %s, one of %d comparisons", *threshold, f), parsePercent(*threshold), f})
	}
	for _, r := range rules {
		fmt.Printf("\nJudged again at %s (non-adaptive protocols):\n\n", r.name)
		header(lv[1:])
		for _, cond := range strings.Split(*conditions, ",") {
			for _, p := range selected {
				if strings.Contains(p.Name, "adaptive") || results[key{cond, p.Name, 0}] == nil {
					continue
				}
				fmt.Printf("| %s | %s |", cond, p.Name)
				for _, l := range lv {
					c := results[key{cond, p.Name, l}]
					n := 0
					for _, rep := range c.reports {
						if rep.regression(r.threshold, r.family) {
							n++
						}
					}
					fmt.Printf(" %d/%d |", n, len(c.reports))
				}
				fmt.Printf("\n")
			}
		}
	}
}

// rejudge judges saved runs again with bin's compare, as the U-test and
// as the paired test, at threshold and as one benchmark among each of
// families comparisons. Runs are grouped by condition, slowdown and how
// they were measured (sequential or interleaved); the interleaved runs of
// "interleaved + U-test" and "interleaved + paired" were measured alike,
// so they are pooled, and so are the two split protocols' (at their own
// rounds). Adaptive runs are left out: where they stopped
// depended on the rule they ran with.
func rejudge(bin, dir, threshold, alpha string, families []int) {
	type key struct {
		cond, measured string
		level          int
	}
	// n runs; gate and fam count regressions per test ("utest") and per
	// test and family ("utest/190").
	type tally struct {
		n         int
		gate, fam map[string]int
	}
	cells := map[key]*tally{}
	limit := parsePercent(threshold)
	entries, err := os.ReadDir(dir)
	must(err)
	tests := []string{"utest", "paired"}
	for _, e := range entries {
		// cond-level-protocol-NN, e.g. drift-5-interleaved-U-test-03.
		parts := strings.SplitN(e.Name(), "-", 3)
		if len(parts) < 3 || strings.Contains(parts[2], "adaptive") {
			continue
		}
		level, err := strconv.Atoi(parts[1])
		if err != nil {
			continue
		}
		measured := "interleaved"
		if strings.HasPrefix(parts[2], "sequential") {
			measured = "sequential"
		}
		// The split and by-benchmark protocols measured differently from
		// the others.
		if strings.Contains(parts[2], slug(", 2× rounds ½ time")) {
			measured += ", 2× rounds ½ time"
		}
		if strings.Contains(parts[2], slug(" by benchmark")) {
			measured += " by benchmark"
		}
		k := key{parts[0], measured, level}
		c := cells[k]
		if c == nil {
			c = &tally{gate: map[string]int{}, fam: map[string]int{}}
			cells[k] = c
		}
		c.n++
		run := filepath.Join(dir, e.Name())
		for _, test := range tests {
			cmd := exec.Command(bin, "compare", "-format", "json", "-fail-on", "never", "-threshold", threshold, "-alpha", alpha, "-decide", test,
				filepath.Join(run, "base.txt"), filepath.Join(run, "head.txt"))
			out, err := cmd.Output()
			var rep report
			if jerr := json.Unmarshal(out, &rep); jerr != nil {
				log.Fatalf("benchgate compare in %s: %v (%v)", run, err, jerr)
			}
			rep.decide = test
			if rep.counts(level) {
				c.gate[test]++
			}
			for _, f := range families {
				if rep.regression(limit, f) {
					c.fam[fmt.Sprintf("%s/%d", test, f)]++
				}
			}
		}
	}
	var levels []int
	var conds []string
	for k := range cells {
		if !slices.Contains(levels, k.level) {
			levels = append(levels, k.level)
		}
		if !slices.Contains(conds, k.cond) {
			conds = append(conds, k.cond)
		}
	}
	sort.Ints(levels)
	sort.Strings(conds)
	fmt.Printf("saved runs in %s judged again at threshold %s, alpha %s, %s\n\n", dir, threshold, alpha, time.Now().UTC().Format("2006-01-02"))
	header(levels[1:])
	row := func(label string, count func(*tally) int) {
		for _, cond := range conds {
			for _, measured := range []string{"sequential", "interleaved", "interleaved, 2× rounds ½ time", "interleaved by benchmark"} {
				if cells[key{cond, measured, 0}] == nil {
					continue
				}
				fmt.Printf("| %s | %s %s |", cond, measured, label)
				for _, l := range levels {
					if c := cells[key{cond, measured, l}]; c != nil {
						fmt.Printf(" %d/%d |", count(c), c.n)
					} else {
						fmt.Printf(" – |")
					}
				}
				fmt.Println()
			}
		}
	}
	for _, test := range tests {
		row("judged by "+test, func(c *tally) int { return c.gate[test] })
	}
	for _, f := range families {
		for _, test := range tests {
			row(fmt.Sprintf("judged by %s, one of %d comparisons", test, f), func(c *tally) int { return c.fam[fmt.Sprintf("%s/%d", test, f)] })
		}
	}
}

// header prints a table's header: condition, protocol, A/A, one column
// per slowdown level, then extra columns.
func header(levels []int, extra ...string) {
	cols := []string{"condition", "protocol", "A/A false alarms"}
	for _, l := range levels {
		cols = append(cols, fmt.Sprintf("+%d%% caught", l))
	}
	cols = append(cols, extra...)
	fmt.Printf("| %s |\n|%s\n", strings.Join(cols, " | "), strings.Repeat("---|", len(cols)))
}

func splitInts(s string) []int {
	var out []int
	for _, f := range strings.Split(s, ",") {
		if n, err := strconv.Atoi(strings.TrimSpace(f)); err == nil && n > 0 {
			out = append(out, n)
		}
	}
	return out
}

func parsePercent(s string) float64 {
	v, err := strconv.ParseFloat(strings.TrimSuffix(s, "%"), 64)
	must(err)
	return v / 100
}

// report is the part of benchgate's JSON output the harness reads.
type report struct {
	Verdict     string  `json:"verdict"`
	Alpha       float64 `json:"alpha"`
	Comparisons []struct {
		Benchmark   string   `json:"benchmark"`
		Unit        string   `json:"unit"`
		Delta       *float64 `json:"delta"`
		P           *float64 `json:"p"`
		Significant bool     `json:"significant"`
		Worse       bool     `json:"worse"`
		Status      string   `json:"status"`
		Paired      *struct {
			P *float64 `json:"p"`
		} `json:"paired"`
	} `json:"comparisons"`
	decide string
}

// measured says whether comparison benchmark is of the fixture's measured
// benchmark, not one of its fillers.
func measured(benchmark string) bool {
	return benchmark == "Work" || strings.HasPrefix(benchmark, "Work-")
}

// counts says whether the run counts in its cell's tally: a failed gate
// for an A/A run (a false alarm, whichever benchmark raised it), a
// significant regression of the measured benchmark for a slowdown (a
// filler's false alarm is not a detection).
func (r *report) counts(level int) bool {
	if level == 0 {
		return r.Verdict == "regression"
	}
	for _, c := range r.Comparisons {
		if measured(c.Benchmark) && c.Unit == "sec/op" && c.Status == "regression" {
			return true
		}
	}
	return false
}

// regression judges the run again: a worse sec/op change beyond threshold
// that is significant as the gate decided it (family 0), or whose raw p
// of the test the run decided with, times family, is at most alpha: the
// first step of Holm for one changed benchmark among family comparisons.
func (r *report) regression(threshold float64, family int) bool {
	for _, c := range r.Comparisons {
		if !measured(c.Benchmark) || c.Unit != "sec/op" || c.Delta == nil || !c.Worse || math.Abs(*c.Delta) <= threshold {
			continue
		}
		if family == 0 {
			if c.Significant {
				return true
			}
			continue
		}
		p := c.P
		if r.decide == "paired" {
			p = nil
			if c.Paired != nil {
				p = c.Paired.P
			}
		}
		if p != nil && *p*float64(family) <= r.Alpha {
			return true
		}
	}
	return false
}

func (r *report) delta() float64 {
	for _, c := range r.Comparisons {
		if measured(c.Benchmark) && c.Unit == "sec/op" && c.Delta != nil {
			return *c.Delta
		}
	}
	return math.NaN()
}

func gate(bin, repo string, p protocol, rounds int, benchtime, threshold, alpha, out string) (*report, time.Duration) {
	if p.Split > 1 {
		d, err := time.ParseDuration(benchtime)
		if err != nil {
			log.Fatalf("-benchtime %s: %v (the split protocols need a duration)", benchtime, err)
		}
		rounds, benchtime = rounds*p.Split, (d / time.Duration(p.Split)).String()
	}
	args := append([]string{"run", "-format", "json", "-rounds", strconv.Itoa(rounds), "-benchtime", benchtime,
		"-threshold", threshold, "-alpha", alpha, "-base-ref", "HEAD~1", "-head-ref", "HEAD", "-out", out}, p.Args...)
	if !slices.Contains(args, "-interleave") {
		// The protocols measured before -interleave existed ran one
		// process per package, whatever run's default is now.
		args = append(args, "-interleave", "package")
	}
	switch {
	case strings.HasSuffix(p.Name, "full rounds"):
		args = append(args, "-max-rounds", strconv.Itoa(2*rounds))
	case strings.Contains(p.Name, "adaptive") && !strings.Contains(p.Name, "confirm"):
		args = append(args, adaptiveArgs(rounds)...)
	}
	args = append(args, "./...")
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, args...)
	cmd.Dir = repo
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	t0 := time.Now()
	err := cmd.Run()
	wall := time.Since(t0)
	var rep report
	if jerr := json.Unmarshal(stdout.Bytes(), &rep); jerr != nil {
		log.Fatalf("benchgate %s: %v (%v)\n%s", strings.Join(args, " "), err, jerr, stderr.String())
	}
	rep.decide = "utest"
	if strings.Contains(p.Name, "paired") {
		rep.decide = "paired"
	}
	return &rep, wall
}

// fixture makes a repository whose head commit makes the benchmark slower
// by pct percent. The package has fillers other benchmarks after it, which
// the head commit leaves alone.
func fixture(dir string, pct, fillers int) string {
	repo := filepath.Join(dir, fmt.Sprintf("fixture-%d", pct))
	must(os.MkdirAll(repo, 0o755))
	write := func(name, content string) { must(os.WriteFile(filepath.Join(repo, name), []byte(content), 0o644)) }
	write("go.mod", "module example.com/power\n\ngo 1.21\n")
	bench := `package power

import "testing"

var sink uint64

// work costs about n units of CPU: a dependent chain of multiply-adds.
func work(n int) uint64 {
	var x uint64 = 1
	for i := 0; i < n; i++ {
		x = x*6364136223846793005 + 1442695040888963407
	}
	return x
}

func BenchmarkWork(b *testing.B) {
	for i := 0; i < b.N; i++ {
		sink += work(units)
	}
}
`
	for i := 1; i <= fillers; i++ {
		bench += fmt.Sprintf(`
func BenchmarkFiller%02d(b *testing.B) {
	for i := 0; i < b.N; i++ {
		sink += work(fillerUnits)
	}
}
`, i)
	}
	// Fillers do the base's work per op, so each takes as long as the
	// measured benchmark before the slowdown.
	const base = 20000
	bench += fmt.Sprintf("\nconst fillerUnits = %d\n", base)
	write("bench_test.go", bench)
	write("units.go", fmt.Sprintf("package power\n\nconst units = %d\n", base))
	git(repo, "init", "-q", "-b", "main")
	git(repo, "add", "-A")
	git(repo, "commit", "-q", "-m", "base")
	head := base * (100 + pct) / 100
	write("units.go", fmt.Sprintf("package power\n\nconst units = %d\n", head))
	// An A/A head is a new commit with identical code, as a PR that only
	// touches a comment would be.
	write("note.txt", fmt.Sprintf("slowdown %d%%\n", pct))
	git(repo, "add", "-A")
	git(repo, "commit", "-q", "-m", "head")
	return repo
}

func git(dir string, args ...string) {
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GIT_AUTHOR_NAME=power", "GIT_AUTHOR_EMAIL=power@benchgate.invalid",
		"GIT_COMMITTER_NAME=power", "GIT_COMMITTER_EMAIL=power@benchgate.invalid")
	if out, err := cmd.CombinedOutput(); err != nil {
		log.Fatalf("git %v: %v\n%s", args, err, out)
	}
}

// drift starts n busy loops that switch on and off every period, like a
// noisy CI neighbour, and returns a function that stops them.
func drift(period time.Duration, n int) func() {
	var stopped, on atomic.Bool
	on.Store(true)
	go func() {
		for !stopped.Load() {
			time.Sleep(period)
			on.Store(!on.Load())
		}
	}()
	for i := 0; i < n; i++ {
		go func() {
			x := 0
			for !stopped.Load() {
				if on.Load() {
					for j := 0; j < 1e6; j++ {
						x += j
					}
				} else {
					time.Sleep(10 * time.Millisecond)
				}
			}
			_ = x
		}()
	}
	return func() { stopped.Store(true) }
}

func slug(s string) string {
	return strings.NewReplacer(" ", "", "+", "-", ",", "-", "×", "x", "½", "half").Replace(s)
}

func median(xs []float64) float64 {
	if len(xs) == 0 {
		return math.NaN()
	}
	s := append([]float64(nil), xs...)
	sort.Float64s(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

func bounds(xs []float64) (lo, hi float64) {
	lo, hi = math.Inf(1), math.Inf(-1)
	for _, x := range xs {
		if !math.IsNaN(x) {
			lo, hi = math.Min(lo, x), math.Max(hi, x)
		}
	}
	return lo, hi
}

func must(err error) {
	if err != nil {
		log.Fatal(err)
	}
}
