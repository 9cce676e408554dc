package runner

import (
	"bytes"
	"context"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
)

// TestCommandsGetNothingInherited: a command benchgate starts is the
// leader of a session of its own, so it has no controlling terminal to
// type into or read from, and it holds none of the descriptors
// benchgate's parent left open without close-on-exec (a shell's
// exec 7>>file): only standard input, output and error.
func TestCommandsGetNothingInherited(t *testing.T) {
	// As a parent would leave it: opened without O_CLOEXEC.
	fd, err := syscall.Open(filepath.Join(t.TempDir(), "inherited"), syscall.O_CREAT|syscall.O_WRONLY, 0o600)
	if err != nil {
		t.Fatal(err)
	}
	defer syscall.Close(fd)
	if fd <= 3 {
		t.Fatalf("descriptor %d: the listing's own descriptor could hide it", fd)
	}
	var out bytes.Buffer
	c := Cmd{Dir: t.TempDir(), Path: "/bin/sh", Args: []string{"-c", "echo $$; cut -d' ' -f6 /proc/self/stat; ls /proc/self/fd"}}
	if err := (OSExecutor{}).Run(context.Background(), c, &out); err != nil {
		t.Fatalf("%v\n%s", err, out.String())
	}
	lines := strings.Fields(out.String())
	if len(lines) < 2 {
		t.Fatalf("output %q", out.String())
	}
	// The shell's own pid, and the session of cut, its child: the
	// shell's when the shell leads its own session.
	if lines[0] != lines[1] {
		t.Errorf("the command (pid %s) is in session %s, not one of its own", lines[0], lines[1])
	}
	for _, f := range lines[2:] {
		if n, _ := strconv.Atoi(f); n == fd {
			t.Errorf("the command holds descriptor %d, which benchgate inherited: %q", fd, out.String())
		}
	}
}
