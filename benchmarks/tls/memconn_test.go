package tls

import (
	"bytes"
	"io"
	"net"
	"os"
	"sync"
	"time"
)

// memPipe is one direction of an in-memory connection: a write never
// blocks (its bytes are appended), a read blocks until there are bytes to
// read or the pipe is closed. Unlike net.Pipe, a writer does not wait for
// its reader, so a connection's two ends can be driven from one goroutine
// and what is measured does not depend on how the Go scheduler hands data
// from one goroutine to another.
type memPipe struct {
	mu     sync.Mutex
	ready  sync.Cond
	buf    bytes.Buffer
	closed bool
}

func newMemPipe() *memPipe {
	p := &memPipe{}
	p.ready.L = &p.mu
	return p
}

func (p *memPipe) write(b []byte) (int, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.closed {
		return 0, io.ErrClosedPipe
	}
	p.buf.Write(b)
	p.ready.Broadcast()
	return len(b), nil
}

func (p *memPipe) read(b []byte) (int, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	for p.buf.Len() == 0 {
		if p.closed {
			return 0, io.EOF
		}
		p.ready.Wait()
	}
	return p.buf.Read(b)
}

func (p *memPipe) close() {
	p.mu.Lock()
	p.closed = true
	p.ready.Broadcast()
	p.mu.Unlock()
}

// memConn is one end of an in-memory connection: it reads from one
// memPipe and writes to the other. Deadlines are not supported.
type memConn struct{ in, out *memPipe }

func (c memConn) Read(b []byte) (int, error)  { return c.in.read(b) }
func (c memConn) Write(b []byte) (int, error) { return c.out.write(b) }
func (c memConn) Close() error                { c.in.close(); c.out.close(); return nil }

func (memConn) LocalAddr() net.Addr              { return memAddr{} }
func (memConn) RemoteAddr() net.Addr             { return memAddr{} }
func (memConn) SetDeadline(time.Time) error      { return os.ErrNoDeadline }
func (memConn) SetReadDeadline(time.Time) error  { return os.ErrNoDeadline }
func (memConn) SetWriteDeadline(time.Time) error { return os.ErrNoDeadline }

type memAddr struct{}

func (memAddr) Network() string { return "mem" }
func (memAddr) String() string  { return "mem" }

// memConnPair returns the two ends of a new in-memory connection.
func memConnPair() (net.Conn, net.Conn) {
	a, b := newMemPipe(), newMemPipe()
	return memConn{in: a, out: b}, memConn{in: b, out: a}
}
