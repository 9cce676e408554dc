package main

import (
	"bytes"
	"encoding/json"
	"math"
	"strings"
	"testing"

	"github.com/benchgate/benchgate/gate/decide"
	"github.com/benchgate/benchgate/gate/report"
)

// decode reads a benchgate JSON report the way gate and compareSaved do.
func decode(t *testing.T, s string, test decide.Test) *judged {
	t.Helper()
	var rep report.JSONReport
	if err := json.Unmarshal([]byte(s), &rep); err != nil {
		t.Fatal(err)
	}
	return &judged{&rep, test}
}

// slowdown is a run at +5% whose measured benchmark is a significant
// regression; a filler has a larger, significant change, and B/op none.
const slowdown = `{"verdict": "regression", "alpha": 0.05, "comparisons": [
	{"benchmark": "Filler01-2", "unit": "sec/op", "delta": 0.2, "p": 0.0001, "significant": true, "worse": true, "status": "regression"},
	{"benchmark": "Work-2", "unit": "B/op", "delta": 0, "p": 1, "significant": false, "worse": false, "status": "unchanged"},
	{"benchmark": "Work-2", "unit": "sec/op", "delta": 0.05, "p": 0.0002, "significant": true, "worse": true, "status": "regression",
	 "paired": {"ratio": 1.05, "n": 8, "p": 0.0078125}}]}`

// fillerAlarm is an A/A run that failed on a filler alone.
const fillerAlarm = `{"verdict": "regression", "alpha": 0.05, "comparisons": [
	{"benchmark": "Work-2", "unit": "sec/op", "delta": -0.01, "p": 0.4, "significant": false, "worse": false, "status": "unchanged"},
	{"benchmark": "Filler03-2", "unit": "sec/op", "delta": 0.04, "p": 0.001, "significant": true, "worse": true, "status": "regression"}]}`

func TestCounts(t *testing.T) {
	rep := decode(t, slowdown, decide.UTest)
	if !rep.counts(5) {
		t.Errorf("slowdown: a regression of Work is not counted as caught")
	}
	if !rep.counts(0) {
		t.Errorf("slowdown judged as A/A: a regression verdict is not counted as a false alarm")
	}
	alarm := decode(t, fillerAlarm, decide.UTest)
	if !alarm.counts(0) {
		t.Errorf("A/A: a filler's regression is not counted as a false alarm")
	}
	if alarm.counts(5) {
		t.Errorf("a filler's regression is counted as catching the slowdown")
	}
	if got := rep.delta(); got != 0.05 {
		t.Errorf("slowdown delta = %v, want 0.05 (Work's sec/op, not the filler's or B/op)", got)
	}
	if got := decode(t, `{"verdict": "error", "comparisons": []}`, decide.UTest).delta(); !math.IsNaN(got) {
		t.Errorf("delta of a report without comparisons = %v, want NaN", got)
	}
}

func TestRegression(t *testing.T) {
	for _, tt := range []struct {
		test      decide.Test
		threshold float64
		family    int
		want      bool
	}{
		{decide.UTest, 0.03, 0, true},           // significant, 5% > 3%
		{decide.UTest, 0.05, 0, false},          // not beyond the threshold
		{decide.UTest, 0.03, 190, true},         // 190 × 0.0002 = 0.038 <= 0.05
		{decide.UTest, 0.03, 300, false},        // 300 × 0.0002 = 0.06
		{decide.PairedSignTest, 0.03, 6, true},  // 6 × 0.0078125 = 0.047
		{decide.PairedSignTest, 0.03, 7, false}, // 7 × 0.0078125 = 0.055
	} {
		rep := decode(t, slowdown, tt.test)
		if got := rep.regression(tt.threshold, tt.family); got != tt.want {
			t.Errorf("%s at threshold %v, family %d: regression = %v, want %v", tt.test, tt.threshold, tt.family, got, tt.want)
		}
	}
	// Neither a filler's regression nor an improvement of Work is one.
	rep := decode(t, fillerAlarm, decide.PairedSignTest)
	if rep.regression(0, 1) {
		t.Errorf("fillerAlarm judged as paired: a filler or an improvement counted")
	}
}

// TestHolmFirst checks that Holm's first step is the Bonferroni bound the
// harness has always used, family × p compared with alpha.
func TestHolmFirst(t *testing.T) {
	for _, p := range []float64{0, 1e-6, 0.0002, 0.0078125, 0.01, 0.3, 1} {
		for _, f := range []int{1, 2, 7, 190} {
			want := math.Min(1, p*float64(f))
			if got := holmFirst(p, f); got != want {
				t.Errorf("holmFirst(%v, %d) = %v, want %v", p, f, got, want)
			}
		}
	}
}

