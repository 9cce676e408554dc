package fixtures

import (
	"crypto/x509"
	"io/fs"
	"testing"
	"time"
)

// TestFixtures loads every fixture, so a damaged or mismatched PEM file
// fails here rather than in the middle of a benchmark run.
func TestFixtures(t *testing.T) {
	for _, bits := range RSABits {
		if _, err := RSAKey(bits); err != nil {
			t.Error(err)
		}
	}
	for _, curve := range Curves {
		if _, err := ECDSAKey(curve); err != nil {
			t.Error(err)
		}
	}
	if _, err := Ed25519Key(); err != nil {
		t.Error(err)
	}
	for name, size := range map[string]int{HMACSecret: 32, AES128Key: 16} {
		if s, err := Secret(name); err != nil {
			t.Error(err)
		} else if len(s) != size {
			t.Errorf("secret %s has %d bytes, want %d", name, len(s), size)
		}
	}
	for _, name := range CertNames {
		cert, err := Certificate(name)
		if err != nil {
			t.Error(err)
			continue
		}
		if err := cert.Leaf.VerifyHostname(ServerName); err != nil {
			t.Errorf("certificate %s: %v", name, err)
		}
		if end := time.Date(2099, 12, 31, 0, 0, 0, 0, time.UTC); cert.Leaf.NotAfter.Before(end) {
			t.Errorf("certificate %s expires %v; CI would start failing then", name, cert.Leaf.NotAfter)
		}
		if cert.Leaf.ExtKeyUsage[0] != x509.ExtKeyUsageServerAuth {
			t.Errorf("certificate %s is not for server auth", name)
		}
	}
	if _, err := Certificate("RSA-1024"); err == nil {
		t.Error("Certificate(RSA-1024) succeeded; there is no such fixture")
	}

	// Every file must be a single PEM block.
	names, err := fs.Glob(files, "testdata/*.pem")
	if err != nil || len(names) == 0 {
		t.Fatalf("no embedded fixtures: %v", err)
	}
	for _, n := range names {
		if _, err := PEM(n[len("testdata/") : len(n)-len(".pem")]); err != nil {
			t.Error(err)
		}
	}
}
