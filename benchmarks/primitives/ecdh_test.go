//go:build go1.20

package primitives

import (
	"bytes"
	"crypto/ecdh"
	"crypto/ecdsa"
	"fmt"
	"testing"

	fixtures "github.com/benchgate/benchgate/benchmarks"
	"github.com/benchgate/benchgate/benchmarks/internal/benchloop"
)

// BenchmarkECDH measures one Diffie-Hellman exchange with crypto/ecdh, which
// Go 1.20 introduced; on go1.19 this benchmark does not exist. Both key
// pairs are fixtures, so no key is generated while measuring.
func BenchmarkECDH(b *testing.B) {
	for _, c := range []struct{ curve, ours, peer string }{
		{"X25519", "x25519-a", "x25519-b"},
		{"P256", "ecdh-p256-a", "ecdh-p256-b"},
	} {
		priv, err := ecdhKey(c.ours)
		check(b, err)
		peer, err := ecdhKey(c.peer)
		check(b, err)
		peerPub := peer.PublicKey()
		want, err := peer.ECDH(priv.PublicKey())
		check(b, err)

		curve := c.curve
		b.Run("curve="+curve+"/op=exchange", func(b *testing.B) {
			for it := benchloop.Start(b); it.Next(); {
				got, err := priv.ECDH(peerPub)
				if err != nil {
					b.Fatalf("ECDH %s: %v", curve, err)
				}
				if !bytes.Equal(got, want) {
					b.Fatalf("ECDH %s: the two sides derived different secrets", curve)
				}
			}
		})
	}
}

// ecdhKey loads a PKCS#8 fixture as an ECDH key. NIST-curve keys parse as
// ECDSA keys and are converted.
func ecdhKey(name string) (*ecdh.PrivateKey, error) {
	key, err := fixtures.PrivateKey(name)
	if err != nil {
		return nil, err
	}
	switch k := key.(type) {
	case *ecdh.PrivateKey:
		return k, nil
	case *ecdsa.PrivateKey:
		return k.ECDH()
	}
	return nil, fmt.Errorf("fixture %s: %T is not an ECDH key", name, key)
}
