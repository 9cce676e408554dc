package primitives

import (
	"bytes"
	"crypto/aes"
	"crypto/cipher"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"testing"

	fixtures "github.com/benchgate/benchgate/benchmarks"
	"github.com/benchgate/benchgate/benchmarks/internal/benchloop"
)

// symmetricSizes are the message sizes of the hash and cipher benchmarks:
// a small token, a typical request body, and a full TLS record.
var symmetricSizes = []int{64, 1 << 10, 16 << 10}

// sha256Known holds SHA-256 of payload(n), computed independently (Python's
// hashlib), so a wrong digest fails instead of looking fast.
var sha256Known = map[int]string{
	64:       "fdeab9acf3710362bd2658cdc9a29e8f9c757fcf9811603a8c447cd1d9151108",
	1 << 10:  "2bce1ba628720664be4b9fdd77aae0678e5f0f3f02fc6ff641ec879094f6a404",
	16 << 10: "4348e3b98e8a327b34ced39c1da9e67cdb4cd5e48e4d7960607a3ae403d35f0c",
}

// BenchmarkSHA256 measures SHA-256 throughput (B/s via b.SetBytes).
func BenchmarkSHA256(b *testing.B) {
	for _, n := range symmetricSizes {
		data := payload(n)
		want := sha256Known[n]
		b.Run("size="+sizeName(n), func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			var sum [sha256.Size]byte
			for it := benchloop.Start(b); it.Next(); {
				sum = sha256.Sum256(data)
			}
			b.StopTimer()
			if got := hex.EncodeToString(sum[:]); got != want {
				b.Fatalf("SHA-256 of %d bytes = %s, want %s", len(data), got, want)
			}
		})
	}
}

// BenchmarkHMAC measures HMAC-SHA256 throughput with one keyed hash reused
// across messages, as a JWT HS256 verifier would.
func BenchmarkHMAC(b *testing.B) {
	key, err := fixtures.Secret(fixtures.HMACSecret)
	check(b, err)
	for _, n := range symmetricSizes {
		data := payload(n)
		want := hmacByDefinition(key, data)
		b.Run("hash=SHA256/size="+sizeName(n), func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			mac := hmac.New(sha256.New, key)
			var sum []byte
			for it := benchloop.Start(b); it.Next(); {
				mac.Reset()
				mac.Write(data)
				sum = mac.Sum(sum[:0])
			}
			b.StopTimer()
			if !bytes.Equal(sum, want) {
				b.Fatalf("HMAC-SHA256 of %d bytes = %x, want %x", len(data), sum, want)
			}
		})
	}
}

// hmacByDefinition computes HMAC-SHA256 from RFC 2104 with plain SHA-256
// (checked by sha256Known), independently of crypto/hmac.
func hmacByDefinition(key, msg []byte) []byte {
	var ipad, opad [sha256.BlockSize]byte
	copy(ipad[:], key) // the fixture key is shorter than a block
	copy(opad[:], key)
	for i := range ipad {
		ipad[i] ^= 0x36
		opad[i] ^= 0x5c
	}
	inner := sha256.Sum256(append(ipad[:], msg...))
	outer := sha256.Sum256(append(opad[:], inner[:]...))
	return outer[:]
}

// BenchmarkAESGCM measures AES-128-GCM seal and open throughput, the bulk
// cipher of the TLS benchmarks, without the record layer around it.
func BenchmarkAESGCM(b *testing.B) {
	key, err := fixtures.Secret(fixtures.AES128Key)
	check(b, err)
	block, err := aes.NewCipher(key)
	check(b, err)
	aead, err := cipher.NewGCM(block)
	check(b, err)
	for _, n := range []int{1 << 10, 16 << 10} {
		plaintext := payload(n)
		openNonce := make([]byte, aead.NonceSize())
		sealed := aead.Seal(nil, openNonce, plaintext, nil)

		b.Run(fmt.Sprintf("bits=128/op=seal/size=%s", sizeName(n)), func(b *testing.B) {
			b.SetBytes(int64(n))
			dst := make([]byte, 0, n+aead.Overhead())
			nonce := make([]byte, aead.NonceSize())
			var ct []byte
			var seq uint64
			for it := benchloop.Start(b); it.Next(); {
				// A fresh nonce per message, as a real sender must use.
				seq++
				binary.BigEndian.PutUint64(nonce[4:], seq)
				ct = aead.Seal(dst[:0], nonce, plaintext, nil)
			}
			b.StopTimer()
			pt, err := aead.Open(nil, nonce, ct, nil)
			if err != nil || !bytes.Equal(pt, plaintext) {
				b.Fatalf("AES-GCM: sealed message does not open: %v", err)
			}
		})
		b.Run(fmt.Sprintf("bits=128/op=open/size=%s", sizeName(n)), func(b *testing.B) {
			b.SetBytes(int64(n))
			dst := make([]byte, 0, n)
			for it := benchloop.Start(b); it.Next(); {
				pt, err := aead.Open(dst[:0], openNonce, sealed, nil)
				if err != nil {
					b.Fatalf("AES-GCM open: %v", err)
				}
				if it.First() && !bytes.Equal(pt, plaintext) {
					b.Fatal("AES-GCM: opened plaintext differs from the original")
				}
			}
		})
	}
}
