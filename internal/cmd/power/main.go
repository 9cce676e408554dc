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
// # Usage
//
// Run it from the root of the benchgate repository, which it builds:
//
//	go run ./internal/cmd/power [-aa 20] [-runs 10] [-levels 3,5,10,20] [-conditions quiet,drift]
//	    [-rounds 10 -benchtime 20ms -threshold 2% -alpha 0.05] [-eval-thresholds 2,5] [-families 190]
//	    [-fillers 8] [-protocols 2,8] [-out dir]
//	go run ./internal/cmd/power -rejudge dir/reports [-threshold 3% -alpha 0.05] [-families 190]
//
// In the first form the values of -aa through -alpha are the defaults.
// -eval-thresholds, -families, -fillers and -out are off by default, and
// -protocols runs all of them (1-11, listed by -h) unless told otherwise.
//
// -alpha defaults to 0.05, the level every table in docs/statistics.md
// was measured at until benchgate run's own default became 0.01; it is
// passed to every gate run, so a table does not change with that default.
//
// Protocol 16 counts instructions/op with valgrind (-measure
// instructions, 3 rounds) and gates on them at -threshold; a slowdown
// counts as caught when instructions/op is the regression. Run it beside
// 12, the timed defaults, for the two measures side by side:
//
//	go run ./internal/cmd/power -protocols 12,16 -aa 50 -runs 20 -levels 1,2 -rounds 32 -benchtime 25ms -threshold 0.5% -alpha 0.01
//
// -fillers N puts N more benchmarks in the fixture package, after the
// measured one and unchanged by the slowdown, as a real package has; a
// slowdown then counts as caught only when the measured benchmark is the
// regression, while an A/A run counts any false alarm. The protocols that
// predate -interleave run by package whatever benchgate's default is.
//
// -eval-thresholds and -families judge the non-adaptive runs again under
// other rules and print a table for each: at another threshold, or as one
// benchmark among that many comparisons (Bonferroni on the raw p, the
// first step of Holm).
//
// -rejudge runs nothing: it judges the non-adaptive runs saved in the
// directory an earlier -out named (one directory per run, named
// condition-level-protocol-NN and holding base.txt and head.txt) again
// with the current benchgate compare, under each -decide test.
//
// # Exit status
//
// 0 when the tables were printed, whatever the gate runs decided; 1 when
// -threshold is not a percentage or building benchgate, making a fixture
// or a gate run failed; 2 for an unknown or malformed flag.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/benchgate/benchgate/gate/decide"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	code := run(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

// config is what one invocation measures, filled from the flags.
type config struct {
	// AA is the number of A/A gate runs per protocol and condition.
	AA int
	// Runs is the number of gate runs per slowdown level, protocol and
	// condition.
	Runs int
	// Levels are the injected slowdowns in percent. Level 0, the A/A
	// runs, comes first and is always there.
	Levels []int
	// Conditions are the machine conditions, in order: "drift" runs under
	// a drifting load (see drift), anything else on a quiet machine.
	Conditions []string
	// Rounds is the budget of rounds per gate run.
	Rounds int
	// Benchtime is the benchtime per round, as benchgate's -benchtime.
	Benchtime string
	// Threshold is the gate threshold as given to benchgate ("2%"), and
	// Limit the same as a fraction.
	Threshold string
	Limit     float64
	// Alpha is the gate's significance level, as given to benchgate.
	Alpha string
	// Protocols are the protocols to run, in order.
	Protocols []protocol
	// OldBin is a benchgate binary of an earlier version, for the
	// protocols marked Old.
	OldBin string
	// Fillers is how many other benchmarks the fixture package has
	// besides the measured one; the slowdown changes none of them.
	Fillers int
	// Out is the directory that keeps each run's results; empty means a
	// temporary directory.
	Out string
	// EvalThresholds are other thresholds, in percent, to judge the
	// non-adaptive runs at.
	EvalThresholds []int
	// Families are family sizes to judge the non-adaptive runs in, as one
	// benchmark among that many comparisons.
	Families []int
	// Rejudge, if set, is a directory of saved runs to judge again
	// instead of running anything.
	Rejudge string
}

// defaultConfig is what the harness does without flags: every protocol,
// 20 A/A runs and 10 runs at each of four slowdowns, on a quiet machine
// and under drift, at 10 rounds of 20ms, threshold 2% and alpha 0.05.
var defaultConfig = config{
	AA:         20,
	Runs:       10,
	Levels:     []int{0, 3, 5, 10, 20},
	Conditions: []string{"quiet", "drift"},
	Rounds:     10,
	Benchtime:  "20ms",
	Threshold:  "2%",
	Limit:      0.02,
	Alpha:      "0.05",
	Protocols:  newProtocols(),
}

// newProtocols are the protocols that need no -old-bin: what a run
// without -protocols measures.
func newProtocols() []protocol {
	var out []protocol
	for _, p := range protocols {
		if !p.Old {
			out = append(out, p)
		}
	}
	return out
}

// run is the whole command; it returns the exit status.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	cfg, err := parseFlags(args, stderr)
	if errors.Is(err, flag.ErrHelp) {
		return 0
	}
	if err != nil {
		// The flag package has printed the problem and the usage.
		return 2
	}
	if cfg.Limit, err = decide.ParsePercent(cfg.Threshold); err != nil {
		fmt.Fprintf(stderr, "power: invalid -threshold: %v\n", err)
		return 1
	}
	if err := cfg.execute(ctx, stdout, stderr); err != nil {
		fmt.Fprintf(stderr, "power: %v\n", err)
		return 1
	}
	return 0
}

