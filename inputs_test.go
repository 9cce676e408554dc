package main

import (
	"bytes"
	"context"
	"os"
	"regexp"
	"sort"
	"strings"
	"testing"
)

// TestEveryFlagHasAnInput: each flag of benchgate run is also an input of
// the Action (action.yml), under the same name, so that a workflow can say
// what a command line can. The exceptions are named here with why.
func TestEveryFlagHasAnInput(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if code := run(context.Background(), []string{"run", "-h"}, &stdout, &stderr, func(string) string { return "" }); code != 0 {
		t.Fatalf("benchgate run -h: exit %d\n%s", code, stderr.String())
	}
	flags := map[string]bool{}
	for _, m := range regexp.MustCompile(`(?m)^  -([a-z][a-z-]*)`).FindAllStringSubmatch(stdout.String(), -1) {
		flags[m[1]] = true
	}
	if len(flags) < 25 {
		t.Fatalf("read %d flags from benchgate run -h", len(flags))
	}
	yml, err := os.ReadFile("action.yml")
	if err != nil {
		t.Fatal(err)
	}
	inputs := map[string]bool{}
	for _, m := range regexp.MustCompile(`(?m)^  ([a-z][a-z0-9-]*):\s*$`).FindAllStringSubmatch(string(yml), -1) {
		inputs[m[1]] = true
	}
	renamed := map[string]string{"out": "results-dir"}
	exempt := map[string]string{
		// The Action writes every format: text to the log, markdown to the
		// summary and the comment, all three into the results directory.
		"format": "the Action writes all formats",
	}
	var missing []string
	for f := range flags {
		name := f
		if r, ok := renamed[f]; ok {
			name = r
		}
		if _, ok := exempt[f]; ok {
			continue
		}
		if !inputs[name] {
			missing = append(missing, f)
		}
	}
	sort.Strings(missing)
	if len(missing) > 0 {
		t.Errorf("flags of benchgate run with no input in action.yml: %s", strings.Join(missing, ", "))
	}
}
