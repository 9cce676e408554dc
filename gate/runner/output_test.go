package runner

import "testing"

// TestSourceRel: a panic's stack and a compiler's message name the side's
// source copy; the error names those files from the directory benchgate
// runs in, and leaves other paths (the Go root's) alone.
func TestSourceRel(t *testing.T) {
	s := &SideResult{srcDir: "/tmp/benchgate-1-abc/src0/"}
	in := "x/boom.BenchmarkA(0x1)\n\t/tmp/benchgate-1-abc/src0/boom/b_test.go:6 +0x25\n\t/usr/local/go/src/testing/benchmark.go:219 +0x190"
	want := "x/boom.BenchmarkA(0x1)\n\tboom/b_test.go:6 +0x25\n\t/usr/local/go/src/testing/benchmark.go:219 +0x190"
	if got := s.sourceRel(in); got != want {
		t.Errorf("sourceRel = %q, want %q", got, want)
	}
	if got := (&SideResult{}).sourceRel(in); got != in {
		t.Errorf("no source directory: sourceRel = %q", got)
	}
}
