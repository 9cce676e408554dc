//go:build linux

package runner

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/benchgate/benchgate/gate/gitx"
	"github.com/benchgate/benchgate/gate/plan"
	"golang.org/x/perf/benchfmt"
)

// realBinaries plays the go command, whose builds write script as the
// test binary, and runs the binaries for real with OSExecutor: isolation,
// sweeps and the output cap as a real run has them, without compiling.
type realBinaries struct {
	script string
	calls  []Cmd
	// atRun, if set, is called before each binary runs.
	atRun func(c Cmd)
}

func (r *realBinaries) Run(ctx context.Context, c Cmd, out io.Writer) error {
	r.calls = append(r.calls, c)
	if c.Path == "go" {
		switch c.Args[0] {
		case "env":
			fmt.Fprintln(out, "go1.26.8")
		case "list":
			fmt.Fprintf(out, "example.com/a\t%s\t1\t0\n", c.Dir)
		case "test":
			return os.WriteFile(c.Args[3], []byte(r.script), 0o755)
		}
		return nil
	}
	if r.atRun != nil {
		r.atRun(c)
	}
	return OSExecutor{}.Run(ctx, c, out)
}

func shPlan(t *testing.T, rounds int) *plan.Plan {
	p := hardPlan(t, rounds)
	p.Timeout = 30 * time.Second
	return p
}

func isRoot() bool { return os.Geteuid() == 0 }

// TestOrphansAreKilled: a benchmark process that leaves processes behind
// (setsid, double fork, all holding its output pipe) does not make the
// run wait for them, and none of them survives its turn: as root not a
// single process of the side's uid, and in any case not the ones it
// started, which /proc must not list any more.
func TestOrphansAreKilled(t *testing.T) {
	script := `#!/bin/sh
echo "uid $(id -u)"
for i in 1 2 3 4 5; do
	setsid sh -c 'echo "orphan $$"; exec sleep 300' &
done
( sh -c 'echo "orphan $$"; exec sleep 300' & )
sleep 0.2
echo BenchmarkX
printf 'BenchmarkX-2 \t 100\t 1000 ns/op 0 B/op 0 allocs/op\n'
echo PASS
`
	fe := &realBinaries{script: script}
	p := shPlan(t, 2)
	start := time.Now()
	out, err := Run(context.Background(), p, Options{WorkDir: t.TempDir(), Env: []string{"PATH=" + os.Getenv("PATH")}, Exec: fe})
	if err != nil {
		t.Fatal(err)
	}
	// Four runs; without the sweep each would wait out WaitDelay (5s)
	// for the pipe the sleepers hold.
	if d := time.Since(start); d > 8*time.Second {
		t.Errorf("the run took %v: it waited for the orphans", d)
	}
	var orphans []int
	uids := map[uint32]bool{}
	for _, s := range out.Sides {
		b, _ := os.ReadFile(s.File)
		sc := bufio.NewScanner(bytes.NewReader(b))
		for sc.Scan() {
			f := strings.Fields(sc.Text())
			if len(f) == 2 && f[0] == "orphan" {
				pid, _ := strconv.Atoi(f[1])
				orphans = append(orphans, pid)
			}
			if len(f) == 2 && f[0] == "uid" {
				u, _ := strconv.ParseUint(f[1], 10, 32)
				uids[uint32(u)] = true
			}
		}
	}
	if len(orphans) != 4*6 {
		t.Fatalf("found %d orphans' pids in the results, want 24", len(orphans))
	}
	for _, pid := range orphans {
		if _, err := os.Stat(fmt.Sprintf("/proc/%d", pid)); err == nil {
			st, _ := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
			t.Errorf("orphan %d survived the run: %s", pid, st)
		}
	}
	if isRoot() {
		if len(uids) != 2 || uids[0] || uids[uint32(os.Getuid())] {
			t.Errorf("benchmarks ran as uids %v, want two of their own", uids)
		}
		for pid := range readProcs() {
			if u, ok := procUID(pid); ok && uids[u] {
				st, _ := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
				t.Errorf("process %d of side uid %d survived the run: %s", pid, u, st)
			}
		}
	} else if len(uids) != 1 || !uids[uint32(os.Getuid())] {
		t.Errorf("without root the benchmarks ran as uids %v, want benchgate's own", uids)
	}
}

