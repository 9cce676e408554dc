package jwt

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	fixtures "github.com/benchgate/benchgate/benchmarks"
	"github.com/benchgate/benchgate/benchmarks/internal/benchloop"
	"github.com/golang-jwt/jwt/v5"
)

const (
	issuer   = "https://auth.benchgate.test/"
	audience = "https://api.benchgate.test"
)

// claims is a realistic access-token payload: registered claims plus the
// profile and authorization fields services commonly carry.
type claims struct {
	jwt.RegisteredClaims
	Name   string   `json:"name"`
	Email  string   `json:"email"`
	Scope  string   `json:"scope"`
	Roles  []string `json:"roles"`
	Tenant string   `json:"tid"`
}

// newClaims returns the claims every benchmark signs. The times are fixed
// (valid from 2025 until 2100), so the tokens are the same on every run.
func newClaims() *claims {
	return &claims{
		RegisteredClaims: jwt.RegisteredClaims{
			Issuer:    issuer,
			Subject:   "user-4711",
			Audience:  jwt.ClaimStrings{audience},
			ExpiresAt: jwt.NewNumericDate(time.Date(2100, 1, 1, 0, 0, 0, 0, time.UTC)),
			NotBefore: jwt.NewNumericDate(time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)),
			IssuedAt:  jwt.NewNumericDate(time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)),
			ID:        "5f2b6c1e-8d4a-4f7e-9b3c-2a1d0e9f8c7b",
		},
		Name:   "Ada Lovelace",
		Email:  "ada@benchgate.test",
		Scope:  "orders:read orders:write profile",
		Roles:  []string{"customer", "beta-tester"},
		Tenant: "acme-eu-west",
	}
}

// alg is one JWS algorithm with its fixture keys.
type alg struct {
	name      string
	method    jwt.SigningMethod
	signKey   interface{}
	verifyKey interface{}
}

func algs(b *testing.B) []alg {
	b.Helper()
	secret, err := fixtures.Secret(fixtures.HMACSecret)
	check(b, err)
	rsaKey, err := fixtures.RSAKey(2048)
	check(b, err)
	ecKey, err := fixtures.ECDSAKey("P256")
	check(b, err)
	edKey, err := fixtures.Ed25519Key()
	check(b, err)
	return []alg{
		{"HS256", jwt.SigningMethodHS256, secret, secret},
		{"RS256", jwt.SigningMethodRS256, rsaKey, &rsaKey.PublicKey},
		{"PS256", jwt.SigningMethodPS256, rsaKey, &rsaKey.PublicKey},
		{"ES256", jwt.SigningMethodES256, ecKey, &ecKey.PublicKey},
		{"EdDSA", jwt.SigningMethodEdDSA, edKey, edKey.Public()},
	}
}

func check(b *testing.B, err error) {
	b.Helper()
	if err != nil {
		b.Fatal(err)
	}
}

func (a alg) sign(c *claims) (string, error) {
	return jwt.NewWithClaims(a.method, c).SignedString(a.signKey)
}

// verifier returns a function that verifies a token the way a careful
// server does: only the expected algorithm, issuer and audience, and an
// expiry is required.
func (a alg) verifier() func(token string) (*claims, error) {
	p := jwt.NewParser(
		jwt.WithValidMethods([]string{a.name}),
		jwt.WithIssuer(issuer),
		jwt.WithAudience(audience),
		jwt.WithExpirationRequired(),
	)
	key := func(*jwt.Token) (interface{}, error) { return a.verifyKey, nil }
	return func(token string) (*claims, error) {
		c := new(claims)
		t, err := p.ParseWithClaims(token, c, key)
		if err != nil {
			return nil, err
		}
		if !t.Valid {
			return nil, errors.New("token is not valid")
		}
		return c, nil
	}
}

// checkClaims reports whether verified claims are the ones that were signed.
func checkClaims(c *claims) error {
	if c.Subject != "user-4711" || c.Tenant != "acme-eu-west" || len(c.Roles) != 2 {
		return fmt.Errorf("verified claims differ from the signed ones: %+v", c)
	}
	return nil
}

