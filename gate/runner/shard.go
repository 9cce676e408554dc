package runner

// Shards: a run that measures only its slice of the benchmark functions
// (plan.Shard). The slice is chosen after listing, from the names every
// side's binary lists, so that every side and every run agree on it; a
// package whose binary cannot list its functions runs whole, in the one
// shard its import path picks.

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/benchgate/benchgate/gate/plan"
)

// ErrEmptyShard is returned (wrapped) by Run when the plan's shard holds
// none of the packages' benchmark functions: there is nothing to measure,
// which is not a failure of this shard (its siblings have them all).
var ErrEmptyShard = errors.New("this shard holds none of the benchmark functions")

// inShard returns the functions of fns (of the package importPath) that
// are in the plan's shard, and remembers every function seen, for the
// note.
func (st *runState) inShard(importPath string, fns []string) []string {
	sh := st.plan.Shard
	if !sh.On() {
		return fns
	}
	if st.shardSeen == nil {
		st.shardSeen = map[string]bool{}
	}
	var out []string
	for _, f := range fns {
		in := sh.Has(importPath, f)
		st.shardSeen[importPath+"\x00"+f] = in
		if in {
			out = append(out, f)
		}
	}
	return out
}

// listedEverywhere reports whether every side that has the package
// importPath listed its functions.
func (st *runState) listedEverywhere(importPath string) bool {
	for _, s := range st.out.Sides {
		if pkg := s.pkg(importPath); pkg != nil && !pkg.Listed {
			return false
		}
	}
	return true
}

// packageBench is the -test.bench expression of a process that runs the
// package importPath whole: the plan's, narrowed to the shard's functions
// when the run is sharded. It reports false when the package has nothing
// to run: every side listed its functions and none is a benchmark that
// -bench selects (in the shard), so a process would only run its
// TestMain, every round.
func (st *runState) packageBench(importPath string) (string, bool) {
	sh := st.plan.Shard
	if !st.listedEverywhere(importPath) {
		return st.plan.Bench, !sh.On() || sh.HasPackage(importPath)
	}
	if !sh.On() {
		for _, s := range st.out.Sides {
			if pkg := s.pkg(importPath); pkg != nil && len(pkg.Benchmarks) > 0 {
				return st.plan.Bench, true
			}
		}
		return "", false
	}
	var fns []string
	for _, s := range st.out.Sides {
		if pkg := s.pkg(importPath); pkg != nil {
			for _, f := range pkg.Benchmarks {
				if !slices.Contains(fns, f) {
					fns = append(fns, f)
				}
			}
		}
	}
	var alts []string
	for _, f := range fns {
		alts = append(alts, plan.OneBenchmark(st.plan.Bench, f))
	}
	return strings.Join(alts, "|"), len(alts) > 0
}

// noteShard says what the shard holds, once every binary is listed, and
// returns ErrEmptyShard when it holds nothing.
func (st *runState) noteShard() error {
	sh := st.plan.Shard
	if !sh.On() {
		return nil
	}
	in := 0
	for _, ok := range st.shardSeen {
		if ok {
			in++
		}
	}
	st.out.ShardFunctions, st.out.AllFunctions = in, len(st.shardSeen)
	st.progress("shard %s: %d of the %d benchmark function(s) that {bench} selects (a function's shard is a hash of its package and name)", sh, in, len(st.shardSeen))
	whole := 0
	for _, ip := range st.unionPackages() {
		if st.listedEverywhere(ip) {
			continue
		}
		where := fmt.Sprintf("it is in shard %d", plan.Of(ip, "", sh.N))
		if sh.HasPackage(ip) {
			where = "it runs whole in this shard"
			whole++
		}
		st.progress("shard %s: the benchmarks of %s could not be listed on every side, so the package is sharded by its import path: %s", sh, ip, where)
	}
	if in == 0 && whole == 0 {
		return fmt.Errorf("%w (shard %s of %d benchmark function(s))", ErrEmptyShard, sh, len(st.shardSeen))
	}
	return nil
}
