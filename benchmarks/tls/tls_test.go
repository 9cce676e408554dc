package tls

import (
	"bytes"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"io"
	"net"
	"testing"

	fixtures "github.com/benchgate/benchgate/benchmarks"
	"github.com/benchgate/benchgate/benchmarks/internal/benchloop"
)

var versions = map[string]uint16{"1.2": tls.VersionTLS12, "1.3": tls.VersionTLS13}

var curves = map[string]tls.CurveID{
	"P256":   tls.CurveP256,
	"P521":   tls.CurveP521,
	"X25519": tls.X25519,
}

// setup describes one connection configuration.
type setup struct {
	kex, cert, version string
	suite              uint16 // TLS 1.2 only; TLS 1.3 suites are not configurable
}

// configs returns matching client and server configurations that allow
// exactly one version, one cipher suite (TLS 1.2) and one group, and no
// session resumption.
func (s setup) configs() (client, server *tls.Config, err error) {
	cert, err := fixtures.Certificate(s.cert)
	if err != nil {
		return nil, nil, err
	}
	version, ok := versions[s.version]
	if !ok {
		return nil, nil, fmt.Errorf("unknown TLS version %q", s.version)
	}
	var suites []uint16
	if s.suite != 0 {
		suites = []uint16{s.suite}
	}
	var groups []tls.CurveID
	if s.kex != "RSA" {
		curve, ok := curves[s.kex]
		if !ok {
			return nil, nil, fmt.Errorf("unknown key exchange %q", s.kex)
		}
		groups = []tls.CurveID{curve}
	}
	roots := x509.NewCertPool()
	roots.AddCert(cert.Leaf)
	client = &tls.Config{
		RootCAs:          roots,
		ServerName:       fixtures.ServerName,
		MinVersion:       version,
		MaxVersion:       version,
		CipherSuites:     suites,
		CurvePreferences: groups,
	}
	server = &tls.Config{
		Certificates:           []tls.Certificate{cert},
		MinVersion:             version,
		MaxVersion:             version,
		CipherSuites:           suites,
		CurvePreferences:       groups,
		SessionTicketsDisabled: true,
	}
	return client, server, nil
}

// check verifies that a handshake negotiated what the setup asked for.
func (s setup) check(state tls.ConnectionState) error {
	if !state.HandshakeComplete {
		return errors.New("handshake not complete")
	}
	if state.DidResume {
		return errors.New("session was resumed; the benchmark must do full handshakes")
	}
	if state.Version != versions[s.version] {
		return fmt.Errorf("negotiated version %#x, want TLS %s", state.Version, s.version)
	}
	if s.suite != 0 && state.CipherSuite != s.suite {
		return fmt.Errorf("negotiated %s, want %s", tls.CipherSuiteName(state.CipherSuite), tls.CipherSuiteName(s.suite))
	}
	cert, err := fixtures.Certificate(s.cert)
	if err != nil {
		return err
	}
	if len(state.PeerCertificates) != 1 || !bytes.Equal(state.PeerCertificates[0].Raw, cert.Certificate[0]) {
		return errors.New("server did not present the expected certificate")
	}
	return nil
}

// connect runs one full handshake over net.Pipe. On success the caller
// owns the returned connections and must call closeBoth.
func connect(client, server *tls.Config) (*tls.Conn, *tls.Conn, func(), error) {
	return connectOver(net.Pipe, client, server)
}

// connectOver is connect over the connection pair that pair makes.
func connectOver(pair func() (net.Conn, net.Conn), client, server *tls.Config) (*tls.Conn, *tls.Conn, func(), error) {
	c, s := pair()
	// Closing the raw pipe ends unblocks any pending read or write; a TLS
	// close_notify would block, as nobody reads the other end any more.
	closeBoth := func() { c.Close(); s.Close() }
	cc, sc := tls.Client(c, client), tls.Server(s, server)
	errc := make(chan error, 1)
	go func() {
		err := sc.Handshake()
		if err != nil {
			closeBoth()
		}
		errc <- err
	}()
	cerr := cc.Handshake()
	if cerr != nil {
		closeBoth()
	}
	serr := <-errc
	if cerr != nil || serr != nil {
		closeBoth()
		return nil, nil, nil, fmt.Errorf("handshake failed: client: %v; server: %v", cerr, serr)
	}
	return cc, sc, closeBoth, nil
}