// TestForkChainIsKilled: a benchmark process leaves behind a chain of
// processes, each of which starts the next in a session of its own and
// exits at once, so that at no moment is one process the chain. No
// member of it is alive when the next benchmark process starts (each
// one looks before it prints a result), nor after the run. (A sweep that
// scanned /proc before it killed was outrun by this chain.)
func TestForkChainIsKilled(t *testing.T) {
	// A member's command line holds "chain $$"; the pattern that finds
	// them, chai[n], does not match itself.
	script := `#!/bin/sh
echo "alive $(grep -la 'chai[n] \$\$' /proc/[0-9]*/cmdline 2>/dev/null | wc -l)"
c='echo "chain $$"; setsid sh -c "$0" "$0" & exit 0'
setsid sh -c "$c" "$c" &
sleep 0.3
echo BenchmarkX
printf 'BenchmarkX-2 \t 100\t 1000 ns/op 0 B/op 0 allocs/op\n'
echo PASS
`
	fe := &realBinaries{script: script}
	out, err := Run(context.Background(), shPlan(t, 3), Options{WorkDir: t.TempDir(), Env: []string{"PATH=" + os.Getenv("PATH")}, Exec: fe})
	if err != nil {
		t.Fatal(err)
	}
	members, looks := 0, 0
	for _, s := range out.Sides {
		b, _ := os.ReadFile(s.File)
		for _, l := range strings.Split(string(b), "\n") {
			f := strings.Fields(l)
			switch {
			case len(f) == 2 && f[0] == "chain":
				members++
			case len(f) == 2 && f[0] == "alive":
				looks++
				if f[1] != "0" {
					t.Errorf("a benchmark process started beside %s live member(s) of an earlier one's chain", f[1])
				}
			}
		}
	}
	if looks != 6 {
		t.Errorf("found %d looks for live members, want one per process (6)", looks)
	}
	// Each member takes a shell's start-up: hundreds in 0.3 s on an idle
	// machine, 57 on one loaded to 9 runnable processes per core; 5 per
	// benchmark process still make a chain that outruns a sweep.
	if members < 6*5 {
		t.Fatalf("only %d chain members printed their pid: the chain did not run", members)
	}
	for pid := range readProcs() {
		b, _ := os.ReadFile(fmt.Sprintf("/proc/%d/cmdline", pid))
		if bytes.Contains(b, []byte("chain $$")) {
			t.Errorf("chain member %d survived the run: %q", pid, b)
		}
	}
}

// TestOwnChildren: the kernel's children lists, which spare each sweep a
// scan of /proc, are readable here and name a child benchgate started,
// and an orphan that escaped its group is seen by the quick look.
func TestOwnChildren(t *testing.T) {
	cmd := exec.Command("sleep", "30")
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { cmd.Process.Kill(); cmd.Wait() }()
	pids, ok := ownChildren()
	if !ok {
		t.Fatal("no children lists in /proc/self/task/*/children: every sweep scans /proc (is CONFIG_PROC_CHILDREN off?)")
	}
	found := false
	for _, p := range pids {
		found = found || p == cmd.Process.Pid
	}
	if !found {
		t.Fatalf("children lists %v lack the child %d", pids, cmd.Process.Pid)
	}
	// Not a command OSExecutor waits for, in a group of its own: what a
	// sweep is for.
	children.Lock()
	may := mayHaveOrphans(os.Getpid(), syscall.Getpgrp())
	children.live[cmd.Process.Pid] = true
	known := mayHaveOrphans(os.Getpid(), syscall.Getpgrp())
	delete(children.live, cmd.Process.Pid)
	children.Unlock()
	if !may {
		t.Error("the quick look missed a child in a group of its own")
	}
	if known {
		t.Error("the quick look counted a command benchgate waits for as an orphan")
	}
}

