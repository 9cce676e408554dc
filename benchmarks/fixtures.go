// Package fixtures holds the fixed keys, secrets and certificates of the
// benchgate crypto benchmark suite.
//
// # Why fixed keys
//
// A toolchain comparison is only fair when both sides do the same work. RSA
// timings in particular vary from key to key (the size of the CRT primes, how
// many bits are set), so a suite that generated its keys at start-up would mix
// key-to-key noise into the toolchain-to-toolchain delta. Every key the suite
// uses is therefore generated once, checked in under testdata/ as PEM and
// embedded into this package, so test binaries do not depend on their
// working directory.
//
// The files were made by the program in internal/genkeys; see docs/suite.md
// in the benchgate repository for how to regenerate them.
//
// # Compatibility
//
// The module's go.mod says go 1.19 and this package must keep building with
// every toolchain from go1.19 on: it uses no standard-library API newer than
// Go 1.19. Keys that need newer API to parse (X25519 for crypto/ecdh) are
// reachable as raw PEM through [PrivateKey] and parsed by build-tagged
// benchmark files.
package fixtures

import (
	"crypto"
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/rsa"
	"crypto/tls"
	"crypto/x509"
	"embed"
	"encoding/pem"
	"fmt"
	"strings"
	"sync"
)

//go:embed testdata/*.pem
var files embed.FS

// Names of the fixtures, as used by the accessors below. The file for a name
// is testdata/<name>.pem.
const (
	// HMACSecret is a 32-byte secret for HMAC-SHA256 and JWT HS256.
	HMACSecret = "hmac-sha256"
	// AES128Key is a 16-byte AES key for AES-128-GCM.
	AES128Key = "aes-128"
)

// ServerName is the DNS name every TLS certificate fixture is issued for.
const ServerName = "benchgate.test"

// RSABits lists the RSA key sizes that have a fixture, smallest first.
var RSABits = []int{1024, 2048, 3072, 4096}

// Curves lists the NIST curves that have an ECDSA fixture, by the names that
// [ECDSAKey] accepts.
var Curves = []string{"P256", "P384", "P521"}

// CertNames lists the TLS certificate fixtures by the names that
// [Certificate] accepts. Each is a self-signed leaf for [ServerName], valid
// from 2025-01-01 to 2100-01-01, whose key is the matching key fixture.
var CertNames = []string{"RSA-2048", "ECDSA-P256", "ECDSA-P521", "Ed25519"}

// cache holds parsed fixtures by file name. RSA parsing runs the key's
// precomputation, which is too slow to repeat in every benchmark set-up.
var cache struct {
	sync.Mutex
	m map[string]interface{}
}

func cached(name string, parse func() (interface{}, error)) (interface{}, error) {
	cache.Lock()
	v, ok := cache.m[name]
	cache.Unlock()
	if ok {
		return v, nil
	}
	// Parse without the lock: parsers call back into cached (a certificate
	// loads its key), and a rare duplicate parse is harmless.
	v, err := parse()
	if err != nil {
		return nil, err
	}
	cache.Lock()
	defer cache.Unlock()
	if prev, ok := cache.m[name]; ok {
		return prev, nil
	}
	if cache.m == nil {
		cache.m = make(map[string]interface{})
	}
	cache.m[name] = v
	return v, nil
}

// PEM returns the single PEM block in testdata/<name>.pem.
func PEM(name string) (*pem.Block, error) {
	data, err := files.ReadFile("testdata/" + name + ".pem")
	if err != nil {
		return nil, fmt.Errorf("fixture %s: %w", name, err)
	}
	block, rest := pem.Decode(data)
	if block == nil {
		return nil, fmt.Errorf("fixture %s: no PEM block", name)
	}
	if len(rest) != 0 {
		return nil, fmt.Errorf("fixture %s: trailing data after the PEM block", name)
	}
	return block, nil
}

// PrivateKey returns the PKCS#8 private key in testdata/<name>.pem, as
// returned by x509.ParsePKCS8PrivateKey. The result is shared: do not modify it.
func PrivateKey(name string) (crypto.PrivateKey, error) {
	return cached(name, func() (interface{}, error) {
		block, err := PEM(name)
		if err != nil {
			return nil, err
		}
		if block.Type != "PRIVATE KEY" {
			return nil, fmt.Errorf("fixture %s: PEM type %q, want PRIVATE KEY", name, block.Type)
		}
		key, err := x509.ParsePKCS8PrivateKey(block.Bytes)
		if err != nil {
			return nil, fmt.Errorf("fixture %s: %w", name, err)
		}
		return key, nil
	})
}

