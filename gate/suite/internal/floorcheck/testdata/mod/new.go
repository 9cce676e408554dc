//go:build go1.20

package floor

import "crypto/ecdh"

// allowed: the constraint raises this file to go1.20.
var curve = ecdh.P256()

func fineWhenTagged() {
	_ = curve.NewPrivateKey // method of a go1.20 type: fine
}
