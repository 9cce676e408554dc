// Package floor is a fixture for floorcheck: a go 1.19 module that uses
// newer API in some places, with and without build constraints.
package floor

import (
	"bytes"
	"crypto/ecdh"
	"crypto/tls"
	"net/http"
	"time"
)

func tooNew() {
	_ = ecdh.X25519()                                   // go1.20 func
	_ = time.Now().Compare(time.Now())                  // go1.20 method
	_ = http.Server{DisableGeneralOptionsHandler: true} // go1.20 field, composite literal
	var st tls.ConnectionState
	_ = st.CurveID  // go1.25 field, selector
	_ = bytes.Clone // go1.20 func value
}

func fine() {
	_ = bytes.NewReader(nil).Len()               // go1.0
	_ = tls.Config{MinVersion: tls.VersionTLS13} // go1.12 constant
	_ = time.Now().UnixMilli()                   // go1.17 method
}