// tamper returns the token with its payload replaced, keeping the original
// signature, which must then fail to verify.
func tamper(b *testing.B, token string) string {
	b.Helper()
	parts := strings.Split(token, ".")
	c := newClaims()
	c.Subject = "admin"
	payload, err := json.Marshal(c)
	check(b, err)
	parts[1] = base64.RawURLEncoding.EncodeToString(payload)
	return strings.Join(parts, ".")
}

// BenchmarkJWT measures signing, verifying, and both, for each algorithm.
func BenchmarkJWT(b *testing.B) {
	for _, a := range algs(b) {
		a := a
		verify := a.verifier()
		token, err := a.sign(newClaims())
		check(b, err)
		if _, err := verify(tamper(b, token)); err == nil {
			b.Fatalf("%s: a tampered token verified", a.name)
		}

		b.Run("alg="+a.name+"/op=sign", func(b *testing.B) {
			c := newClaims()
			var t string
			for it := benchloop.Start(b); it.Next(); {
				var err error
				if t, err = a.sign(c); err != nil {
					b.Fatal(err)
				}
			}
			b.StopTimer()
			c, err := verify(t)
			if err == nil {
				err = checkClaims(c)
			}
			check(b, err)
		})
		b.Run("alg="+a.name+"/op=verify", func(b *testing.B) {
			for it := benchloop.Start(b); it.Next(); {
				c, err := verify(token)
				if err != nil {
					b.Fatal(err)
				}
				if it.First() {
					check(b, checkClaims(c))
				}
			}
		})
		b.Run("alg="+a.name+"/op=roundtrip", func(b *testing.B) {
			in := newClaims()
			for it := benchloop.Start(b); it.Next(); {
				t, err := a.sign(in)
				if err != nil {
					b.Fatal(err)
				}
				c, err := verify(t)
				if err != nil {
					b.Fatal(err)
				}
				if it.First() {
					check(b, checkClaims(c))
				}
			}
		})
	}
}

type claimsKey struct{}

// requireBearer is a typical JWT middleware: it rejects requests without a
// valid bearer token and hands the verified claims to next.
func requireBearer(verify func(string) (*claims, error), next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		const prefix = "Bearer "
		h := r.Header.Get("Authorization")
		if !strings.HasPrefix(h, prefix) {
			http.Error(w, "missing bearer token", http.StatusUnauthorized)
			return
		}
		c, err := verify(h[len(prefix):])
		if err != nil {
			http.Error(w, "invalid token", http.StatusUnauthorized)
			return
		}
		next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), claimsKey{}, c)))
	})
}

// hello is the protected endpoint: it does next to nothing, so the
// middleware dominates, as in the req/s comparison this reproduces.
func hello(w http.ResponseWriter, r *http.Request) {
	c := r.Context().Value(claimsKey{}).(*claims)
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	io.WriteString(w, "hello "+c.Subject)
}

// BenchmarkJWTMiddleware serves one authenticated request per iteration
// through requireBearer, in memory (httptest, no sockets).
func BenchmarkJWTMiddleware(b *testing.B) {
	for _, a := range algs(b) {
		a := a
		token, err := a.sign(newClaims())
		check(b, err)
		h := requireBearer(a.verifier(), http.HandlerFunc(hello))
		newRequest := func(token string) *http.Request {
			r := httptest.NewRequest(http.MethodGet, "https://api.benchgate.test/v1/orders", nil)
			r.Header.Set("Authorization", "Bearer "+token)
			return r
		}
		for _, bad := range []string{tamper(b, token), ""} {
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, newRequest(bad))
			if rec.Code != http.StatusUnauthorized {
				b.Fatalf("%s: middleware answered %d to a bad token, want 401", a.name, rec.Code)
			}
		}

		b.Run("alg="+a.name, func(b *testing.B) {
			req := newRequest(token)
			for it := benchloop.Start(b); it.Next(); {
				rec := httptest.NewRecorder()
				h.ServeHTTP(rec, req)
				if rec.Code != http.StatusOK || rec.Body.String() != "hello user-4711" {
					b.Fatalf("%s: middleware answered %d %q", a.name, rec.Code, rec.Body.String())
				}
			}
		})
	}
}
