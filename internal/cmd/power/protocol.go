package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/benchgate/benchgate/gate/decide"
	"github.com/benchgate/benchgate/gate/report"
)

// protocol is one way to run a gate.
type protocol struct {
	Name string
	Args []string
	// Split, if above 1, spends the same budget on Split times as many
	// rounds, each Split times shorter: more pairs, each closer in time.
	Split int
	// Old runs the benchgate binary of -old-bin instead of the one built
	// from the working tree: an earlier version, side by side in one run.
	Old bool
}

// The protocols compared. They get the same budget of benchmark runs per
// side (-rounds); adaptive starts lower and may stop early or go on where
// the answer is open (see adaptiveArgs). -protocols numbers them from 1.
var protocols = []protocol{
	{"sequential + U-test", []string{"-protocol", "sequential", "-decide", "utest", "-adaptive=false"}, 0, false},
	{"interleaved + U-test", []string{"-protocol", "interleaved", "-decide", "utest", "-adaptive=false"}, 0, false},
	{"interleaved + paired", []string{"-protocol", "interleaved", "-decide", "paired", "-adaptive=false"}, 0, false},
	{"interleaved + paired + adaptive", []string{"-protocol", "interleaved", "-decide", "paired", "-adaptive=settle"}, 0, false},
	// Confirm runs the full budget first, then more rounds (up to 3×)
	// only for apparent regressions.
	{"interleaved + paired + adaptive confirm", []string{"-protocol", "interleaved", "-decide", "paired", "-adaptive=confirm"}, 0, false},
	// The same budget in twice the rounds of half the benchtime.
	{"interleaved + U-test, 2× rounds ½ time", []string{"-protocol", "interleaved", "-decide", "utest", "-adaptive=false"}, 2, false},
	{"interleaved + paired, 2× rounds ½ time", []string{"-protocol", "interleaved", "-decide", "paired", "-adaptive=false"}, 2, false},
	// Each top-level benchmark function in its own process, base and head
	// back to back, instead of one process per package and side. With
	// -fillers the package has other benchmarks, as a real one does, and
	// the two sides of the measured benchmark are that much further
	// apart when a process runs the whole package.
	{"interleaved by benchmark + U-test", []string{"-protocol", "interleaved", "-interleave", "benchmark", "-decide", "utest", "-adaptive=false"}, 0, false},
	{"interleaved by benchmark + paired", []string{"-protocol", "interleaved", "-interleave", "benchmark", "-decide", "paired", "-adaptive=false"}, 0, false},
	{"interleaved by benchmark + paired + adaptive", []string{"-protocol", "interleaved", "-interleave", "benchmark", "-decide", "paired", "-adaptive=settle"}, 0, false},
	// benchgate run's defaults since 2026-12-01, spelled out so the table
	// does not change with them: protocol 10, but every benchmark gets the
	// full -rounds first and undecided ones up to twice as many, so it
	// costs more than the budget of the others.
	{"by benchmark + paired + adaptive, full rounds", []string{"-protocol", "interleaved", "-interleave", "benchmark", "-decide", "paired", "-adaptive=settle"}, 0, false},
	// The two-stage decision: the fixed rounds decide at alpha/2 with
	// both tests and Benjamini–Hochberg, candidates get up to twice the
	// rounds and are confirmed on those alone. 12 is benchgate run's
	// defaults spelled out; 13 and 14 change one thing each.
	{"two stages: both + BH + confirm, full rounds", []string{"-protocol", "interleaved", "-interleave", "benchmark", "-decide", "both", "-correction", "bh", "-adaptive=confirm"}, 0, false},
	{"two stages: both + BH + settle, full rounds", []string{"-protocol", "interleaved", "-interleave", "benchmark", "-decide", "both", "-correction", "bh", "-adaptive=settle"}, 0, false},
	{"two stages: both + Holm + confirm, full rounds", []string{"-protocol", "interleaved", "-interleave", "benchmark", "-decide", "both", "-correction", "holm", "-adaptive=confirm"}, 0, false},
	// Protocol 11 run by the binary of -old-bin: the defaults of an
	// earlier version, in the same run as the others.
	{"-old-bin: by benchmark + paired + adaptive, full rounds", []string{"-protocol", "interleaved", "-interleave", "benchmark", "-decide", "paired", "-adaptive=settle"}, 0, true},
	// instructions/op counted by valgrind (-measure instructions): 3
	// rounds whatever -rounds says, base and head in parallel, decided
	// by the exact rule at -threshold; more rounds only for benchmarks
	// the counts' spread leaves undecided (up to 9). Run beside 12 (the
	// timed defaults), the two take turns in every repetition.
	{"instructions (valgrind): 3 rounds, exact rule", []string{"-measure", "instructions", "-rounds", "3"}, 0, false},
	// Protocol 12 run by the binary of -old-bin: today's defaults beside
	// an earlier version of the same decision, to see what one change to
	// it costs or buys.
	{"-old-bin: two stages: both + BH + confirm, full rounds", []string{"-protocol", "interleaved", "-interleave", "benchmark", "-decide", "both", "-correction", "bh", "-adaptive=confirm"}, 0, true},
	// Protocol 16 run by the binary of -old-bin: instruction counting as
	// an earlier version did it (two whole processes per benchmark, side
	// and round) beside today's (inside one process per package).
	{"-old-bin: instructions (valgrind): 3 rounds, exact rule", []string{"-measure", "instructions", "-rounds", "3"}, 0, true},
}

