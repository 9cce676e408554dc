package compare

import (
	"encoding/csv"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// benchstatRow is one data row of benchstat's CSV output.
type benchstatRow struct {
	config    string // accumulated "key: value" header lines
	unit      string
	benchmark string
	centers   []string // one per column (file)
	cis       []string
	delta     string // "~", "+1.23%", or "" for a single column
	p         string // "p=0.123 n=10" or "n=1"
}

// parseBenchstatCSV reads what "benchstat -format csv" printed.
func parseBenchstatCSV(t *testing.T, path string) []benchstatRow {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	r := csv.NewReader(f)
	r.FieldsPerRecord = -1
	recs, err := r.ReadAll()
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	var rows []benchstatRow
	config := map[string]string{}
	var order []string
	unit := ""
	for i := 0; i < len(recs); i++ {
		rec := recs[i]
		switch {
		case len(rec) == 1 && strings.Contains(rec[0], ": "):
			k, v, _ := strings.Cut(rec[0], ": ")
			if _, ok := config[k]; !ok {
				order = append(order, k)
			}
			config[k] = v
		case len(rec) == 1 && rec[0] == "":
			// blank line between tables
		case rec[0] == "" && i+1 < len(recs) && recs[i+1][0] == "":
			// file header, then the unit row
			unit = recs[i+1][1]
			i++
		case rec[0] == "geomean":
		default:
			row := benchstatRow{unit: unit, benchmark: rec[0]}
			var parts []string
			for _, k := range order {
				if config[k] != "" {
					parts = append(parts, k+": "+config[k])
				}
			}
			row.config = strings.Join(parts, "\n")
			cols := rec[1:]
			if len(cols)%2 == 1 || len(cols) > 2 {
				// center,CI,center,CI,...,vs base,P
				nFiles := (len(cols) - 2) / 2
				for j := 0; j < nFiles; j++ {
					row.centers = append(row.centers, cols[2*j])
					row.cis = append(row.cis, cols[2*j+1])
				}
				row.delta, row.p = cols[len(cols)-2], cols[len(cols)-1]
			} else {
				row.centers = []string{cols[0]}
				row.cis = []string{cols[1]}
			}
			rows = append(rows, row)
		}
	}
	return rows
}

func configString(c Comparison) string {
	var parts []string
	for _, k := range c.ConfigOrder {
		parts = append(parts, k+": "+c.Config[k])
	}
	return strings.Join(parts, "\n")
}

// TestAgreesWithBenchstat checks, on real outputs that real projects
// published, that our summaries, deltas, p-values and significance calls
// match what benchstat printed for the same files.
func TestAgreesWithBenchstat(t *testing.T) {
	root := filepath.Join("testdata", "realdata")
	cases := []struct {
		dir, csv   string
		base, head []string // relative to dir; head nil = summary only
	}{
		{"flanksource-duty", "old-vs-new.benchstat.csv", []string{"old.txt"}, []string{"new.txt"}},
		{"quantumghost-log", "before-vs-after.benchstat.csv", []string{"before.txt"}, []string{"after.txt"}},
		{"zerjioang-sha3", "old-vs-new.benchstat.csv", []string{"old.txt"}, []string{"new.txt"}},
		{"grafana-mimir-prometheus", "before-vs-after.benchstat.csv", []string{"before.txt"}, []string{"after.txt"}},
		{"cockroach-roachprod-microbench", "pkg_server.set-a-vs-set-b.benchstat.csv", []string{"set-a/pkg_server-report.log"}, []string{"set-b/pkg_server-report.log"}},
		{"cockroach-roachprod-microbench", "pkg_util_hlc.set-a-vs-set-b.benchstat.csv", []string{"set-a/pkg_util_hlc-report.log"}, []string{"set-b/pkg_util_hlc-report.log"}},
		{"github-action-benchmark", "go_output.benchstat.csv", []string{"go_output.txt"}, nil},
		{"github-action-benchmark", "go_fiber_output.benchstat.csv", []string{"go_fiber_output.txt"}, nil},
		{"github-action-benchmark", "go_fiber_duplicate_names_output.benchstat.csv", []string{"go_fiber_duplicate_names_output.txt"}, nil},
		{"github-action-benchmark", "go_single_package_output.benchstat.csv", []string{"go_single_package_output.txt"}, nil},
	}
	totalRows, totalSig := 0, 0
	for _, tc := range cases {
		t.Run(tc.dir+"/"+tc.csv, func(t *testing.T) {
			dir := filepath.Join(root, tc.dir)
			want := parseBenchstatCSV(t, filepath.Join(dir, tc.csv))
			if len(want) == 0 {
				t.Fatal("parsed no rows from benchstat's CSV")
			}
			abs := func(ps []string) []string {
				var out []string
				for _, p := range ps {
					out = append(out, filepath.Join(dir, p))
				}
				return out
			}
			head := tc.head
			if head == nil {
				// Summary-only input: compare the file with itself
				// and check each side's summary.
				head = tc.base
			}
			res, err := Load(abs(tc.base), abs(head), DefaultOptions)
			if err != nil {
				t.Fatal(err)
			}
			got := map[string]Comparison{}
			for _, c := range res.Comparisons {
				key := configString(c) + "|" + c.Unit + "|" + c.Benchmark
				if _, dup := got[key]; dup {
					t.Errorf("duplicate comparison %q", key)
				}
				got[key] = c
			}
			if len(got) != len(want) {
				t.Errorf("got %d comparisons, benchstat printed %d rows", len(got), len(want))
			}
			for _, w := range want {
				key := w.config + "|" + w.unit + "|" + w.benchmark
				c, ok := got[key]
				if !ok {
					t.Errorf("benchstat row %q missing from our comparisons", key)
					continue
				}
				totalRows++
				checkCenter(t, key+" base", c.Base, w.centers[0])
				if len(w.centers) > 1 {
					checkCenter(t, key+" head", c.Head, w.centers[1])
				}
				checkCI(t, key+" base", c.Base, w.cis[0])
				if tc.head == nil {
					continue
				}
				// p-value and n, as benchstat formats them.
				if gotP := formatP(c); gotP != w.p {
					t.Errorf("%s: p column %q, benchstat %q", key, gotP, w.p)
				}
				// Significance and delta.
				sig := !math.IsNaN(c.P) && c.P <= res.Alpha
				if wantSig := w.delta != "~"; sig != wantSig {
					t.Errorf("%s: significant=%v (p=%v), benchstat says %q", key, sig, c.P, w.delta)
				}
				if sig {
					totalSig++
					if gotD := formatDelta(c); gotD != w.delta {
						t.Errorf("%s: delta %s, benchstat %s", key, gotD, w.delta)
					}
				}
			}
		})
	}
	t.Logf("checked %d rows against benchstat, %d of them significant", totalRows, totalSig)
	if totalSig == 0 {
		t.Error("no significant row was checked; the test data should include some")
	}
}

func checkCenter(t *testing.T, what string, e *Estimate, want string) {
	t.Helper()
	if e == nil {
		if want != "" {
			t.Errorf("%s: no data, benchstat has %s", what, want)
		}
		return
	}
	w, err := strconv.ParseFloat(want, 64)
	if err != nil {
		t.Errorf("%s: benchstat center %q: %v", what, want, err)
		return
	}
	if !closeEnough(e.Center, w) {
		t.Errorf("%s: center %v, benchstat %v", what, e.Center, w)
	}
}

// checkCI compares the interval the way benchstat prints it in CSV: the
// larger side of the interval as a rounded percentage of the center.
func checkCI(t *testing.T, what string, e *Estimate, want string) {
	t.Helper()
	if e == nil {
		return
	}
	var got string
	switch {
	case math.IsInf(e.Low, 0) || math.IsInf(e.High, 0):
		got = "∞"
	case e.Center == 0:
		got = "0%"
	default:
		got = fmt.Sprintf("%.0f%%", 100*math.Max(e.High/e.Center-1, 1-e.Low/e.Center))
	}
	if got != want {
		t.Errorf("%s: interval %s, benchstat %s", what, got, want)
	}
}

func closeEnough(a, b float64) bool {
	if a == b {
		return true
	}
	return math.Abs(a-b) <= 1e-9*math.Max(math.Abs(a), math.Abs(b))
}

func formatP(c Comparison) string {
	p := c.P
	if math.IsNaN(p) {
		p = 1
	}
	s := ""
	if p != 0 {
		s = fmt.Sprintf("p=%0.3f ", p)
	}
	if c.Base.N == c.Head.N {
		return s + fmt.Sprintf("n=%d", c.Base.N)
	}
	return s + fmt.Sprintf("n=%d+%d", c.Base.N, c.Head.N)
}

func formatDelta(c Comparison) string {
	if c.Base.Center == c.Head.Center {
		return "0.00%"
	}
	if c.Base.Center == 0 {
		return "?"
	}
	return fmt.Sprintf("%+.2f%%", c.Delta*100)
}
