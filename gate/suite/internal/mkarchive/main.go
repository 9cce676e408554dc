// Command mkarchive packs the benchmarks/ module into gate/suite/suite.zip,
// the archive that package suite embeds. It runs through go generate:
//
//	go generate ./gate/suite
//
// The archive is deterministic (sorted entries, fixed times, fixed modes),
// so regenerating it without changes to benchmarks/ leaves it byte-for-byte
// the same under a given Go version; the file is rewritten only when its
// bytes change.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"

	"github.com/benchgate/benchgate/gate/suite/internal/archive"
)

func main() {
	src := flag.String("src", "../../benchmarks", "root of the benchmarks module")
	out := flag.String("out", "suite.zip", "archive to write")
	flag.Parse()
	if err := run(*src, *out); err != nil {
		fmt.Fprintln(os.Stderr, "mkarchive:", err)
		os.Exit(1)
	}
}

func run(src, out string) error {
	files, err := archive.Collect(src)
	if err != nil {
		return err
	}
	var buf bytes.Buffer
	if err := archive.Write(&buf, files); err != nil {
		return err
	}
	if old, err := os.ReadFile(out); err == nil && bytes.Equal(old, buf.Bytes()) {
		return nil
	}
	if err := os.WriteFile(out, buf.Bytes(), 0o644); err != nil {
		return err
	}
	fmt.Fprintf(os.Stderr, "mkarchive: wrote %s: %d files, %d bytes\n", out, len(files), buf.Len())
	return nil
}