func TestSavedRun(t *testing.T) {
	for _, tt := range []struct {
		name string
		want rejudgeKey
		ok   bool
	}{
		{"drift-5-interleaved-U-test-03", rejudgeKey{"drift", "interleaved", 5}, true},
		{"quiet-0-sequential-U-test-00", rejudgeKey{"quiet", "sequential", 0}, true},
		{"quiet-10-interleaved-U-test-2xroundshalftime-01", rejudgeKey{"quiet", "interleaved, 2× rounds ½ time", 10}, true},
		{"quiet-3-interleavedbybenchmark-paired-07", rejudgeKey{"quiet", "interleaved by benchmark", 3}, true},
		{"quiet-0-interleaved-paired-adaptive-00", rejudgeKey{}, false},
		{"quiet-x-interleaved-paired-00", rejudgeKey{}, false},
		{"notes.txt", rejudgeKey{}, false},
	} {
		got, ok := savedRun(tt.name)
		if got != tt.want || ok != tt.ok {
			t.Errorf("savedRun(%q) = %+v, %v, want %+v, %v", tt.name, got, ok, tt.want, tt.ok)
		}
	}
	// The directory names the harness writes are read back as written.
	for _, p := range protocols {
		if _, ok := savedRun("quiet-5-" + slug(p.Name) + "-00"); ok == strings.Contains(p.Name, "adaptive") {
			t.Errorf("protocol %q: savedRun ok = %v", p.Name, ok)
		}
	}
}

func TestRejudgeTally(t *testing.T) {
	c := &rejudgeTally{gate: map[string]int{}, fam: map[string]int{}}
	for _, test := range rejudgeTests {
		c.add(decode(t, slowdown, test), 5, 0.03, []int{6, 190})
	}
	c.add(decode(t, fillerAlarm, decide.UTest), 5, 0.03, []int{6, 190})
	want := map[string]int{"utest": 1, "paired": 1}
	wantFam := map[string]int{"utest/6": 1, "utest/190": 1, "paired/6": 1}
	if len(c.gate) != len(want) || c.gate["utest"] != 1 || c.gate["paired"] != 1 {
		t.Errorf("gate = %v, want %v", c.gate, want)
	}
	if len(c.fam) != len(wantFam) {
		t.Errorf("fam = %v, want %v", c.fam, wantFam)
	}
	for k, n := range wantFam {
		if c.fam[k] != n {
			t.Errorf("fam[%s] = %d, want %d", k, c.fam[k], n)
		}
	}
}

func TestHeaderAndStats(t *testing.T) {
	var b bytes.Buffer
	header(&b, []int{5, 10}, "median wall time")
	want := "| condition | protocol | A/A false alarms | +5% caught | +10% caught | median wall time |\n|---|---|---|---|---|---|\n"
	if b.String() != want {
		t.Errorf("header:\n%s\nwant:\n%s", b.String(), want)
	}
	if got := median([]float64{3, 1, 2, 10}); got != 2.5 {
		t.Errorf("median = %v, want 2.5", got)
	}
	if lo, hi := bounds([]float64{0.01, math.NaN(), -0.02, 0.03}); lo != -0.02 || hi != 0.03 {
		t.Errorf("bounds = %v, %v, want -0.02, 0.03", lo, hi)
	}
}

func TestParseFlags(t *testing.T) {
	var stderr bytes.Buffer
	cfg, err := parseFlags([]string{"-levels", "5, x,10,-1", "-protocols", "3,11,99,0", "-families", "190"}, &stderr)
	if err != nil {
		t.Fatal(err)
	}
	if len(cfg.Levels) != 3 || cfg.Levels[0] != 0 || cfg.Levels[1] != 5 || cfg.Levels[2] != 10 {
		t.Errorf("Levels = %v, want [0 5 10]", cfg.Levels)
	}
	if len(cfg.Protocols) != 2 || cfg.Protocols[0].Name != "interleaved + paired" || cfg.Protocols[1].Name != "by benchmark + paired + adaptive, full rounds" {
		t.Errorf("Protocols = %v, want 3 and 11", cfg.Protocols)
	}
	if len(cfg.Families) != 1 || cfg.Families[0] != 190 || cfg.Threshold != "2%" || cfg.Rounds != 10 {
		t.Errorf("cfg = %+v", cfg)
	}
	// -runs 0 measures A/A only: its tables have no slowdown columns
	// (they once read cells that were never run).
	aa, err := parseFlags([]string{"-runs", "0", "-levels", "1,2"}, &stderr)
	if err != nil {
		t.Fatal(err)
	}
	if len(aa.Levels) != 1 || aa.Levels[0] != 0 {
		t.Errorf("-runs 0: Levels = %v, want [0]", aa.Levels)
	}
	var tables bytes.Buffer
	aa.Conditions = []string{"quiet"}
	p := aa.Protocols[0].Name
	printTables(&tables, aa, map[cellKey]*cell{{"quiet", p, 0}: {n: 50, walls: []float64{7}, deltas: []float64{0.001}}})
	if !strings.Contains(tables.String(), "| quiet | "+p+" | 0/50 | 7.0 s | +0.1% … +0.1% |") {
		t.Errorf("-runs 0 tables:\n%s", tables.String())
	}
	def, err := parseFlags(nil, &stderr)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range def.Protocols {
		if p.Old {
			t.Errorf("protocol %q needs -old-bin but runs by default", p.Name)
		}
	}
	// Every protocol but the three that need -old-bin (15, 17 and 18).
	if len(def.Levels) != 5 || len(def.Protocols) != len(protocols)-3 || len(def.Conditions) != 2 {
		t.Errorf("defaults: levels %v, %d protocols, conditions %v", def.Levels, len(def.Protocols), def.Conditions)
	}
}