// parseFlags fills a config from args, starting from defaultConfig. Lists
// of numbers skip what is not a positive number, as they always have.
func parseFlags(args []string, stderr io.Writer) (config, error) {
	cfg := defaultConfig
	fs := flag.NewFlagSet("power", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "usage: go run ./internal/cmd/power [flags]\n"+
			"       go run ./internal/cmd/power -rejudge dir/reports [-threshold 3%%] [-alpha 0.05] [-families 190]\n\nflags:\n")
		fs.PrintDefaults()
		fmt.Fprintf(fs.Output(), "\nprotocols:\n")
		for i, p := range protocols {
			fmt.Fprintf(fs.Output(), "  %2d  %s\n", i+1, p.Name)
		}
	}
	fs.IntVar(&cfg.AA, "aa", cfg.AA, "A/A gate runs per protocol and condition")
	fs.IntVar(&cfg.Runs, "runs", cfg.Runs, "gate runs per slowdown level, protocol and condition")
	levels := fs.String("levels", joinInts(cfg.Levels[1:]), "injected slowdowns in percent (A/A is always run)")
	conditions := fs.String("conditions", strings.Join(cfg.Conditions, ","), "machine conditions: quiet, drift")
	fs.IntVar(&cfg.Rounds, "rounds", cfg.Rounds, "rounds per gate run (the budget)")
	fs.StringVar(&cfg.Benchtime, "benchtime", cfg.Benchtime, "benchtime per round")
	fs.StringVar(&cfg.Threshold, "threshold", cfg.Threshold, "gate threshold")
	fs.StringVar(&cfg.Alpha, "alpha", cfg.Alpha, "gate significance level")
	only := fs.String("protocols", "", "comma-separated protocol numbers to run, default all")
	fs.StringVar(&cfg.OldBin, "old-bin", "", "a benchgate binary built from an earlier commit, for the -old-bin protocol")
	fs.IntVar(&cfg.Fillers, "fillers", cfg.Fillers, "other benchmarks in the fixture package besides the measured one, none of them changed by the slowdown")
	fs.StringVar(&cfg.Out, "out", cfg.Out, "directory to keep each run's JSON report (default: a temporary directory)")
	evalThresholds := fs.String("eval-thresholds", "", "also judge the non-adaptive runs at these thresholds in percent, e.g. 2,3,5")
	families := fs.String("families", "", "also judge the non-adaptive runs as one benchmark among this many comparisons (Bonferroni on the raw p, the first step of Holm), e.g. 190")
	fs.StringVar(&cfg.Rejudge, "rejudge", cfg.Rejudge, "run nothing: judge the non-adaptive runs saved by an earlier -out in this directory again with the current benchgate compare, under each -decide test")
	if err := fs.Parse(args); err != nil {
		return cfg, err
	}
	cfg.Levels = []int{0}
	if cfg.Runs > 0 {
		// -runs 0 is an A/A-only measurement: no slowdown levels to run or
		// to print.
		cfg.Levels = append(cfg.Levels, splitInts(*levels)...)
	}
	cfg.Conditions = strings.Split(*conditions, ",")
	if *only != "" {
		cfg.Protocols = nil
		for _, s := range strings.Split(*only, ",") {
			if n, err := strconv.Atoi(s); err == nil && n >= 1 && n <= len(protocols) {
				cfg.Protocols = append(cfg.Protocols, protocols[n-1])
			}
		}
	}
	cfg.EvalThresholds = splitInts(*evalThresholds)
	cfg.Families = splitInts(*families)
	return cfg, nil
}

// execute builds benchgate from the current directory into a temporary
// directory, then measures or, with Rejudge, judges saved runs again.
func (cfg config) execute(ctx context.Context, stdout, stderr io.Writer) error {
	work, err := os.MkdirTemp("", "benchgate-power-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(work)
	if cfg.Out == "" {
		cfg.Out = filepath.Join(work, "reports")
	}
	bin := filepath.Join(work, "benchgate")
	if out, err := exec.CommandContext(ctx, "go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		return fmt.Errorf("building benchgate: %v\n%s", err, out)
	}
	if cfg.Rejudge != "" {
		return rejudge(ctx, stdout, bin, cfg.Rejudge, cfg.Threshold, cfg.Alpha, cfg.Limit, cfg.Families)
	}
	results, err := measure(ctx, stderr, cfg, bin, work)
	if err != nil {
		return err
	}
	printTables(stdout, cfg, results)
	return nil
}

// splitInts parses a comma-separated list of positive integers, skipping
// anything else.
func splitInts(s string) []int {
	var out []int
	for _, f := range strings.Split(s, ",") {
		if n, err := strconv.Atoi(strings.TrimSpace(f)); err == nil && n > 0 {
			out = append(out, n)
		}
	}
	return out
}

// joinInts is the inverse of splitInts.
func joinInts(ns []int) string {
	s := make([]string, len(ns))
	for i, n := range ns {
		s[i] = strconv.Itoa(n)
	}
	return strings.Join(s, ",")
}