// TestOutputCap: a process that prints 100 MiB with the cap at 1 MiB is
// killed early, the run fails naming it, and the results file stays small
// and valid benchfmt, with a comment saying what was cut.
func TestOutputCap(t *testing.T) {
	for _, c := range []struct{ name, spam string }{
		{"result lines", `yes 'BenchmarkSpam-2 	 100	 1000 ns/op' | head -c 104857600`},
		{"one line", `head -c 104857600 /dev/zero | tr '\0' x`},
	} {
		t.Run(c.name, func(t *testing.T) {
			fe := &realBinaries{script: "#!/bin/sh\necho BenchmarkX\nprintf 'BenchmarkX-2 \\t 100\\t 1000 ns/op 0 B/op 0 allocs/op\\n'\n" + c.spam + "\necho\necho PASS\n"}
			p := shPlan(t, 2)
			start := time.Now()
			out, err := Run(context.Background(), p, Options{WorkDir: t.TempDir(), Env: []string{"PATH=" + os.Getenv("PATH")}, Exec: fe, MaxOutput: 1 << 20})
			var bf *BenchmarkFailedError
			if !errors.As(err, &bf) || bf.Side != "base" || bf.Round != 1 {
				t.Fatalf("got %v, want base's round 1 to fail", err)
			}
			for _, w := range []string{"printed more than 1MiB (-max-output) and was killed", "hint: a benchmark or TestMain that prints in a loop fills the results; print to io.Discard or use b.Log, or raise -max-output 1MiB"} {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error lacks %q:\n%s", w, err)
				}
			}
			if d := time.Since(start); d > 10*time.Second {
				t.Errorf("took %v: the process was not killed at the cap", d)
			}
			b, err := os.ReadFile(out.Sides[0].File)
			if err != nil {
				t.Fatal(err)
			}
			if len(b) > 1<<20+4<<10 {
				t.Errorf("results file is %d bytes, want about the 1 MiB cap", len(b))
			}
			if !bytes.HasSuffix(b, []byte("# benchgate: output cut: the process printed more than 1MiB, the most one process may print, and was killed; what it printed after that is not here\n")) {
				t.Errorf("results file does not end with the cut comment: ...%q", b[max(0, len(b)-300):])
			}
			// Valid benchfmt: every line a comment, a result or a
			// -test.v name, and the reader finds no syntax error.
			for i, l := range strings.Split(strings.TrimSuffix(string(b), "\n"), "\n") {
				if l != "" && !strings.HasPrefix(l, "#") && !resultRE.MatchString(l) && l != "BenchmarkX" {
					t.Fatalf("line %d is neither a comment nor a result: %q", i+1, clip80(l))
				}
			}
			r := benchfmt.NewReader(bytes.NewReader(b), "base.txt")
			for r.Scan() {
				if se, ok := r.Result().(*benchfmt.SyntaxError); ok {
					t.Fatalf("benchfmt: %v", se)
				}
			}
		})
	}
}

func clip80(s string) string {
	if len(s) > 80 {
		return s[:80] + "..."
	}
	return s
}

