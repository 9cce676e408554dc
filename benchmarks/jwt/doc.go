// Package jwt benchmarks JSON Web Tokens with github.com/golang-jwt/jwt/v5,
// the code path where a Go service feels RSA's cost on every request.
//
// A service that verifies JWTs locally does one public-key operation per
// request. When Go 1.20 made RSA verification about five times slower,
// RS256 services noticed at once, while HS256 (HMAC) and ES256 (ECDSA)
// barely moved. Behind the same middleware, HS256 served about 99,700 req/s
// against 27,500 for RS256 in one published measurement. This package
// measures both ends: the token operations alone, and a bearer-token
// middleware in front of an http.Handler.
//
// # Benchmarks
//
//	BenchmarkJWT/alg={HS256,RS256,PS256,ES256,EdDSA}/op={sign,verify,roundtrip}
//	BenchmarkJWTMiddleware/alg={HS256,RS256,PS256,ES256,EdDSA}
//
// op=verify parses and validates a token with a realistic claims set
// (registered claims plus name, email, scope, roles, tenant), restricted to
// the expected algorithm, issuer and audience, as a careful server would.
// op=roundtrip is sign and verify together. The middleware benchmark serves
// one request per iteration through httptest (no sockets): it extracts the
// bearer token, verifies it, stores the claims in the request context and
// calls the next handler. RS256 and PS256 use the RSA-2048 fixture, ES256
// P-256, EdDSA Ed25519 and HS256 the 32-byte HMAC secret.
//
// Every signature is checked: a token that fails to verify, or a tampered
// token that passes, is b.Fatal.
package jwt
