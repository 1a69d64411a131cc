package agency

import (
	"context"
	"errors"
	"time"

	"mallconsole/bff/internal/platform/authz"
	"mallconsole/bff/internal/platform/money"
)

// The service's answers other than success; http.go turns each into one HTTP answer.
var (
	ErrNotFound    = errors.New("agency: no such agency")
	ErrStaffOnly   = errors.New("agency: staff only (a channel session manages its agency at /api/agencies/mine)")
	ErrNoAgency    = errors.New("agency: the caller belongs to no agency")
	ErrHasOperator = errors.New("agency: it still has operators")
	ErrHasOrders   = errors.New("agency: it has orders")
	ErrHasGoods    = errors.New("agency: it has goods")
)

// Orders is what agencies need of the shop's orders and goods: how many belong to agencies (a
// delete is refused while any do) and one agency's order figures (the /look page).
type Orders interface {
	CountByAgencies(ctx context.Context, agencyIDs []int64) (int64, error)
	AgencyFigures(ctx context.Context, agencyID int64) (count int64, sales money.Fen, err error)
}

// Goods counts the goods of agencies (goods.agency_id has no key: the check is the guard).
type Goods interface {
	CountByAgencies(ctx context.Context, agencyIDs []int64) (int64, error)
}

// Service holds the rules of agencies and their operators.
type Service struct {
	store    *Store
	accounts Accounts
	sessions Sessions
	roles    Roles
	orders   Orders
	goods    Goods
	pictures Pictures
	bcrypt   int
}

// Deps are the service's collaborators.
type Deps struct {
	Accounts   Accounts
	Sessions   Sessions
	Roles      Roles
	Orders     Orders
	Goods      Goods
	Pictures   Pictures
	BcryptCost int
}

// NewService builds the service over store.
func NewService(store *Store, d Deps) *Service {
	return &Service{store: store, accounts: d.Accounts, sessions: d.Sessions, roles: d.Roles, orders: d.Orders,
		goods: d.Goods, pictures: d.Pictures, bcrypt: d.BcryptCost}
}

// Input is an agency to create (ID 0) or change, as staff edit it.
type Input struct {
	ID                         int64
	Name, Code, Contact, Phone string
	Region, Address, Logo      string
	Enabled                    bool
}

// staff refuses a channel session: the management routes are the back office's, whatever
// permissions an operator's role was given (docs/decisions.md "Agency management").
func staff(p *authz.Principal) error {
	if p != nil && p.Kind == authz.KindChannel {
		return ErrStaffOnly
	}
	return nil
}

// List returns a page of the agencies q selects and how many match.
func (s *Service) List(ctx context.Context, p *authz.Principal, q Query) ([]Agency, int64, error) {
	if err := staff(p); err != nil {
		return nil, 0, err
	}
	return s.store.Search(ctx, q)
}

// Each hands every agency q selects to fn (the export).
func (s *Service) Each(ctx context.Context, p *authz.Principal, q Query, fn func(Agency) error) error {
	if err := staff(p); err != nil {
		return err
	}
	return s.store.Each(ctx, q, fn)
}

// Get returns one agency.
func (s *Service) Get(ctx context.Context, id int64) (Agency, error) {
	a, found, err := s.store.ByID(ctx, id)
	if err == nil && !found {
		err = ErrNotFound
	}
	return a, err
}

// Save creates (in.ID 0) or changes an agency and returns its ID. A new agency is not
// certified; the certification state is never written here.
func (s *Service) Save(ctx context.Context, p *authz.Principal, in Input) (int64, error) {
	if err := staff(p); err != nil {
		return 0, err
	}
	a := Agency{ID: in.ID, Name: in.Name, Code: in.Code, Contact: in.Contact, Phone: in.Phone, Region: in.Region,
		Address: in.Address, Logo: in.Logo, Enabled: in.Enabled, UpdateTime: time.Now().UTC().Truncate(time.Millisecond)}
	if in.ID == 0 {
		a.CertStatus = CertNone
		err := s.store.Create(ctx, &a, s.claimLogo(a.Logo))
		return a.ID, err
	}
	found, err := s.store.Update(ctx, a, s.claimLogo(a.Logo))
	if err == nil && !found {
		if _, ok, e := s.store.ByID(ctx, in.ID); e != nil || !ok {
			return 0, errors.Join(ErrNotFound, e)
		}
	}
	return in.ID, err
}

// Delete removes agencies that have no operators, orders or goods; one that has any refuses the
// whole request. Unknown IDs are ErrNotFound.
func (s *Service) Delete(ctx context.Context, p *authz.Principal, ids []int64) error {
	if err := staff(p); err != nil {
		return err
	}
	if n, err := s.store.Count(ctx, ids); err != nil {
		return err
	} else if n != int64(len(ids)) {
		return ErrNotFound
	}
	for _, c := range []struct {
		count func(context.Context, []int64) (int64, error)
		err   error
	}{{s.accounts.CountOperators, ErrHasOperator}, {s.orders.CountByAgencies, ErrHasOrders}, {s.goods.CountByAgencies, ErrHasGoods}} {
		n, err := c.count(ctx, ids)
		if err != nil {
			return err
		}
		if n > 0 {
			return c.err
		}
	}
	return s.store.Delete(ctx, ids)
}

// Look is an agency with what the /look page shows beside it.
type Look struct {
	Agency     Agency
	Operators  []Operator
	OrderCount int64
	Sales      money.Fen
}

// Look returns the agency with its operators and order figures.
func (s *Service) Look(ctx context.Context, p *authz.Principal, id int64) (Look, error) {
	if err := staff(p); err != nil {
		return Look{}, err
	}
	a, err := s.Get(ctx, id)
	if err != nil {
		return Look{}, err
	}
	ops, err := s.operators(ctx, id)
	if err != nil {
		return Look{}, err
	}
	n, sales, err := s.orders.AgencyFigures(ctx, id)
	return Look{Agency: a, Operators: ops, OrderCount: n, Sales: sales}, err
}