// TestIsolationLayout checks what each process runs as, with which
// environment, and what it can reach, in a real repository with a commit
// side and a working-tree side. As root: the go command as the builder,
// each side as a uid of its own, binaries root's and read-only before any
// runs, sources without .git and the side's own once built, the
// repository's .git closed to others during the run and as it was after.
// As another user: everything as that user, and the progress says so.
func TestIsolationLayout(t *testing.T) {
	repoDir := t.TempDir()
	env := append(os.Environ(), "GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@t", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@t", "GIT_CONFIG_NOSYSTEM=1", "HOME="+repoDir)
	git := func(args ...string) string {
		t.Helper()
		cmd := exec.Command("git", args...)
		cmd.Dir, cmd.Env = repoDir, env
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
		return strings.TrimSpace(string(out))
	}
	git("init", "-q", "-b", "main")
	os.WriteFile(filepath.Join(repoDir, "go.mod"), []byte("module example.com/a\n"), 0o644)
	os.WriteFile(filepath.Join(repoDir, "tracked.go"), []byte("package a\n"), 0o644)
	git("add", "-A")
	git("commit", "-q", "-m", "one")
	git("config", "http.https://github.com/.extraheader", "AUTHORIZATION: basic c2VjcmV0")
	os.WriteFile(filepath.Join(repoDir, "untracked.go"), []byte("package a\n"), 0o644)
	os.WriteFile(filepath.Join(repoDir, ".gitignore"), []byte("ignored.txt\n"), 0o644)
	os.WriteFile(filepath.Join(repoDir, "ignored.txt"), []byte("x"), 0o644)
	sha := git("rev-parse", "HEAD")
	repo, err := gitx.Open(context.Background(), repoDir, env)
	if err != nil {
		t.Fatal(err)
	}
	gitDir := filepath.Join(repoDir, ".git")
	before, _ := os.Stat(gitDir)

	var checked []string
	fe := &realBinaries{script: "#!/bin/sh\necho BenchmarkX\nprintf 'BenchmarkX-2 \\t 100\\t 1000 ns/op 0 B/op 0 allocs/op\\n'\necho PASS\n"}
	fe.atRun = func(c Cmd) {
		if len(checked) > 0 {
			return
		}
		checked = append(checked, c.Path)
		fi, err := os.Lstat(c.Path)
		if err != nil {
			t.Fatal(err)
		}
		sys := fi.Sys().(*syscall.Stat_t)
		if _, err := os.Stat(filepath.Join(c.Dir, ".git")); err == nil {
			t.Errorf("the source %s has a .git", c.Dir)
		}
		if isRoot() {
			if sys.Uid != 0 || fi.Mode().Perm() != 0o555 {
				t.Errorf("binary %s is %v, uid %d; want root's and read-only", c.Path, fi.Mode(), sys.Uid)
			}
			if gi, _ := os.Stat(gitDir); gi.Mode().Perm()&0o007 != 0 {
				t.Errorf(".git is %v while benchmarks run; want it closed to others", gi.Mode())
			}
			src, _ := os.Stat(c.Dir)
			if src.Sys().(*syscall.Stat_t).Uid != c.As.UID {
				t.Errorf("source %s is not the side's", c.Dir)
			}
		}
	}
	p := shPlan(t, 2)
	p.Sides = []plan.Side{{Name: "base", Ref: "HEAD", Commit: sha}, {Name: "head"}}
	var progress strings.Builder
	out, err := Run(context.Background(), p, Options{Repo: repo, WorkDir: repoDir, Env: ChildEnv(env), Exec: fe, Progress: &progress})
	if err != nil {
		t.Fatal(err)
	}
	var builds, runs []Cmd
	for _, c := range fe.calls {
		if c.Path == "go" {
			builds = append(builds, c)
		} else {
			runs = append(runs, c)
		}
	}
	sideOf := func(c Cmd) int {
		if strings.Contains(c.Path, "/bin0/") {
			return 0
		}
		return 1
	}
	if isRoot() {
		if !strings.Contains(progress.String(), "privilege separation: the go command runs as uid 2000000000, base's benchmarks as uid ") {
			t.Errorf("progress does not say how the run is separated:\n%s", progress.String())
		}
		for _, c := range builds {
			if c.As == nil || c.As.UID != builderID || c.As.Sole {
				t.Errorf("go %s ran as %+v, want the builder", c.Args[0], c.As)
			}
			if getEnv(c.Env, "HOME") == repoDir || !strings.HasPrefix(getEnv(c.Env, "GOCACHE"), "/") {
				t.Errorf("go %s: HOME %s GOCACHE %s, want the builder's", c.Args[0], getEnv(c.Env, "HOME"), getEnv(c.Env, "GOCACHE"))
			}
		}
		ids := map[int]uint32{}
		for _, c := range runs {
			if c.As == nil || !c.As.Sole || c.As.UID < sideIDBase {
				t.Fatalf("%s ran as %+v, want a side's own uid", c.Path, c.As)
			}
			if id, ok := ids[sideOf(c)]; ok && id != c.As.UID {
				t.Errorf("side %d ran as %d and %d", sideOf(c), id, c.As.UID)
			}
			ids[sideOf(c)] = c.As.UID
			if home := getEnv(c.Env, "HOME"); !strings.HasSuffix(home, fmt.Sprintf("/side%d/home", sideOf(c))) {
				t.Errorf("side %d HOME=%s", sideOf(c), home)
			}
		}
		if len(ids) != 2 || ids[0] == ids[1] {
			t.Errorf("side uids %v, want two different", ids)
		}
	} else {
		if !strings.Contains(progress.String(), "no privilege separation: benchgate runs as uid") {
			t.Errorf("progress does not say there is no separation:\n%s", progress.String())
		}
		for _, c := range fe.calls {
			if c.As != nil {
				t.Errorf("%s ran as %+v without root", c, c.As)
			}
		}
	}
	for _, c := range runs {
		if tmp := getEnv(c.Env, "TMPDIR"); !strings.HasSuffix(tmp, fmt.Sprintf("/side%d/tmp", sideOf(c))) {
			t.Errorf("side %d TMPDIR=%s, want its own", sideOf(c), tmp)
		}
		if getEnv(c.Env, "GIT_CONFIG_NOSYSTEM") != "" || getEnv(c.Env, "GIT_AUTHOR_NAME") != "" {
			t.Errorf("a benchmark got git's settings: %v", c.Env)
		}
	}
	if len(checked) == 0 || len(out.Sides[1].Packages) != 1 {
		t.Fatal("no binary ran")
	}
	if after, _ := os.Stat(gitDir); after.Mode() != before.Mode() {
		t.Errorf(".git is %v after the run, was %v", after.Mode(), before.Mode())
	}
	if st := git("status", "--porcelain"); st != "?? .gitignore\n?? untracked.go" {
		t.Errorf("the working tree changed: %q", st)
	}
}

// TestWorkTreeCopy: the working-tree side gets tracked and untracked
// files, not ignored ones, not the results directory, and no .git.
func TestWorkTreeCopy(t *testing.T) {
	repoDir := t.TempDir()
	env := append(os.Environ(), "GIT_CONFIG_NOSYSTEM=1", "HOME="+repoDir)
	run := func(args ...string) {
		cmd := exec.Command("git", args...)
		cmd.Dir, cmd.Env = repoDir, env
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	run("init", "-q")
	for name, content := range map[string]string{
		"go.mod": "module example.com/a\n", "sub/tracked.go": "package sub\n", "run.sh": "#!/bin/sh\n",
		".gitignore": "ignored/\n", "ignored/x": "x", "untracked.txt": "u", "out/base.txt": "old results",
	} {
		os.MkdirAll(filepath.Dir(filepath.Join(repoDir, name)), 0o755)
		os.WriteFile(filepath.Join(repoDir, name), []byte(content), 0o644)
	}
	os.Chmod(filepath.Join(repoDir, "run.sh"), 0o4755)
	os.Symlink("/etc/passwd", filepath.Join(repoDir, "link"))
	run("add", "go.mod", "sub/tracked.go", "run.sh", "link")
	repo, err := gitx.Open(context.Background(), repoDir, env)
	if err != nil {
		t.Fatal(err)
	}
	dst := t.TempDir()
	st := &runState{plan: &plan.Plan{ResultsDir: filepath.Join(repoDir, "out")}, opts: Options{WorkDir: filepath.Join(repoDir, "sub")}, tmp: t.TempDir()}
	dir, err := st.copyWorkTree(context.Background(), repo, dst)
	if err != nil {
		t.Fatal(err)
	}
	if dir != filepath.Join(dst, "sub") {
		t.Errorf("copy's WorkDir is %s", dir)
	}
	var got []string
	filepath.WalkDir(dst, func(path string, d os.DirEntry, err error) error {
		r, _ := filepath.Rel(dst, path)
		if !d.IsDir() {
			fi, _ := d.Info()
			got = append(got, fmt.Sprintf("%s %v", r, fi.Mode()))
		}
		return nil
	})
	want := ".gitignore -rw-r--r-- go.mod -rw-r--r-- link Lrwxrwxrwx run.sh -rwxr-xr-x sub/tracked.go -rw-r--r-- untracked.txt -rw-r--r--"
	if strings.Join(got, " ") != want {
		t.Errorf("copied\n %s\nwant\n %s", strings.Join(got, " "), want)
	}
}
