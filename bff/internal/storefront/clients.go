package storefront

import (
	"context"
	"errors"
	"slices"
	"time"

	"mallconsole/bff/internal/agency"
)

var (
	// ErrNotFound: no such client.
	ErrNotFound = errors.New("storefront: client not found")
	// ErrUnknownAgency: the agency a new client is for does not exist.
	ErrUnknownAgency = errors.New("storefront: unknown agency")
	// ErrUnknownScope: a scope that is not one of AllScopes.
	ErrUnknownScope = errors.New("storefront: unknown scope")
	// ErrRevoked: a revoked client cannot be rotated (make a new one).
	ErrRevoked = errors.New("storefront: client revoked")
)

// Agencies is what clients need of the agencies: that one exists, and whether it is enabled.
type Agencies interface {
	ByID(ctx context.Context, id int64) (agency.Agency, bool, error)
}

// Clients manages API clients: their secrets are made here, handed out once, and kept sealed.
type Clients struct {
	store    *Store
	sealer   *Sealer
	agencies Agencies
	now      func() time.Time
}

// NewClients uses store, seals secrets with sealer; agencies answers whether an agency exists.
func NewClients(store *Store, sealer *Sealer, agencies Agencies, now func() time.Time) *Clients {
	return &Clients{store: store, sealer: sealer, agencies: agencies, now: now}
}

func (s *Clients) stamp() time.Time { return s.now().UTC().Truncate(time.Millisecond) }

// ClientInput is a new client: its name, whose data it sees, and what it may do (nil: all).
type ClientInput struct {
	Name     string
	AgencyID *int64
	Scopes   []string
}

// Issued is a client with its secret in clear, answered once.
type Issued struct {
	Client Client
	Secret string
}

// Create makes a client and its secret.
func (s *Clients) Create(ctx context.Context, in ClientInput) (Issued, error) {
	scopes, err := normScopes(in.Scopes)
	if err != nil {
		return Issued{}, err
	}
	if in.AgencyID != nil {
		// A disabled agency may get a client made ahead; its calls are refused until enabled.
		if _, found, err := s.agencies.ByID(ctx, *in.AgencyID); err != nil {
			return Issued{}, err
		} else if !found {
			return Issued{}, ErrUnknownAgency
		}
	}
	id, err := newClientID()
	if err != nil {
		return Issued{}, err
	}
	secret, err := newSecret()
	if err != nil {
		return Issued{}, err
	}
	sealed, err := s.sealer.Seal(id, secret)
	if err != nil {
		return Issued{}, err
	}
	now := s.stamp()
	c := Client{Name: in.Name, ClientID: id, AgencyID: in.AgencyID, Scopes: scopes, SecretSealed: sealed,
		Fingerprint: Fingerprint(secret), Status: StatusActive, CreateTime: now, UpdateTime: now}
	if err := s.store.Create(ctx, &c); err != nil {
		return Issued{}, err
	}
	return Issued{Client: c, Secret: secret}, nil
}

// normScopes checks scopes and puts them in AllScopes' order; none means all.
func normScopes(in []string) ([]string, error) {
	if len(in) == 0 {
		return slices.Clone(AllScopes), nil
	}
	var out []string
	for _, sc := range AllScopes {
		if slices.Contains(in, sc) {
			out = append(out, sc)
		}
	}
	for _, sc := range in {
		if !slices.Contains(AllScopes, sc) {
			return nil, ErrUnknownScope
		}
	}
	return out, nil
}

// List returns every client with the names of their agencies.
func (s *Clients) List(ctx context.Context) ([]Client, map[int64]string, error) {
	cs, err := s.store.All(ctx)
	if err != nil {
		return nil, nil, err
	}
	names, err := s.store.AgencyNames(ctx, cs)
	return cs, names, err
}

// Rotate gives an active client a new secret; the old one stops working at once.
func (s *Clients) Rotate(ctx context.Context, id int64) (Issued, error) {
	c, err := s.store.ByID(ctx, id)
	if err != nil {
		return Issued{}, err
	}
	if c.Status != StatusActive {
		return Issued{}, ErrRevoked
	}
	secret, err := newSecret()
	if err != nil {
		return Issued{}, err
	}
	sealed, err := s.sealer.Seal(c.ClientID, secret)
	if err != nil {
		return Issued{}, err
	}
	ok, err := s.store.SetSecret(ctx, id, sealed, Fingerprint(secret))
	if err != nil {
		return Issued{}, err
	}
	if !ok {
		return Issued{}, ErrRevoked
	}
	c.SecretSealed, c.Fingerprint = sealed, Fingerprint(secret)
	return Issued{Client: c, Secret: secret}, nil
}

// Revoke ends a client for good; its next call is refused (401 revoked).
func (s *Clients) Revoke(ctx context.Context, id int64) error {
	if _, err := s.store.ByID(ctx, id); err != nil {
		return err
	}
	return s.store.Revoke(ctx, id, s.stamp())
}

// Secret opens the client's secret; "" when it never had one handed out (the demo client: it
// must be rotated first).
func (s *Clients) Secret(c Client) (string, error) {
	if c.SecretSealed == "" {
		return "", nil
	}
	secret, err := s.sealer.Open(c.ClientID, c.SecretSealed)
	if err != nil {
		return "", err
	}
	if Fingerprint(secret) != c.Fingerprint {
		return "", ErrSealed
	}
	return secret, nil
}

// Unissued is an active client whose secret was never handed out (the demo seed's): it works
// once rotated.
func Unissued(name string, agencyID *int64, now time.Time) (Client, error) {
	id, err := newClientID()
	if err != nil {
		return Client{}, err
	}
	return Client{Name: name, ClientID: id, AgencyID: agencyID, Scopes: slices.Clone(AllScopes), Status: StatusActive,
		CreateTime: now, UpdateTime: now}, nil
}
