package tls

import (
	"bytes"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"net"
	"testing"

	fixtures "github.com/benchgate/benchgate/benchmarks"
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

// connect runs one full handshake over an in-memory pipe. On success the
// caller owns the returned connections and must call closeBoth.
func connect(client, server *tls.Config) (*tls.Conn, *tls.Conn, func(), error) {
	c, s := net.Pipe()
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
			for i := 0; i < b.N; i++ {
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
// one record. The reader checks every byte.
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
				cc, sc, closeBoth, err := connect(client, server)
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
				total := int64(b.N) * int64(size)
				done := make(chan error, 1)
				go func() { done <- readAll(sc, msg, total) }()

				b.SetBytes(int64(size))
				b.ResetTimer()
				for i := 0; i < b.N; i++ {
					if _, err := cc.Write(msg); err != nil {
						b.Fatalf("write: %v (reader: %v)", err, <-done)
					}
				}
				if err := <-done; err != nil {
					b.Fatal(err)
				}
			})
		}
	}
}

// readAll reads total bytes from c and checks that they are msg repeated.
func readAll(c *tls.Conn, msg []byte, total int64) error {
	buf := make([]byte, 32<<10)
	var n int64
	for n < total {
		k, err := c.Read(buf)
		for p := buf[:k]; len(p) > 0; {
			off := int(n % int64(len(msg)))
			m := len(msg) - off
			if m > len(p) {
				m = len(p)
			}
			if !bytes.Equal(p[:m], msg[off:off+m]) {
				return fmt.Errorf("received data differs from what was sent at byte %d", n)
			}
			p, n = p[m:], n+int64(m)
		}
		if err != nil && n < total {
			return fmt.Errorf("read after %d of %d bytes: %w", n, total, err)
		}
	}
	return nil
}