// BenchmarkTLSHandshake measures one full handshake, client and server
// together, per iteration.
func BenchmarkTLSHandshake(b *testing.B) {
	for _, s := range []setup{
		{kex: "RSA", cert: "RSA-2048", version: "1.2", suite: tls.TLS_RSA_WITH_AES_128_GCM_SHA256},
		{kex: "P256", cert: "RSA-2048", version: "1.2", suite: tls.TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256},
		{kex: "P256", cert: "ECDSA-P256", version: "1.2", suite: tls.TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256},
		{kex: "X25519", cert: "ECDSA-P256", version: "1.2", suite: tls.TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256},
		{kex: "P521", cert: "ECDSA-P521", version: "1.2", suite: tls.TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256},
		{kex: "X25519", cert: "ECDSA-P256", version: "1.3"},
		{kex: "X25519", cert: "RSA-2048", version: "1.3"},
		{kex: "X25519", cert: "Ed25519", version: "1.3"},
		{kex: "P256", cert: "ECDSA-P256", version: "1.3"},
	} {
		s := s
		client, server, err := s.configs()
		if err != nil {
			b.Fatal(err)
		}
		b.Run(fmt.Sprintf("kex=%s/cert=%s/version=%s", s.kex, s.cert, s.version), func(b *testing.B) {
			for it := benchloop.Start(b); it.Next(); {
				cc, _, closeBoth, err := connect(client, server)
				if err != nil {
					b.Fatalf("%+v: %v", s, err)
				}
				state := cc.ConnectionState()
				closeBoth()
				if err := s.check(state); err != nil {
					b.Fatalf("%+v: %v", s, err)
				}
			}
		})
	}
}

// BenchmarkTLSThroughput measures application data sent over an
// established connection (ECDHE-X25519, ECDSA-P256 certificate,
// AES-128-GCM), one write of the given size per iteration, so each write is
// one record, which the server end then reads and checks byte for byte.
//
// Both ends run in the benchmark's goroutine over an in-memory connection
// whose writes never block (memConnPair): over net.Pipe the record went
// from a writing goroutine to a reading one, so every iteration measured
// the scheduler's hand-off too (most of the 1 KiB time, a third of the
// 16 KiB time) and runs of one toolchain pair measured the 16 KiB change
// anywhere from -6% to +12%.
func BenchmarkTLSThroughput(b *testing.B) {
	for _, version := range []string{"1.2", "1.3"} {
		s := setup{kex: "X25519", cert: "ECDSA-P256", version: version}
		if version == "1.2" {
			s.suite = tls.TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256
		}
		client, server, err := s.configs()
		if err != nil {
			b.Fatal(err)
		}
		// Full-size records from the first byte, instead of the small
		// records Go starts a connection with, so every run does the same.
		client.DynamicRecordSizingDisabled = true

		for _, size := range []int{1 << 10, 16 << 10} {
			size := size
			b.Run(fmt.Sprintf("version=%s/size=%dKiB", version, size>>10), func(b *testing.B) {
				cc, sc, closeBoth, err := connectOver(memConnPair, client, server)
				if err != nil {
					b.Fatal(err)
				}
				defer closeBoth()
				if err := s.check(cc.ConnectionState()); err != nil {
					b.Fatal(err)
				}
				msg := make([]byte, size)
				for i := range msg {
					msg[i] = byte(i % 251)
				}
				got := make([]byte, size)
				// One message before the timer starts grows every buffer
				// on the way to its size, so B/op and allocs/op count
				// only what each message allocates, whatever b.N is.
				if err := sendAndCheck(cc, sc, msg, got); err != nil {
					b.Fatal(err)
				}
				b.SetBytes(int64(size))
				for it := benchloop.Start(b); it.Next(); {
					if err := sendAndCheck(cc, sc, msg, got); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

// sendAndCheck writes msg on c and reads it back on s into got, checking
// every byte.
func sendAndCheck(c, s *tls.Conn, msg, got []byte) error {
	if _, err := c.Write(msg); err != nil {
		return fmt.Errorf("write: %w", err)
	}
	if _, err := io.ReadFull(s, got); err != nil {
		return fmt.Errorf("read: %w", err)
	}
	if !bytes.Equal(got, msg) {
		return errors.New("received data differs from what was sent")
	}
	return nil
}
