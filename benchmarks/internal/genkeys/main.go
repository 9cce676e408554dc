//go:build go1.20

// Command genkeys generates the fixed keys, secrets and certificates of the
// benchgate crypto benchmark suite into testdata/.
//
// It is run by hand, once; its output is checked in and never regenerated
// by the suite itself, so that every toolchain and every run measures the
// very same keys. Run it from the benchmarks module root:
//
//	go run ./internal/genkeys -out testdata -force
//
// then regenerate the archive embedded in benchgate with
// `go generate ./gate/suite` from the repository root.
//
// Private keys are PKCS#8 ("PRIVATE KEY"), symmetric secrets are raw bytes
// ("SECRET KEY"), and certificates are self-signed leaves for
// benchgate.test, valid from 2025-01-01 to 2100-01-01 so that they never
// expire in CI. The program needs go1.20 or later (crypto/ecdh for X25519);
// the suite that reads its output builds with go1.19.
package main

import (
	"crypto"
	"crypto/ecdh"
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/rsa"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"math/big"
	"os"
	"path/filepath"
	"time"
)

func main() {
	out := flag.String("out", "testdata", "directory to write the PEM files into")
	force := flag.Bool("force", false, "overwrite existing files")
	flag.Parse()
	if err := run(*out, *force); err != nil {
		fmt.Fprintln(os.Stderr, "genkeys:", err)
		os.Exit(1)
	}
}

func run(out string, force bool) error {
	if err := os.MkdirAll(out, 0o755); err != nil {
		return err
	}
	write := func(name, typ string, der []byte) error {
		path := filepath.Join(out, name+".pem")
		flags := os.O_WRONLY | os.O_CREATE | os.O_TRUNC
		if !force {
			flags |= os.O_EXCL
		}
		f, err := os.OpenFile(path, flags, 0o644)
		if errors.Is(err, fs.ErrExist) {
			return fmt.Errorf("%s exists; pass -force to replace every fixture", path)
		}
		if err != nil {
			return err
		}
		if err := pem.Encode(f, &pem.Block{Type: typ, Bytes: der}); err != nil {
			f.Close()
			return err
		}
		return f.Close()
	}
	writeKey := func(name string, key crypto.PrivateKey) error {
		der, err := x509.MarshalPKCS8PrivateKey(key)
		if err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		return write(name, "PRIVATE KEY", der)
	}

	keys := map[string]crypto.Signer{}
	for _, bits := range []int{1024, 2048, 3072, 4096} {
		k, err := rsa.GenerateKey(rand.Reader, bits)
		if err != nil {
			return err
		}
		keys[fmt.Sprintf("rsa-%d", bits)] = k
	}
	for name, curve := range map[string]elliptic.Curve{
		"ecdsa-p256": elliptic.P256(),
		"ecdsa-p384": elliptic.P384(),
		"ecdsa-p521": elliptic.P521(),
	} {
		k, err := ecdsa.GenerateKey(curve, rand.Reader)
		if err != nil {
			return err
		}
		keys[name] = k
	}
	_, edKey, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		return err
	}
	keys["ed25519"] = edKey
	for name, k := range keys {
		if err := writeKey(name, k); err != nil {
			return err
		}
	}

	// Two key pairs per ECDH curve: "a" does the exchange, "b" is the peer.
	for name, curve := range map[string]ecdh.Curve{"x25519": ecdh.X25519(), "ecdh-p256": ecdh.P256()} {
		for _, side := range []string{"a", "b"} {
			k, err := curve.GenerateKey(rand.Reader)
			if err != nil {
				return err
			}
			if err := writeKey(name+"-"+side, k); err != nil {
				return err
			}
		}
	}

	for name, n := range map[string]int{"hmac-sha256": 32, "aes-128": 16} {
		secret := make([]byte, n)
		if _, err := rand.Read(secret); err != nil {
			return err
		}
		if err := write(name, "SECRET KEY", secret); err != nil {
			return err
		}
	}

	for cert, key := range map[string]string{
		"cert-rsa-2048":   "rsa-2048",
		"cert-ecdsa-p256": "ecdsa-p256",
		"cert-ecdsa-p521": "ecdsa-p521",
		"cert-ed25519":    "ed25519",
	} {
		der, err := selfSigned(keys[key])
		if err != nil {
			return fmt.Errorf("%s: %w", cert, err)
		}
		if err := write(cert, "CERTIFICATE", der); err != nil {
			return err
		}
	}
	return nil
}

// selfSigned returns a self-signed server certificate for benchgate.test.
// The benchmarks trust it directly (it is its own root), so the client's
// chain building is the same short path for every certificate type.
func selfSigned(key crypto.Signer) ([]byte, error) {
	serial, err := rand.Int(rand.Reader, new(big.Int).Lsh(big.NewInt(1), 127))
	if err != nil {
		return nil, err
	}
	usage := x509.KeyUsageDigitalSignature
	if _, ok := key.(*rsa.PrivateKey); ok {
		// TLS 1.2 RSA key exchange encrypts the premaster secret to this key.
		usage |= x509.KeyUsageKeyEncipherment
	}
	tmpl := &x509.Certificate{
		SerialNumber:          serial,
		Subject:               pkix.Name{Organization: []string{"benchgate"}, CommonName: "benchgate.test"},
		DNSNames:              []string{"benchgate.test"},
		NotBefore:             time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC),
		NotAfter:              time.Date(2100, 1, 1, 0, 0, 0, 0, time.UTC),
		KeyUsage:              usage,
		ExtKeyUsage:           []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
		BasicConstraintsValid: true,
	}
	return x509.CreateCertificate(rand.Reader, tmpl, tmpl, key.Public(), key)
}
