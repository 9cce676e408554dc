// Command placement measures how much of a comparison's run-to-run
// spread comes from where the test binaries sit in memory, and whether the
// per-round ratios of a run are independent, as benchgate's tests assume.
//
// It runs one benchmark of two test binaries (base and head: two
// toolchains' builds of one package, or two copies of one build for an
// A/A) in blocks of interleaved rounds, each block a stand-in for one
// benchgate run, under two schemes taking turns block by block:
//
//   - fresh: a new copy of each binary for every process, deleted after it
//     (what benchgate does by default, -fresh-binaries);
//   - block: one copy of each binary per block, used by all its rounds
//     (what -fresh-binaries=false does within one run).
//
// For each scheme it prints the spread of the blocks' median ratios
// head/base beside the spread that independent rounds predict from the
// per-round ratios, and the autocorrelation of the per-round log ratios.
// docs/statistics.md has the measurement and the command that made it.
//
// # Usage
//
//	go run ./internal/cmd/placement -base base.test -head head.test -dir PKGDIR \
//	    -bench REGEXP [-benchtime 25ms] [-blocks 16] [-rounds 10] [-schemes fresh,block]
//
// The binaries are copied next to themselves, by benchgate's own
// runner.FreshCopy; -dir is the directory the benchmarks run in (their
// package's, for testdata).
package main

import (
	"flag"
	"fmt"
	"log"
	"math"
	"os"
	"os/exec"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/benchgate/benchgate/gate/runner"
)

func main() {
	base := flag.String("base", "", "base side's test `binary`")
	head := flag.String("head", "", "head side's test `binary`")
	dir := flag.String("dir", ".", "`directory` the benchmarks run in")
	bench := flag.String("bench", "", "-test.bench `regexp` selecting one benchmark")
	benchtime := flag.String("benchtime", "25ms", "-test.benchtime of every process")
	blocks := flag.Int("blocks", 16, "blocks per scheme")
	rounds := flag.Int("rounds", 10, "interleaved rounds per block")
	schemes := flag.String("schemes", "fresh,block", "schemes to take turns with: fresh, block")
	flag.Parse()
	log.SetFlags(0)
	if *base == "" || *head == "" || *bench == "" {
		log.Fatal("placement: -base, -head and -bench are required")
	}
	m := measurer{dir: *dir, bench: *bench, benchtime: *benchtime}
	names := strings.Split(*schemes, ",")
	ratios := map[string][][]float64{}
	for b := 0; b < *blocks; b++ {
		for _, s := range names {
			r, err := m.block(s, *base, *head, *rounds)
			if err != nil {
				log.Fatalf("placement: block %d, scheme %s: %v", b+1, s, err)
			}
			ratios[s] = append(ratios[s], r)
			fmt.Printf("block %2d %-5s median ratio %+.2f%%\n", b+1, s, (median(r)-1)*100)
		}
	}
	fmt.Println()
	fmt.Println("| scheme | rounds | median ratio | per-round ratio, robust sd | block medians, robust sd | predicted for independent rounds | block medians, range | lag-1 autocorrelation of per-round log ratios |")
	fmt.Println("|---|---|---|---|---|---|---|---|")
	for _, s := range names {
		summarise(s, ratios[s], *rounds)
	}
}

// measurer runs one benchmark of a test binary and reads its sec/op.
type measurer struct {
	dir, bench, benchtime string
}

var nsPerOp = regexp.MustCompile(`\s([0-9.e+]+) ns/op`)

func (m measurer) run(binary string) (float64, error) {
	cmd := exec.Command(binary, "-test.run=^$", "-test.bench="+m.bench, "-test.benchtime="+m.benchtime)
	cmd.Dir = m.dir
	out, err := cmd.CombinedOutput()
	if err != nil {
		return 0, fmt.Errorf("%s: %v\n%s", binary, err, out)
	}
	found := nsPerOp.FindAllSubmatch(out, -1)
	if len(found) != 1 {
		return 0, fmt.Errorf("%s: want one result for -bench %q, got %d:\n%s", binary, m.bench, len(found), out)
	}
	return strconv.ParseFloat(string(found[0][1]), 64)
}

// block runs rounds interleaved rounds, the order alternating, and
// returns their ratios head/base.
func (m measurer) block(scheme, base, head string, rounds int) ([]float64, error) {
	var fixed [2]string
	if scheme == "block" {
		for i, b := range []string{base, head} {
			c, err := runner.FreshCopy(b)
			if err != nil {
				return nil, err
			}
			defer os.Remove(c)
			fixed[i] = c
		}
	} else if scheme != "fresh" {
		return nil, fmt.Errorf("unknown scheme %q: want fresh or block", scheme)
	}
	var out []float64
	for r := 0; r < rounds; r++ {
		order := []int{0, 1}
		if r%2 == 1 {
			order = []int{1, 0}
		}
		var t [2]float64
		for _, i := range order {
			bin := fixed[i]
			if scheme == "fresh" {
				c, err := runner.FreshCopy([]string{base, head}[i])
				if err != nil {
					return nil, err
				}
				bin = c
			}
			v, err := m.run(bin)
			if scheme == "fresh" {
				os.Remove(bin)
			}
			if err != nil {
				return nil, err
			}
			t[i] = v
		}
		out = append(out, t[1]/t[0])
	}
	return out, nil
}

func summarise(scheme string, blocks [][]float64, rounds int) {
	var all, medians []float64
	for _, b := range blocks {
		for _, r := range b {
			all = append(all, math.Log(r))
		}
		medians = append(medians, math.Log(median(b)))
	}
	sd := robustSD(all)
	lo, hi := slices.Min(medians), slices.Max(medians)
	fmt.Printf("| %s | %d × %d | %+.1f%% | %.1f%% | %.1f%% | %.1f%% | %+.1f … %+.1f%% | %.2f |\n", scheme, len(blocks), rounds,
		(math.Exp(median(all))-1)*100, sd*100, robustSD(medians)*100, 1.2533*sd/math.Sqrt(float64(rounds))*100,
		(math.Exp(lo)-1)*100, (math.Exp(hi)-1)*100, lag1(all))
}

func median(x []float64) float64 {
	y := slices.Clone(x)
	slices.Sort(y)
	n := len(y)
	if n%2 == 1 {
		return y[n/2]
	}
	return (y[n/2-1] + y[n/2]) / 2
}

// robustSD is the median absolute deviation scaled to a normal's standard
// deviation: one slow copy's outlier does not make it.
func robustSD(x []float64) float64 {
	m := median(x)
	dev := make([]float64, len(x))
	for i, v := range x {
		dev[i] = math.Abs(v - m)
	}
	return 1.4826 * median(dev)
}

func lag1(x []float64) float64 {
	var mean float64
	for _, v := range x {
		mean += v
	}
	mean /= float64(len(x))
	var num, den float64
	for i, v := range x {
		den += (v - mean) * (v - mean)
		if i > 0 {
			num += (v - mean) * (x[i-1] - mean)
		}
	}
	return num / den
}
