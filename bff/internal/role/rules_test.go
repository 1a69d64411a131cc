package role_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"gorm.io/gorm"

	"mallconsole/bff/internal/auth"
	"mallconsole/bff/internal/dept"
	"mallconsole/bff/internal/platform/authz"
	"mallconsole/bff/internal/platform/cache"
	"mallconsole/bff/internal/platform/dbtest"
	"mallconsole/bff/internal/role"
	"mallconsole/bff/internal/user"
)

// newService is the role service over g as the server wires it, with the stores a test reads.
func newService(g *gorm.DB) (*role.Service, *user.Store, *role.Store, *dept.Store) {
	gen := &cache.Generation{}
	users, roles, depts := user.NewStore(g, gen), role.NewStore(g, gen), dept.NewStore(g)
	a := auth.New(auth.Options{Now: time.Now}, auth.Deps{Users: users, Roles: roles, Depts: depts, Generation: gen})
	return role.NewService(roles, users, a), users, roles, depts
}

// TestSaveAndDeleteRules: editing a missing role, and deleting a role somebody holds, are
// refused; a role nobody holds goes.
func TestSaveAndDeleteRules(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		ctx := context.Background()
		s, users, _, _ := newService(g)
		admin := &authz.Principal{UserID: 1, IsAdmin: true}
		three := 3
		in := role.Input{Name: "clerk", Level: &three, DataScope: role.ScopeDept}
		held, err := s.Save(ctx, admin, in, true)
		if err != nil {
			t.Fatal(err)
		}
		in.Name = "spare"
		spare, err := s.Save(ctx, admin, in, true)
		if err != nil {
			t.Fatal(err)
		}
		in.ID = held + spare + 100
		if _, err := s.Save(ctx, admin, in, false); !errors.Is(err, role.ErrNotFound) {
			t.Fatalf("editing a missing role: %v", err)
		}
		u := user.User{Username: "ann", NickName: "Ann", Enabled: true, Kind: authz.KindStaff}
		if err := users.Create(ctx, &u, []int64{held}); err != nil {
			t.Fatal(err)
		}
		if err := s.Delete(ctx, admin, []int64{spare, held}); !errors.Is(err, role.ErrInUse) {
			t.Fatalf("deleting a held role: %v", err)
		}
		if err := s.Delete(ctx, admin, []int64{spare}); err != nil {
			t.Fatalf("deleting a role nobody holds: %v", err)
		}
	})
}