// adaptiveArgs gives an adaptive protocol about the budget of the others
// on average: it starts at 60% of the rounds and goes on to at most twice
// as many, only where the answer is open.
func adaptiveArgs(rounds int) []string {
	return []string{"-rounds", strconv.Itoa((rounds*6 + 9) / 10), "-max-rounds", strconv.Itoa(2 * rounds)}
}

// test is the decide test protocol p's runs are decided with.
func (p protocol) test() decide.Test {
	switch {
	case strings.Contains(p.Name, "both"):
		return decide.BothTests
	case strings.Contains(p.Name, "paired"):
		return decide.PairedSignTest
	}
	return decide.UTest
}

// gateArgs are the arguments of benchgate run for one gate run of p in
// cfg's budget, keeping its results in out.
func gateArgs(cfg config, p protocol, out string) ([]string, error) {
	rounds, benchtime := cfg.Rounds, cfg.Benchtime
	if p.Split > 1 {
		d, err := time.ParseDuration(benchtime)
		if err != nil {
			return nil, fmt.Errorf("-benchtime %s: %v (the split protocols need a duration)", benchtime, err)
		}
		rounds, benchtime = rounds*p.Split, (d / time.Duration(p.Split)).String()
	}
	args := append([]string{"run", "-format", "json", "-rounds", strconv.Itoa(rounds), "-benchtime", benchtime,
		"-threshold", cfg.Threshold, "-alpha", cfg.Alpha, "-base-ref", "HEAD~1", "-head-ref", "HEAD", "-out", out}, p.Args...)
	if !slices.Contains(args, "-interleave") && !slices.Contains(args, "-measure") {
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
	return append(args, "./..."), nil
}

// gate runs benchgate (bin) once in repo under protocol p and returns its
// report and how long it took. A gate that fails is not an error; one
// whose output is not a JSON report is.
func gate(ctx context.Context, bin, repo string, cfg config, p protocol, out string) (*judged, time.Duration, error) {
	args, err := gateArgs(cfg, p, out)
	if err != nil {
		return nil, 0, err
	}
	if p.Old {
		if cfg.OldBin == "" {
			return nil, 0, fmt.Errorf("protocol %q needs -old-bin", p.Name)
		}
		bin = cfg.OldBin
	}
	ctx, cancel := context.WithTimeout(ctx, 10*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, args...)
	cmd.Dir = repo
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	t0 := time.Now()
	err = cmd.Run()
	wall := time.Since(t0)
	var rep report.JSONReport
	if jerr := json.Unmarshal(stdout.Bytes(), &rep); jerr != nil {
		return nil, wall, fmt.Errorf("benchgate %s: %v (%v)\n%s", strings.Join(args, " "), err, jerr, tail(stderr.String(), 20))
	}
	return &judged{&rep, p.test()}, wall, nil
}

// tail is the last n lines of s.
func tail(s string, n int) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}

// slug makes a protocol's name fit in a directory name.
func slug(s string) string {
	return strings.NewReplacer(" ", "", "+", "-", ",", "-", "×", "x", "½", "half").Replace(s)
}
