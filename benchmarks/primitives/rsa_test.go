package primitives

import (
	"bytes"
	"crypto"
	"crypto/rand"
	"crypto/rsa"
	"crypto/sha256"
	"errors"
	"fmt"
	"testing"

	fixtures "github.com/benchgate/benchgate/benchmarks"
	"github.com/benchgate/benchgate/benchmarks/internal/benchloop"
)

// pssOptions matches what JWT PS256 signs with: a salt as long as the hash,
// so every toolchain does the same work (the default salt length is "as
// long as fits", which differs by key size).
var pssOptions = &rsa.PSSOptions{SaltLength: rsa.PSSSaltLengthEqualsHash, Hash: crypto.SHA256}

// rsaOp is one RSA operation benchmark. body returns, for one key, the
// function the sub-benchmark runs on every call: it performs the operation
// in a benchloop and returns an error on the first wrong result; results
// that are only checked after the loop are checked with the timer stopped.
//
// The testing package calls a sub-benchmark's function more than once in
// a process: once per -count at a duration -benchtime, twice at a count
// (b.N = 1, then N). What a body keeps between those calls it computes
// once: the signature or ciphertext a public operation works on, and the
// check of an encryption's result, each a private-key operation that
// takes longer than many verifies.
type rsaOp struct {
	scheme, op string
	body       func(key *rsa.PrivateKey) func(b *testing.B) error
}

// rsaOps lists every single-threaded RSA operation. Private operations:
// sign, decrypt. Public operations: verify, encrypt.
func rsaOps() []rsaOp {
	digest := sha256.Sum256([]byte("benchgate: a JWT signing input stands in here"))
	msg := payload(32) // a session key, the usual RSA encryption payload
	return []rsaOp{
		{"PKCS1v15", "sign", func(key *rsa.PrivateKey) func(*testing.B) error {
			return func(b *testing.B) error {
				var sig []byte
				for it := benchloop.Start(b); it.Next(); {
					var err error
					if sig, err = rsa.SignPKCS1v15(rand.Reader, key, crypto.SHA256, digest[:]); err != nil {
						return err
					}
				}
				b.StopTimer()
				return rsa.VerifyPKCS1v15(&key.PublicKey, crypto.SHA256, digest[:], sig)
			}
		}},
		{"PKCS1v15", "verify", func(key *rsa.PrivateKey) func(*testing.B) error {
			sig := once(func() ([]byte, error) {
				return rsa.SignPKCS1v15(rand.Reader, key, crypto.SHA256, digest[:])
			})
			return func(b *testing.B) error {
				sig, err := sig()
				if err != nil {
					return err
				}
				for it := benchloop.Start(b); it.Next(); {
					if err := rsa.VerifyPKCS1v15(&key.PublicKey, crypto.SHA256, digest[:], sig); err != nil {
						return err
					}
				}
				return nil
			}
		}},
		{"PKCS1v15", "encrypt", func(key *rsa.PrivateKey) func(*testing.B) error {
			var checked bool
			return func(b *testing.B) error {
				var ct []byte
				for it := benchloop.Start(b); it.Next(); {
					var err error
					if ct, err = rsa.EncryptPKCS1v15(rand.Reader, &key.PublicKey, msg); err != nil {
						return err
					}
				}
				if checked {
					return nil
				}
				b.StopTimer()
				checked = true
				return roundTrip(rsa.DecryptPKCS1v15(rand.Reader, key, ct))(msg)
			}
		}},
		{"PKCS1v15", "decrypt", func(key *rsa.PrivateKey) func(*testing.B) error {
			ct := once(func() ([]byte, error) {
				return rsa.EncryptPKCS1v15(rand.Reader, &key.PublicKey, msg)
			})
			return func(b *testing.B) error {
				ct, err := ct()
				if err != nil {
					return err
				}
				for it := benchloop.Start(b); it.Next(); {
					if err := roundTrip(rsa.DecryptPKCS1v15(rand.Reader, key, ct))(msg); err != nil {
						return err
					}
				}
				return nil
			}
		}},
		{"PSS", "sign", func(key *rsa.PrivateKey) func(*testing.B) error {
			return func(b *testing.B) error {
				var sig []byte
				for it := benchloop.Start(b); it.Next(); {
					var err error
					if sig, err = rsa.SignPSS(rand.Reader, key, crypto.SHA256, digest[:], pssOptions); err != nil {
						return err
					}
				}
				b.StopTimer()
				return rsa.VerifyPSS(&key.PublicKey, crypto.SHA256, digest[:], sig, pssOptions)
			}
		}},
		{"PSS", "verify", func(key *rsa.PrivateKey) func(*testing.B) error {
			sig := once(func() ([]byte, error) {
				return rsa.SignPSS(rand.Reader, key, crypto.SHA256, digest[:], pssOptions)
			})
			return func(b *testing.B) error {
				sig, err := sig()
				if err != nil {
					return err
				}
				for it := benchloop.Start(b); it.Next(); {
					if err := rsa.VerifyPSS(&key.PublicKey, crypto.SHA256, digest[:], sig, pssOptions); err != nil {
						return err
					}
				}
				return nil
			}
		}},
		{"OAEP", "encrypt", func(key *rsa.PrivateKey) func(*testing.B) error {
			var checked bool
			return func(b *testing.B) error {
				h := sha256.New()
				var ct []byte
				for it := benchloop.Start(b); it.Next(); {
					var err error
					if ct, err = rsa.EncryptOAEP(h, rand.Reader, &key.PublicKey, msg, nil); err != nil {
						return err
					}
				}
				if checked {
					return nil
				}
				b.StopTimer()
				checked = true
				return roundTrip(rsa.DecryptOAEP(h, rand.Reader, key, ct, nil))(msg)
			}
		}},
		{"OAEP", "decrypt", func(key *rsa.PrivateKey) func(*testing.B) error {
			ct := once(func() ([]byte, error) {
				return rsa.EncryptOAEP(sha256.New(), rand.Reader, &key.PublicKey, msg, nil)
			})
			return func(b *testing.B) error {
				ct, err := ct()
				if err != nil {
					return err
				}
				h := sha256.New()
				for it := benchloop.Start(b); it.Next(); {
					if err := roundTrip(rsa.DecryptOAEP(h, rand.Reader, key, ct, nil))(msg); err != nil {
						return err
					}
				}
				return nil
			}
		}},
	}
}

