// Package primitives benchmarks the crypto primitives under the code paths a
// Go server spends its time in: RSA, ECDSA, Ed25519, ECDH, SHA-256,
// HMAC-SHA256 and AES-GCM.
//
// It is part of the benchgate crypto suite, whose point is to show what a Go
// toolchain bump does to these primitives. The motivating case is Go 1.20,
// which moved crypto/rsa to constant-time arithmetic: RSA-2048 verify went
// from about 49 µs to 246 µs and RSA-4096 verify from 146 µs to 1000 µs,
// while signing rose only 34–61% and ECDSA P-256 and HMAC did not move. The
// public operations (verify, encrypt) and the private ones (sign, decrypt)
// are therefore measured separately, at every key size.
//
// # Benchmarks
//
// All names are key=value so that reports can group them:
//
//	BenchmarkRSA/bits={1024,2048,3072,4096}/scheme=PKCS1v15/op={sign,verify,encrypt,decrypt}
//	BenchmarkRSA/bits=…/scheme=PSS/op={sign,verify}
//	BenchmarkRSA/bits=…/scheme=OAEP/op={encrypt,decrypt}
//	BenchmarkRSAParallel/bits=…/scheme=PKCS1v15/op={sign,verify}   (b.RunParallel)
//	BenchmarkECDSA/curve={P256,P384,P521}/op={sign,verify}
//	BenchmarkEd25519/op={sign,verify}
//	BenchmarkECDH/curve={X25519,P256}/op=exchange                  (go1.20+, crypto/ecdh)
//	BenchmarkSHA256/size={64B,1KiB,16KiB}                          (B/s)
//	BenchmarkHMAC/hash=SHA256/size={64B,1KiB,16KiB}                (B/s)
//	BenchmarkAESGCM/bits=128/op={seal,open}/size={1KiB,16KiB}      (B/s)
//
// RSAParallel reports wall time per operation with GOMAXPROCS goroutines, so
// its ns/op is the inverse of multi-core throughput; compare it with the
// single-goroutine BenchmarkRSA to see how each key size scales.
//
// Every benchmark checks its result (a signature that does not verify, a
// plaintext that does not round-trip, a digest that differs from a known
// answer is b.Fatal), so a broken primitive can never look fast. Keys come
// from the fixed fixtures of the module's root package.
package primitives