// RSAKey returns the RSA key of the given size (one of [RSABits]).
func RSAKey(bits int) (*rsa.PrivateKey, error) {
	name := fmt.Sprintf("rsa-%d", bits)
	key, err := PrivateKey(name)
	if err != nil {
		return nil, err
	}
	k, ok := key.(*rsa.PrivateKey)
	if !ok {
		return nil, fmt.Errorf("fixture %s: %T, want *rsa.PrivateKey", name, key)
	}
	if k.N.BitLen() != bits {
		return nil, fmt.Errorf("fixture %s: key has %d bits", name, k.N.BitLen())
	}
	return k, nil
}

// ECDSAKey returns the ECDSA key on the given curve (one of [Curves]).
func ECDSAKey(curve string) (*ecdsa.PrivateKey, error) {
	name := "ecdsa-" + strings.ToLower(curve)
	key, err := PrivateKey(name)
	if err != nil {
		return nil, err
	}
	k, ok := key.(*ecdsa.PrivateKey)
	if !ok {
		return nil, fmt.Errorf("fixture %s: %T, want *ecdsa.PrivateKey", name, key)
	}
	if got := "P" + k.Curve.Params().Name[2:]; got != curve {
		return nil, fmt.Errorf("fixture %s: key is on %s", name, k.Curve.Params().Name)
	}
	return k, nil
}

// Ed25519Key returns the Ed25519 key.
func Ed25519Key() (ed25519.PrivateKey, error) {
	key, err := PrivateKey("ed25519")
	if err != nil {
		return nil, err
	}
	k, ok := key.(ed25519.PrivateKey)
	if !ok {
		return nil, fmt.Errorf("fixture ed25519: %T, want ed25519.PrivateKey", key)
	}
	return k, nil
}

// Secret returns the raw bytes of a symmetric-key fixture such as
// [HMACSecret] or [AES128Key]. The result is a fresh copy.
func Secret(name string) ([]byte, error) {
	block, err := PEM(name)
	if err != nil {
		return nil, err
	}
	if block.Type != "SECRET KEY" {
		return nil, fmt.Errorf("fixture %s: PEM type %q, want SECRET KEY", name, block.Type)
	}
	return append([]byte(nil), block.Bytes...), nil
}

// Certificate returns the TLS certificate fixture with the given name (one
// of [CertNames]), with its Leaf already parsed so that every toolchain sees
// the same tls.Certificate (Go 1.23 started filling Leaf itself).
func Certificate(name string) (tls.Certificate, error) {
	v, err := cached("cert-"+strings.ToLower(name), func() (interface{}, error) {
		keyName := map[string]string{
			"RSA-2048":   "rsa-2048",
			"ECDSA-P256": "ecdsa-p256",
			"ECDSA-P521": "ecdsa-p521",
			"Ed25519":    "ed25519",
		}[name]
		if keyName == "" {
			return nil, fmt.Errorf("no certificate fixture named %q (have %v)", name, CertNames)
		}
		block, err := PEM("cert-" + strings.ToLower(name))
		if err != nil {
			return nil, err
		}
		leaf, err := x509.ParseCertificate(block.Bytes)
		if err != nil {
			return nil, fmt.Errorf("fixture cert-%s: %w", strings.ToLower(name), err)
		}
		key, err := PrivateKey(keyName)
		if err != nil {
			return nil, err
		}
		pub, ok := key.(interface{ Public() crypto.PublicKey }).Public().(interface {
			Equal(crypto.PublicKey) bool
		})
		if !ok || !pub.Equal(leaf.PublicKey) {
			return nil, fmt.Errorf("fixture cert-%s: certificate does not match key %s", strings.ToLower(name), keyName)
		}
		return tls.Certificate{
			Certificate: [][]byte{block.Bytes},
			PrivateKey:  key,
			Leaf:        leaf,
		}, nil
	})
	if err != nil {
		return tls.Certificate{}, err
	}
	return v.(tls.Certificate), nil
}