// roundTrip turns a decryption result into a check against the expected
// plaintext.
func roundTrip(got []byte, err error) func(want []byte) error {
	return func(want []byte) error {
		if err != nil {
			return err
		}
		if !bytes.Equal(got, want) {
			return errors.New("decrypted plaintext differs from the original")
		}
		return nil
	}
}

// BenchmarkRSA measures each RSA operation on one goroutine, at every key
// size. See the package documentation for the names.
func BenchmarkRSA(b *testing.B) {
	ops := rsaOps()
	for _, bits := range fixtures.RSABits {
		key, err := fixtures.RSAKey(bits)
		check(b, err)
		for _, op := range ops {
			op, run := op, op.body(key)
			b.Run(fmt.Sprintf("bits=%d/scheme=%s/op=%s", bits, op.scheme, op.op), func(b *testing.B) {
				if err := run(b); err != nil {
					b.Fatalf("RSA-%d %s %s: %v", bits, op.scheme, op.op, err)
				}
			})
		}
	}
}

// BenchmarkRSAParallel measures PKCS#1 v1.5 sign and verify with
// b.RunParallel (GOMAXPROCS goroutines), because multi-core throughput
// scales differently by key size: larger keys fall further short of linear.
// b.RunParallel shares b.N among its goroutines, so these two ramp b.N up
// the testing package's way, a call per step, not in a benchloop.
func BenchmarkRSAParallel(b *testing.B) {
	digest := sha256.Sum256([]byte("benchgate: a JWT signing input stands in here"))
	for _, bits := range fixtures.RSABits {
		key, err := fixtures.RSAKey(bits)
		check(b, err)
		sig, err := rsa.SignPKCS1v15(rand.Reader, key, crypto.SHA256, digest[:])
		check(b, err)
		verify := func(sig []byte) error {
			return rsa.VerifyPKCS1v15(&key.PublicKey, crypto.SHA256, digest[:], sig)
		}

		b.Run(fmt.Sprintf("bits=%d/scheme=PKCS1v15/op=sign", bits), func(b *testing.B) {
			var failed firstError
			b.RunParallel(func(pb *testing.PB) {
				var last []byte
				for pb.Next() {
					s, err := rsa.SignPKCS1v15(rand.Reader, key, crypto.SHA256, digest[:])
					if err != nil {
						failed.set(err)
						return
					}
					last = s
				}
				if last != nil {
					if err := verify(last); err != nil {
						failed.set(fmt.Errorf("signature does not verify: %w", err))
					}
				}
			})
			if err := failed.get(); err != nil {
				b.Fatalf("RSA-%d sign: %v", bits, err)
			}
		})
		b.Run(fmt.Sprintf("bits=%d/scheme=PKCS1v15/op=verify", bits), func(b *testing.B) {
			var failed firstError
			b.RunParallel(func(pb *testing.PB) {
				for pb.Next() {
					if err := verify(sig); err != nil {
						failed.set(err)
						return
					}
				}
			})
			if err := failed.get(); err != nil {
				b.Fatalf("RSA-%d verify: %v", bits, err)
			}
		})
	}
}
