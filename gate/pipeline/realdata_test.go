package pipeline

import (
	"context"
	"encoding/csv"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/benchgate/benchgate/gate/compare"
	"github.com/benchgate/benchgate/gate/decide"
	"github.com/benchgate/benchgate/gate/report"
	"github.com/benchgate/benchgate/gate/usage"
)

// TestCompareShowsWhatBenchstatShows: at compare's defaults, every change
// that benchstat itself marked significant at p <= 0.01 and at least 10%
// on the real published data in gate/compare/testdata/realdata is a
// regression or an improvement in the right direction, not "~" or "too
// few samples".
func TestCompareShowsWhatBenchstatShows(t *testing.T) {
	root := "../compare/testdata/realdata"
	cases := []struct{ dir, csv, base, head string }{
		{"flanksource-duty", "old-vs-new.benchstat.csv", "old.txt", "new.txt"},
		{"quantumghost-log", "before-vs-after.benchstat.csv", "before.txt", "after.txt"},
		{"zerjioang-sha3", "old-vs-new.benchstat.csv", "old.txt", "new.txt"},
		{"grafana-mimir-prometheus", "before-vs-after.benchstat.csv", "before.txt", "after.txt"},
		{"cockroach-roachprod-microbench", "pkg_server.set-a-vs-set-b.benchstat.csv", "set-a/pkg_server-report.log", "set-b/pkg_server-report.log"},
		{"cockroach-roachprod-microbench", "pkg_util_hlc.set-a-vs-set-b.benchstat.csv", "set-a/pkg_util_hlc-report.log", "set-b/pkg_util_hlc-report.log"},
	}
	total := 0
	for _, tc := range cases {
		dir := filepath.Join(root, tc.dir)
		f, _ := os.Open(filepath.Join(dir, tc.csv))
		r := csv.NewReader(f)
		r.FieldsPerRecord = -1
		recs, _ := r.ReadAll()
		f.Close()
		unit := ""
		type want struct{ bench, unit, delta, p string }
		var ws []want
		for i := 0; i < len(recs); i++ {
			rec := recs[i]
			if len(rec) > 1 && rec[0] == "" && i+1 < len(recs) && recs[i+1][0] == "" {
				unit = recs[i+1][1]
				i++
				continue
			}
			if len(rec) < 7 || rec[0] == "geomean" {
				continue
			}
			d, p := rec[len(rec)-2], rec[len(rec)-1]
			if d == "~" || !strings.HasPrefix(p, "p=") {
				continue
			}
			pv, _ := strconv.ParseFloat(strings.Fields(strings.TrimPrefix(p, "p="))[0], 64)
			dv, _ := strconv.ParseFloat(strings.TrimSuffix(strings.TrimPrefix(d, "+"), "%"), 64)
			if pv <= 0.01 && (dv >= 10 || dv <= -10) {
				ws = append(ws, want{rec[0], unit, d, p})
			}
		}
		// compare's defaults: benchstat's alpha and test.
		p := decide.DefaultPolicy
		p.Test = decide.UTest
		rep, err := Analyze(context.Background(), []string{filepath.Join(dir, tc.base)}, []string{filepath.Join(dir, tc.head)}, p, compare.DefaultOptions, usage.Flags)
		if err != nil {
			t.Fatal(err)
		}
		for _, w := range ws {
			total++
			want := decide.Improvement
			if worse := strings.HasPrefix(w.delta, "+") == (w.unit != "B/s"); worse {
				want = decide.Regression
			}
			found := false
			for _, d := range rep.Decisions {
				if d.Benchmark != w.bench || d.Unit != w.unit {
					continue
				}
				found = true
				if d.Status != want {
					t.Errorf("%s: %s %s: benchstat says %s (%s); benchgate says %s (%s, p %v adjusted %v, %s)",
						tc.dir, w.bench, w.unit, w.delta, w.p, d.Status, report.FormatDelta(d), d.TestP, d.PAdjusted, d.Note)
				}
			}
			if !found {
				t.Errorf("%s: %s %s: no comparison", tc.dir, w.bench, w.unit)
			}
		}
	}
	// The data hold 25 such changes (benchstat's text output lists them).
	if total != 25 {
		t.Errorf("found %d changes with p <= 0.01 and |delta| >= 10%% in benchstat's output, want 25", total)
	}
}
