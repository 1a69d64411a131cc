package role

import (
	"context"
	"errors"
	"slices"

	"mallconsole/bff/internal/platform/authz"
)

// Errors of role management besides the grant rules; http.go answers them.
var (
	ErrNotFound = errors.New("role: no such role")
	ErrInUse    = errors.New("role: held by users")
)

// The grant rules' refusals; http.go answers them with 403.
var (
	// ErrHigherLevel: the role (or the holder) ranks above the caller.
	ErrHigherLevel = errors.New("role: ranks above the caller")
	// ErrGrantBeyondOwn: the role grants a menu or button the caller does not hold.
	ErrGrantBeyondOwn = errors.New("role: grants a permission the caller does not hold")
	// ErrScopeBeyondOwn: the role sees data the caller does not see.
	ErrScopeBeyondOwn = errors.New("role: data scope wider than the caller's")
)

// Level is the rank of a holder of roles: the most powerful (lowest) level among them, 0 for the
// superuser, and below every role for a holder of none.
func Level(isAdmin bool, roles []Role) int {
	if isAdmin {
		return 0
	}
	lv := 1 << 30
	for _, r := range roles {
		lv = min(lv, r.Level)
	}
	return lv
}

// Reaches tells whether a holder of level caller may act on a holder of level target (edit the
// account, end its sessions): the target must not rank above the caller. Every feature applies
// this one rule.
func Reaches(caller, target int) bool { return target >= caller }

// Grantor is a caller as a giver of grants: nobody hands out a role above their own level, a menu
// they do not hold or a data scope wider than theirs — otherwise a holder of role:edit and
// user:edit could give themselves everything.
type Grantor struct {
	admin bool
	level int
	menus []int64 // sorted: the menus the caller's roles grant
	scope authz.Scope
}

// Grantor describes the caller p.
func (s *Service) Grantor(ctx context.Context, p *authz.Principal) (Grantor, error) {
	if p.IsAdmin {
		return Grantor{admin: true, scope: authz.Scope{All: true}}, nil
	}
	rs, err := s.store.ByIDs(ctx, p.RoleIDs)
	if err != nil {
		return Grantor{}, err
	}
	menus, err := s.store.MenuIDs(ctx, p.RoleIDs)
	if err != nil {
		return Grantor{}, err
	}
	sc, err := s.scope.Scope(ctx, p)
	if err != nil {
		return Grantor{}, err
	}
	return Grantor{level: Level(false, rs), menus: menus, scope: sc}, nil
}

// Reach checks that the caller may act on something of the level: their own level or below.
func (g Grantor) Reach(level int) error {
	if !Reaches(g.level, level) {
		return ErrHigherLevel
	}
	return nil
}

// Above checks that the caller ranks strictly above the level (a password reset: a peer's
// password is not the caller's to set).
func (g Grantor) Above(level int) error {
	if !g.admin && level <= g.level {
		return ErrHigherLevel
	}
	return nil
}

// MayGrant checks that the caller could have created r with these menus and departments.
func (g Grantor) MayGrant(r Role, menus, depts []int64) error {
	if err := g.Reach(r.Level); err != nil {
		return err
	}
	if g.admin {
		return nil
	}
	for _, m := range menus {
		if _, ok := slices.BinarySearch(g.menus, m); !ok {
			return ErrGrantBeyondOwn
		}
	}
	switch r.DataScope {
	case ScopeAll:
		if !g.scope.All {
			return ErrScopeBeyondOwn
		}
	case ScopeCustom:
		for _, d := range depts {
			if !g.scope.Allows(&d) {
				return ErrScopeBeyondOwn
			}
		}
	}
	// ScopeDept: the holder's own department, which the caller can only pick inside their scope.
	return nil
}

// MayAssign checks that the caller could have created each of the stored roles as they are.
func (s *Service) MayAssign(ctx context.Context, g Grantor, roleIDs []int64) error {
	if g.admin || len(roleIDs) == 0 {
		return nil
	}
	rs, err := s.store.ByIDs(ctx, roleIDs)
	if err != nil {
		return err
	}
	menus, depts, err := s.store.Grants(ctx, roleIDs)
	if err != nil {
		return err
	}
	for _, r := range rs {
		if err := g.MayGrant(r, menus[r.ID], depts[r.ID]); err != nil {
			return err
		}
	}
	return nil
}

// Save creates (in.ID 0 and create) or updates a role for the caller, after the input checks of
// the handler. An edited role must be within the caller's reach both as it was and as it will be:
// others may hold it.
func (s *Service) Save(ctx context.Context, p *authz.Principal, in Input, create bool) (int64, error) {
	g, err := s.Grantor(ctx, p)
	if err != nil {
		return 0, err
	}
	r := Role{ID: in.ID, Name: in.Name, Level: *in.Level, Description: in.Description, DataScope: in.DataScope}
	if err := g.MayGrant(r, in.Menus, in.Depts); err != nil {
		return 0, err
	}
	if create {
		r.ID = 0
	} else {
		old, err := s.store.ByIDs(ctx, []int64{in.ID})
		if err != nil {
			return 0, err
		}
		if len(old) == 0 {
			return 0, ErrNotFound
		}
		if err := s.MayAssign(ctx, g, []int64{in.ID}); err != nil {
			return 0, err
		}
	}
	if err := s.store.Save(ctx, &r, in.Menus, in.Depts); err != nil {
		return 0, err
	}
	return r.ID, nil
}

// Delete removes roles that nobody holds and that the caller could have created.
func (s *Service) Delete(ctx context.Context, p *authz.Principal, ids []int64) error {
	g, err := s.Grantor(ctx, p)
	if err != nil {
		return err
	}
	if err := s.MayAssign(ctx, g, ids); err != nil {
		return err
	}
	if n, err := s.users.CountWithRoles(ctx, ids); err != nil {
		return err
	} else if n > 0 {
		return ErrInUse
	}
	return s.store.Delete(ctx, ids)
}
