package cli

import (
	"flag"

	"github.com/benchgate/benchgate/gate/pipeline"
	"github.com/benchgate/benchgate/gate/plan"
)

// ladderFlags are run's flags for ladders and shards: -configs,
// -ladder-gate and -shard.
type ladderFlags struct {
	configs string
	gate    string
	shard   string
}

func (l *ladderFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&l.configs, "configs", "", "toolchain configurations to compare in order, each built once and all run interleaved, e.g. 'go1.19.13,go1.20.14,go1.21.13' or 'local,local+GOAMD64=v3,local+pgo=default.pgo' (`list`); three or more are a ladder: each step against the one before, and the first against the last")
	fs.StringVar(&l.gate, "ladder-gate", "any", "which comparisons of a ladder can fail the gate: any (every step, and the first against the last) or first-last")
	fs.StringVar(&l.shard, "shard", "", "measure only slice `k/n` of the benchmark functions (by a hash of package and name), for a job matrix; benchgate compare merges the shards")
}

// apply parses the flags into cfg.
func (l *ladderFlags) apply(cfg *pipeline.Config) error {
	var err error
	if l.configs != "" {
		if cfg.Configs, err = plan.ParseConfigs(l.configs); err != nil {
			return err
		}
	}
	if cfg.LadderGate, err = pipeline.ParseLadderGate(l.gate); err != nil {
		return err
	}
	cfg.Shard, err = plan.ParseShard(l.shard)
	return err
}
