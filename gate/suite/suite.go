// Package suite carries benchgate's built-in crypto benchmark suite.
//
// When no packages are given, benchgate benchmarks this suite: RSA, ECDSA,
// Ed25519, ECDH, SHA-256, HMAC and AES-GCM primitives, JWT signing and
// verification (with a bearer-token middleware), and crypto/tls handshakes
// and throughput. It shows what a Go toolchain bump does to the code paths
// that matter most on a server; see docs/suite.md for the benchmarks, their
// names and why each is there.
//
// # Where the suite comes from
//
// The suite is the Go module github.com/benchgate/benchgate/benchmarks in
// the benchmarks/ directory of this repository. It is a separate module,
// with go.mod saying go 1.19 and its dependencies vendored, so that every
// toolchain from go1.19 on can build it with no network. go:embed cannot
// reach into a nested module, so this package embeds a zip archive of the
// whole benchmarks/ tree instead (suite.zip, made by internal/mkarchive).
// After changing anything under benchmarks/, regenerate it with
//
//	go generate ./gate/suite
//
// A test fails when the archive and benchmarks/ differ.
//
// # Use
//
// The pipeline calls [Unpack] to write the module into a fresh directory,
// then builds [DefaultPackages] there with `go test -c` once per side. The
// archive travels inside the binary, so a benchgate installed with
// `go install` works the same as the one in the Action image.
package suite

import (
	_ "embed"
	"fmt"
	"os"

	"github.com/benchgate/benchgate/gate/suite/internal/archive"
)

//go:generate go run ./internal/mkarchive -src ../../benchmarks -out suite.zip

//go:embed suite.zip
var suiteZip []byte

// DefaultPackages is the list of package patterns to build inside the
// directory written by [Unpack], relative to it. It names the three
// benchmark packages rather than "./..." because the module's root package
// (the key fixtures) and internal/genkeys have no benchmarks, and every
// listed package costs one `go test -c` per side.
var DefaultPackages = []string{"./primitives", "./jwt", "./tls"}

// QuickBench is a -bench regular expression selecting a small subset of the
// suite that still tells the Go 1.20 RSA story: RSA-2048 and RSA-4096
// PKCS#1 v1.5 sign and verify, ECDSA P-256 and HMAC-SHA256 as controls that
// did not move, the HS256 versus RS256 middleware, two TLS handshakes (RSA
// key exchange, and TLS 1.3 with X25519 and ECDSA) and TLS 1.3 throughput.
// It selects 12 benchmarks; one pass at -benchtime=100ms takes a few
// seconds (see docs/suite.md for measurements).
//
// It relies on the testing package's top-level "|" alternation, in which
// each alternative is split on "/" and matched level by level.
const QuickBench = `^BenchmarkRSA$/^bits=(2048|4096)$/^scheme=PKCS1v15$/^op=(sign|verify)$` +
	`|^BenchmarkECDSA$/^curve=P256$/` +
	`|^BenchmarkHMAC$/^hash=SHA256$/^size=1KiB$` +
	`|^BenchmarkJWTMiddleware$/^alg=(HS256|RS256)$` +
	`|^BenchmarkTLSHandshake$/^kex=X25519$/^cert=ECDSA-P256$/^version=1\.3$` +
	`|^BenchmarkTLSHandshake$/^kex=RSA$/` +
	`|^BenchmarkTLSThroughput$/^version=1\.3$/^size=16KiB$`

// Unpack writes the built-in suite module into dir, which must either not
// exist (it is created, with its parents) or be an empty directory. The
// result is a self-contained module: go.mod, go.sum, vendor/ and the key
// fixtures, buildable offline with -mod=vendor by any toolchain from go1.19
// on. Unpack never overwrites anything.
func Unpack(dir string) error {
	files, err := archive.Read(suiteZip)
	if err != nil {
		return fmt.Errorf("reading the built-in suite archive: %w; hint: run go generate ./gate/suite and rebuild benchgate", err)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("unpacking the built-in suite: %w", err)
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return fmt.Errorf("unpacking the built-in suite: %w", err)
	}
	if len(entries) > 0 {
		return fmt.Errorf("unpacking the built-in suite into %s: directory is not empty (has %s); hint: pass a new or empty directory", dir, entries[0].Name())
	}
	if err := archive.Extract(dir, files); err != nil {
		return fmt.Errorf("unpacking the built-in suite into %s: %w", dir, err)
	}
	return nil
}
