package primitives

import (
	"crypto"
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/rand"
	_ "crypto/sha256" // register the hashes ECDSA signs over
	_ "crypto/sha512"
	"testing"

	fixtures "github.com/benchgate/benchgate/benchmarks"
	"github.com/benchgate/benchgate/benchmarks/internal/benchloop"
)

// ecdsaHash pairs each curve with the hash JOSE uses for it (ES256, ES384,
// ES512), so the digest length matches the curve's order.
var ecdsaHash = map[string]crypto.Hash{
	"P256": crypto.SHA256,
	"P384": crypto.SHA384,
	"P521": crypto.SHA512,
}

// BenchmarkECDSA measures ASN.1 ECDSA sign and verify on the NIST curves.
// Go 1.20 noted 5–30% more CPU mostly for P-384 and P-521, which is why all
// three are here and not only P-256.
func BenchmarkECDSA(b *testing.B) {
	for _, curve := range fixtures.Curves {
		key, err := fixtures.ECDSAKey(curve)
		check(b, err)
		h := ecdsaHash[curve].New()
		h.Write([]byte("benchgate: a JWT signing input stands in here"))
		digest := h.Sum(nil)

		b.Run("curve="+curve+"/op=sign", func(b *testing.B) {
			var sig []byte
			for it := benchloop.Start(b); it.Next(); {
				var err error
				if sig, err = ecdsa.SignASN1(rand.Reader, key, digest); err != nil {
					b.Fatal(err)
				}
			}
			b.StopTimer()
			if !ecdsa.VerifyASN1(&key.PublicKey, digest, sig) {
				b.Fatalf("ECDSA %s: signature does not verify", curve)
			}
		})
		sig := once(func() ([]byte, error) { return ecdsa.SignASN1(rand.Reader, key, digest) })
		b.Run("curve="+curve+"/op=verify", func(b *testing.B) {
			sig, err := sig()
			check(b, err)
			for it := benchloop.Start(b); it.Next(); {
				if !ecdsa.VerifyASN1(&key.PublicKey, digest, sig) {
					b.Fatalf("ECDSA %s: signature does not verify", curve)
				}
			}
		})
	}
}

// BenchmarkEd25519 measures Ed25519 sign and verify over a 256-byte message,
// about the size of a JWT signing input.
func BenchmarkEd25519(b *testing.B) {
	key, err := fixtures.Ed25519Key()
	check(b, err)
	pub := key.Public().(ed25519.PublicKey)
	msg := payload(256)

	b.Run("op=sign", func(b *testing.B) {
		var sig []byte
		for it := benchloop.Start(b); it.Next(); {
			sig = ed25519.Sign(key, msg)
		}
		b.StopTimer()
		if !ed25519.Verify(pub, msg, sig) {
			b.Fatal("Ed25519: signature does not verify")
		}
	})
	b.Run("op=verify", func(b *testing.B) {
		sig := ed25519.Sign(key, msg)
		for it := benchloop.Start(b); it.Next(); {
			if !ed25519.Verify(pub, msg, sig) {
				b.Fatal("Ed25519: signature does not verify")
			}
		}
	})
}
