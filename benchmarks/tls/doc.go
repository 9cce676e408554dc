// Package tls benchmarks crypto/tls: full handshakes per key exchange and
// certificate type, and bulk throughput over an established connection.
//
// It follows the shape of crypto/tls's own benchmark family
// (HandshakeServer per key exchange and certificate, Throughput in MB/s),
// which is how the Go team reported TLS performance changes, but it measures
// the whole handshake (client and server) in one process, over net.Pipe, so
// it needs no sockets and no recorded transcripts. Throughput runs both ends
// in one goroutine over an in-memory connection whose writes never block,
// so it measures the record layer and not the scheduler's hand-off between
// a writing and a reading goroutine (see BenchmarkTLSThroughput).
//
// # Benchmarks
//
//	BenchmarkTLSHandshake/kex=RSA/cert=RSA-2048/version=1.2
//	BenchmarkTLSHandshake/kex=P256/cert=RSA-2048/version=1.2
//	BenchmarkTLSHandshake/kex=P256/cert=ECDSA-P256/version=1.2
//	BenchmarkTLSHandshake/kex=X25519/cert=ECDSA-P256/version=1.2
//	BenchmarkTLSHandshake/kex=P521/cert=ECDSA-P521/version=1.2
//	BenchmarkTLSHandshake/kex=X25519/cert={ECDSA-P256,RSA-2048,Ed25519}/version=1.3
//	BenchmarkTLSHandshake/kex=P256/cert=ECDSA-P256/version=1.3
//	BenchmarkTLSThroughput/version={1.2,1.3}/size={1KiB,16KiB}   (B/s)
//
// kex=RSA is the TLS 1.2 RSA key exchange; every other kex is ECDHE on the
// named group. TLS 1.2 benchmarks use AES-128-GCM cipher suites. TLS 1.3
// does not let the cipher suite be configured; Go picks TLS_AES_128_GCM_SHA256
// on hardware with AES support.
//
// # Same work on every toolchain
//
// Each handshake is a full one: the server disables session tickets and the
// client has no session cache. Versions, cipher suites and curve
// preferences are set explicitly on both sides, so toolchain defaults (which
// changed several times, e.g. X25519MLKEM768 in Go 1.24) cannot change what
// is measured. The client verifies the server's certificate against the
// fixture itself as its only root.
//
// Go 1.22 removed RSA key-exchange cipher suites from the default list
// (GODEBUG tlsrsakex) and Go 1.27 removed that GODEBUG. The default list is
// only consulted when Config.CipherSuites is nil; kex=RSA sets it
// explicitly, so no GODEBUG or //go:debug directive is needed (checked with
// go1.26.8, go1.26.8 under GODEBUG=tlsrsakex=0, and go1.27.3). The
// benchmark checks the negotiated suite, so it fails loudly rather than
// silently measuring another key exchange should that ever change.
//
// Every handshake checks the negotiated version and cipher suite, that the
// session was not resumed and that the peer presented the expected
// certificate; throughput checks every byte received.
package tls
