package main

import (
	"context"
	"fmt"
	"io"
	"path/filepath"
	"time"
)

// cellKey names a cell of the tables: the runs of one protocol at one
// slowdown level (0 for A/A) under one condition.
type cellKey struct {
	cond  string
	proto string
	level int
}

// cell is what the runs of one cell came to.
type cell struct {
	// fails counts the runs that count (see judged.counts) among n.
	fails, n int
	// walls are the runs' wall times in seconds, deltas the measured
	// benchmark's sec/op changes.
	walls  []float64
	deltas []float64
	runs   []*judged
}

// measure makes a fixture per level in work and runs the gate cfg asks
// for, logging each run to progress. Within each repetition the protocols
// take turns, so slow changes of the machine fall on all of them alike.
func measure(ctx context.Context, progress io.Writer, cfg config, bin, work string) (map[cellKey]*cell, error) {
	repos := map[int]string{}
	for _, l := range cfg.Levels {
		repo, err := fixture(ctx, work, l, cfg.Fillers)
		if err != nil {
			return nil, err
		}
		repos[l] = repo
	}
	results := map[cellKey]*cell{}
	for _, cond := range cfg.Conditions {
		if err := measureCondition(ctx, progress, cfg, bin, repos, cond, results); err != nil {
			return nil, err
		}
	}
	return results, nil
}

// measureCondition runs every level and protocol under cond into results.
func measureCondition(ctx context.Context, progress io.Writer, cfg config, bin string, repos map[int]string, cond string, results map[cellKey]*cell) error {
	if cond == "drift" {
		stop := drift(3*time.Second, 2)
		defer stop()
	}
	for _, l := range cfg.Levels {
		n := cfg.Runs
		if l == 0 {
			n = cfg.AA
		}
		for i := 0; i < n; i++ {
			for _, p := range cfg.Protocols {
				k := cellKey{cond, p.Name, l}
				c := results[k]
				if c == nil {
					c = &cell{}
					results[k] = c
				}
				rep, wall, err := gate(ctx, bin, repos[l], cfg, p,
					filepath.Join(cfg.Out, fmt.Sprintf("%s-%d-%s-%02d", cond, l, slug(p.Name), i)))
				if err != nil {
					return err
				}
				c.n++
				c.walls = append(c.walls, wall.Seconds())
				if rep.counts(l) {
					c.fails++
				}
				c.runs = append(c.runs, rep)
				c.deltas = append(c.deltas, rep.delta())
				fmt.Fprintf(progress, "%s %-32s +%2d%% run %2d: %-12s delta %+.2f%% (%.1fs)\n", cond, p.Name, l, i+1, rep.Verdict, 100*rep.delta(), wall.Seconds())
			}
		}
	}
	return nil
}
