// Package storefront is the shop's order API for servers (/open/v1/…): a storefront or a
// marketplace connector places orders, reports payments, cancels, and reads orders and stock.
// No browser calls it: every request is signed with a client's secret (signing.go), a nonce is
// used once (nonces.go), and every write carries an Idempotency-Key (idempotency.go). The
// clients are managed on 系统管理 → 开放接口 (http.go). docs/storefront.md is the callers' guide.
package storefront

import "time"

// Client statuses.
const (
	StatusActive  = "active"
	StatusRevoked = "revoked"
)

// Scopes a client may hold; a new client holds all of them.
const (
	ScopeOrdersRead  = "orders:read"
	ScopeOrdersWrite = "orders:write"
	ScopeSkusRead    = "skus:read"
)

// AllScopes are every scope, in the order they are shown.
var AllScopes = []string{ScopeOrdersRead, ScopeOrdersWrite, ScopeSkusRead}

// Client is one calling server. Its secret is kept sealed (AES-GCM, secret.go): the server
// needs the secret itself to check an HMAC, so a one-way hash cannot do (docs/decisions.md
// "Storefront API"). Fingerprint is the SHA-256 of the secret, to compare a copy without
// showing it.
type Client struct {
	ID           int64 `gorm:"primaryKey"`
	Name         string
	ClientID     string   // the public id sent as X-Client-Id
	AgencyID     *int64   // whose orders and SKUs it sees; nil: the shop's own
	Scopes       []string `gorm:"serializer:json"`
	SecretSealed string   // base64 of nonce ‖ AES-GCM ciphertext; "" when no secret was ever handed out
	Fingerprint  string   // hex SHA-256 of the secret
	Status       string
	LastUsedTime *time.Time
	RevokeTime   *time.Time
	CreateTime   time.Time `gorm:"autoCreateTime"`
	UpdateTime   time.Time `gorm:"autoUpdateTime"`
}

func (Client) TableName() string { return "open_clients" }

// Scope is the agency scope of the client's data: the agency, or nil for the shop.
func (c Client) Scope() *int64 { return c.AgencyID }

// Has tells whether the client holds scope.
func (c Client) Has(scope string) bool {
	for _, s := range c.Scopes {
		if s == scope {
			return true
		}
	}
	return false
}

// Idempotency states.
const (
	idemPending = "pending"
	idemDone    = "done"
)

// Idem is one Idempotency-Key of a client: the request it was first used with (its hash) and,
// once done, the answer given, replayed to every retry until it expires.
type Idem struct {
	ID          int64 `gorm:"primaryKey"`
	ClientID    int64
	IdemKey     string
	RequestHash string // hex SHA-256 of method, path, query and the body's hash
	State       string
	Status      int
	Body        string
	LockedUntil time.Time // a pending key whose lease ran out was abandoned (a crashed instance)
	ExpiresAt   time.Time
	CreateTime  time.Time `gorm:"autoCreateTime"`
}

func (Idem) TableName() string { return "open_idempotency" }
