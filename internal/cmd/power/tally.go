package main

import (
	"fmt"
	"io"
	"math"
	"runtime"
	"sort"
	"strings"
	"time"

	"github.com/benchgate/benchgate/gate/decide"
	"github.com/benchgate/benchgate/gate/report"
)

// judged is one gate run's JSON report and the test it was decided with.
type judged struct {
	*report.JSONReport
	test decide.Test
}

// measured says whether comparison benchmark is of the fixture's measured
// benchmark, not one of its fillers.
func measured(benchmark string) bool {
	return benchmark == "Work" || strings.HasPrefix(benchmark, "Work-")
}

// unit is the unit the run gates the measured benchmark on: sec/op, or
// instructions/op for a run that counted instructions (-measure
// instructions).
func (r *judged) unit() string {
	for _, c := range r.Comparisons {
		if measured(c.Benchmark) && c.Unit == "instructions/op" {
			return c.Unit
		}
	}
	return "sec/op"
}

// counts says whether the run counts in its cell's tally: a failed gate
// for an A/A run (a false alarm, whichever benchmark raised it), a
// significant regression of the measured benchmark for a slowdown (a
// filler's false alarm is not a detection).
func (r *judged) counts(level int) bool {
	if level == 0 {
		return r.Verdict == decide.RegressionVerdict
	}
	unit := r.unit()
	for _, c := range r.Comparisons {
		if measured(c.Benchmark) && c.Unit == unit && c.Status == decide.Regression {
			return true
		}
	}
	return false
}

// regression judges the run again: a worse sec/op change beyond threshold
// that is significant as the gate decided it (family 0), or whose raw p
// of the test the run decided with, Holm-adjusted as the smallest of
// family p-values, is at most alpha: one changed benchmark among family
// comparisons.
func (r *judged) regression(threshold float64, family int) bool {
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
		if r.test == decide.PairedSignTest {
			p = nil
			if c.Paired != nil {
				p = c.Paired.P
			}
		}
		if p != nil && holmFirst(*p, family) <= r.Alpha {
			return true
		}
	}
	return false
}

// holmFirst is the Holm-adjusted p-value of p as the smallest in a family
// of family p-values: the first step of Holm, Bonferroni on p, min(1,
// family × p). The rest of the family is given p = 1, so that p is the
// smallest.
func holmFirst(p float64, family int) float64 {
	ps := make([]float64, family)
	ps[0] = p
	for i := 1; i < family; i++ {
		ps[i] = 1
	}
	return decide.Holm(ps)[0]
}

// delta is the measured benchmark's change in its gating unit (sec/op,
// or instructions/op), or NaN.
func (r *judged) delta() float64 {
	unit := r.unit()
	for _, c := range r.Comparisons {
		if measured(c.Benchmark) && c.Unit == unit && c.Delta != nil {
			return *c.Delta
		}
	}
	return math.NaN()
}

// rule is another way to judge the non-adaptive runs: at another
// threshold, or as one benchmark among family comparisons.
type rule struct {
	name      string
	threshold float64
	family    int
}

// rules are the other rules cfg asks for: each of EvalThresholds, then
// each of Families at Threshold.
func (cfg config) rules() []rule {
	var rules []rule
	for _, t := range cfg.EvalThresholds {
		rules = append(rules, rule{fmt.Sprintf("threshold %d%%", t), float64(t) / 100, 0})
	}
	for _, f := range cfg.Families {
		rules = append(rules, rule{fmt.Sprintf("threshold %s, one of %d comparisons", cfg.Threshold, f), cfg.Limit, f})
	}
	return rules
}

// printTables prints the tables of results as markdown: false alarms on
// A/A, detection per slowdown and wall time per condition and protocol,
// then the same runs judged again under each of cfg's other rules.
func printTables(w io.Writer, cfg config, results map[cellKey]*cell) {
	fmt.Fprintf(w, "rounds %d, benchtime %s, threshold %s, alpha %s, fillers %d, GOMAXPROCS %d, %s\n\n", cfg.Rounds, cfg.Benchtime, cfg.Threshold, cfg.Alpha, cfg.Fillers, runtime.GOMAXPROCS(0), time.Now().UTC().Format("2006-01-02"))
	slowdowns := cfg.Levels[1:]
	header(w, slowdowns, "median wall time", "A/A delta range")
	for _, cond := range cfg.Conditions {
		for _, p := range cfg.Protocols {
			aa := results[cellKey{cond, p.Name, 0}]
			if aa == nil {
				continue
			}
			fmt.Fprintf(w, "| %s | %s | %d/%d |", cond, p.Name, aa.fails, aa.n)
			var walls []float64
			walls = append(walls, aa.walls...)
			for _, l := range slowdowns {
				c := results[cellKey{cond, p.Name, l}]
				fmt.Fprintf(w, " %d/%d |", c.fails, c.n)
				walls = append(walls, c.walls...)
			}
			lo, hi := bounds(aa.deltas)
			fmt.Fprintf(w, " %.1f s | %+.1f%% … %+.1f%% |\n", median(walls), 100*lo, 100*hi)
		}
	}

	// Adaptive runs are left out: where they stopped depended on the
	// threshold they ran with.
	for _, r := range cfg.rules() {
		fmt.Fprintf(w, "\nJudged again at %s (non-adaptive protocols):\n\n", r.name)
		header(w, slowdowns)
		for _, cond := range cfg.Conditions {
			for _, p := range cfg.Protocols {
				if strings.Contains(p.Name, "adaptive") || results[cellKey{cond, p.Name, 0}] == nil {
					continue
				}
				fmt.Fprintf(w, "| %s | %s |", cond, p.Name)
				for _, l := range cfg.Levels {
					c := results[cellKey{cond, p.Name, l}]
					n := 0
					for _, rep := range c.runs {
						if rep.regression(r.threshold, r.family) {
							n++
						}
					}
					fmt.Fprintf(w, " %d/%d |", n, len(c.runs))
				}
				fmt.Fprintf(w, "\n")
			}
		}
	}
}

// header prints a table's header: condition, protocol, A/A, one column
// per slowdown level, then extra columns.
func header(w io.Writer, levels []int, extra ...string) {
	cols := []string{"condition", "protocol", "A/A false alarms"}
	for _, l := range levels {
		cols = append(cols, fmt.Sprintf("+%d%% caught", l))
	}
	cols = append(cols, extra...)
	fmt.Fprintf(w, "| %s |\n|%s\n", strings.Join(cols, " | "), strings.Repeat("---|", len(cols)))
}

// median is the median of xs, or NaN if there are none.
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

// bounds is the range of xs, leaving out NaNs.
func bounds(xs []float64) (lo, hi float64) {
	lo, hi = math.Inf(1), math.Inf(-1)
	for _, x := range xs {
		if !math.IsNaN(x) {
			lo, hi = math.Min(lo, x), math.Max(hi, x)
		}
	}
	return lo, hi
}
