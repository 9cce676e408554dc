package floorcheck

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestParseAPILine(t *testing.T) {
	for _, tt := range []struct{ line, want string }{
		{"pkg crypto/ecdh, func X25519() Curve #52221", "crypto/ecdh.X25519"},
		{"pkg crypto/ecdh, method (*PrivateKey) ECDH(*PublicKey) ([]uint8, error) #52221", "crypto/ecdh.PrivateKey.ECDH"},
		{"pkg time, method (Time) Compare(Time) int #50770", "time.Time.Compare"},
		{"pkg crypto/tls, type ConnectionState struct, CurveID CurveID #67516", "crypto/tls.ConnectionState.CurveID"},
		{"pkg crypto/ecdh, type Curve interface, GenerateKey(io.Reader) (*PrivateKey, error) #52221", "crypto/ecdh.Curve.GenerateKey"},
		{"pkg crypto/ecdh, type Curve interface { GenerateKey, NewPrivateKey, NewPublicKey } #52221", "crypto/ecdh.Curve"},
		{"pkg crypto/tls, const VersionTLS13 = 772", "crypto/tls.VersionTLS13"},
		{"pkg crypto/tls, const VersionTLS13 ideal-int", "crypto/tls.VersionTLS13"},
		{"pkg os, var ErrDeadlineExceeded error", "os.ErrDeadlineExceeded"},
		{"pkg slices, func Clone[$0 interface{ ~[]$1 }, $1 interface{}]($0) $0 #57433", "slices.Clone"},
		{"pkg sync/atomic, method (*Pointer[$0]) Load() *$0 #50860", "sync/atomic.Pointer.Load"},
		{"pkg syscall (linux-386), const AF_ALG = 38", "syscall.AF_ALG"},
		{"pkg go/ast, type File struct, embedded Node", ""},
		{"pkg reflect, type Value struct, unexported fields", ""},
		{"not an api line", ""},
	} {
		if got := parseAPILine(tt.line); got != tt.want {
			t.Errorf("parseAPILine(%q) = %q, want %q", tt.line, got, tt.want)
		}
	}
}

// TestCheck runs the checker on a go 1.19 fixture module with known uses
// of newer API, so a checker that silently finds nothing fails.
func TestCheck(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles export data for a fixture module; skipped in -short mode")
	}
	goCmd, err := exec.LookPath("go")
	if err != nil {
		t.Fatalf("this test needs the go command in PATH: %v", err)
	}
	dir, err := filepath.Abs(filepath.Join("testdata", "mod"))
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	findings, err := Check(ctx, Config{Go: goCmd, Dir: dir, Env: OfflineEnv(os.Environ())}, "go1.19", "./...")
	if errors.Is(err, ErrNoAPI) {
		t.Skip(err)
	}
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, f := range findings {
		got = append(got, filepath.Base(f.Pos.Filename)+": "+f.API+" "+f.Since+" > "+f.Allowed)
	}
	want := []string{
		"floor_test.go: slices.Contains go1.21 > go1.19",
		"old.go: crypto/ecdh.X25519 go1.20 > go1.19",
		"old.go: time.Time.Compare go1.20 > go1.19",
		"old.go: net/http.Server.DisableGeneralOptionsHandler go1.20 > go1.19",
		"old.go: crypto/tls.ConnectionState.CurveID go1.25 > go1.19",
		"old.go: bytes.Clone go1.20 > go1.19",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("findings:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func TestMinor(t *testing.T) {
	for v, want := range map[string]int{"go1.19": 19, "go1.21.0": 21, "go1.22rc1": 22, "go1": -1, "1.19": -1, "": -1} {
		got, ok := minor(v)
		if !ok {
			got = -1
		}
		if got != want {
			t.Errorf("minor(%q) = %d, want %d", v, got, want)
		}
	}
}
