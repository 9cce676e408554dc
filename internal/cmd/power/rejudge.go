package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/benchgate/benchgate/gate/decide"
	"github.com/benchgate/benchgate/gate/report"
)

// rejudgeTests are the tests saved runs are judged again with.
var rejudgeTests = []decide.Test{decide.UTest, decide.PairedSignTest}

// rejudgeKey groups saved runs: by condition, how they were measured and
// slowdown level.
type rejudgeKey struct {
	cond, measured string
	level          int
}

// rejudgeTally counts n runs; gate and fam count regressions per test
// ("utest") and per test and family ("utest/190").
type rejudgeTally struct {
	n         int
	gate, fam map[string]int
}

// savedRun reads the directory name of a run that -out saved,
// cond-level-protocol-NN (e.g. drift-5-interleaved-U-test-03), into its
// group. ok is false for an adaptive run, which is left out (where it
// stopped depended on the rule it ran with), and for a name that is not a
// run's.
//
// The interleaved runs of "interleaved + U-test" and "interleaved +
// paired" were measured alike, so they fall in one group, and so do the
// two split protocols' and the by-benchmark protocols'.
func savedRun(name string) (k rejudgeKey, ok bool) {
	parts := strings.SplitN(name, "-", 3)
	if len(parts) < 3 || strings.Contains(parts[2], "adaptive") {
		return k, false
	}
	level, err := strconv.Atoi(parts[1])
	if err != nil {
		return k, false
	}
	measured := "interleaved"
	if strings.HasPrefix(parts[2], "sequential") {
		measured = "sequential"
	}
	// The split and by-benchmark protocols measured differently from the
	// others.
	if strings.Contains(parts[2], slug(", 2× rounds ½ time")) {
		measured += ", 2× rounds ½ time"
	}
	if strings.Contains(parts[2], slug(" by benchmark")) {
		measured += " by benchmark"
	}
	return rejudgeKey{parts[0], measured, level}, true
}

// rejudge judges the runs saved in dir again with bin's compare, as the
// U-test and as the paired test, at threshold (limit as a fraction) and as
// one benchmark among each of families comparisons, and prints a table
// per rule to w.
func rejudge(ctx context.Context, w io.Writer, bin, dir, threshold, alpha string, limit float64, families []int) error {
	cells := map[rejudgeKey]*rejudgeTally{}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return err
	}
	for _, e := range entries {
		k, ok := savedRun(e.Name())
		if !ok {
			continue
		}
		c := cells[k]
		if c == nil {
			c = &rejudgeTally{gate: map[string]int{}, fam: map[string]int{}}
			cells[k] = c
		}
		c.n++
		run := filepath.Join(dir, e.Name())
		for _, test := range rejudgeTests {
			rep, err := compareSaved(ctx, bin, run, threshold, alpha, test)
			if err != nil {
				return err
			}
			c.add(rep, k.level, limit, families)
		}
	}
	if len(cells) == 0 {
		return fmt.Errorf("no saved non-adaptive runs in %s: want the directory an earlier -out gave, holding one cond-level-protocol-NN directory per run", dir)
	}
	printRejudged(w, cells, dir, threshold, alpha, families)
	return nil
}

// compareSaved judges the saved run in dir (its base.txt and head.txt) with
// bin's compare and test.
func compareSaved(ctx context.Context, bin, dir, threshold, alpha string, test decide.Test) (*judged, error) {
	cmd := exec.CommandContext(ctx, bin, "compare", "-format", "json", "-fail-on", "never", "-threshold", threshold, "-alpha", alpha, "-decide", string(test),
		filepath.Join(dir, "base.txt"), filepath.Join(dir, "head.txt"))
	out, err := cmd.Output()
	var rep report.JSONReport
	if jerr := json.Unmarshal(out, &rep); jerr != nil {
		return nil, fmt.Errorf("benchgate compare in %s: %v (%v)", dir, err, jerr)
	}
	return &judged{&rep, test}, nil
}

// add counts rep, a run at level judged again, into c: whether the gate
// counts it, and whether it is a regression beyond limit as one of each
// of families comparisons.
func (c *rejudgeTally) add(rep *judged, level int, limit float64, families []int) {
	if rep.counts(level) {
		c.gate[string(rep.test)]++
	}
	for _, f := range families {
		if rep.regression(limit, f) {
			c.fam[fmt.Sprintf("%s/%d", rep.test, f)]++
		}
	}
}

// printRejudged prints the tables of rejudge: one row per condition and
// way of measuring for each test, then for each family and test.
func printRejudged(w io.Writer, cells map[rejudgeKey]*rejudgeTally, dir, threshold, alpha string, families []int) {
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
	fmt.Fprintf(w, "saved runs in %s judged again at threshold %s, alpha %s, %s\n\n", dir, threshold, alpha, time.Now().UTC().Format("2006-01-02"))
	header(w, levels[1:])
	row := func(label string, count func(*rejudgeTally) int) {
		for _, cond := range conds {
			for _, measured := range []string{"sequential", "interleaved", "interleaved, 2× rounds ½ time", "interleaved by benchmark"} {
				if cells[rejudgeKey{cond, measured, 0}] == nil {
					continue
				}
				fmt.Fprintf(w, "| %s | %s %s |", cond, measured, label)
				for _, l := range levels {
					if c := cells[rejudgeKey{cond, measured, l}]; c != nil {
						fmt.Fprintf(w, " %d/%d |", count(c), c.n)
					} else {
						fmt.Fprintf(w, " – |")
					}
				}
				fmt.Fprintln(w)
			}
		}
	}
	for _, test := range rejudgeTests {
		row("judged by "+string(test), func(c *rejudgeTally) int { return c.gate[string(test)] })
	}
	for _, f := range families {
		for _, test := range rejudgeTests {
			row(fmt.Sprintf("judged by %s, one of %d comparisons", test, f), func(c *rejudgeTally) int { return c.fam[fmt.Sprintf("%s/%d", test, f)] })
		}
	}
}
