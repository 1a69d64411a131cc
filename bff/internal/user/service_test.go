package user_test

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"

	"golang.org/x/crypto/bcrypt"
	"gorm.io/gorm"

	"mallconsole/bff/internal/auth"
	"mallconsole/bff/internal/dept"
	"mallconsole/bff/internal/platform/authz"
	"mallconsole/bff/internal/platform/cache"
	"mallconsole/bff/internal/platform/dbtest"
	"mallconsole/bff/internal/platform/httpx"
	"mallconsole/bff/internal/role"
	"mallconsole/bff/internal/user"
)

// fixture is the user service over g as the app wires it (real role service and data scopes),
// with one department and a level-2 and a level-3 role.
type fixture struct {
	s              *user.Service
	users          *user.Store
	dept           int64
	level2, level3 int64
}

func newFixture(t *testing.T, g *gorm.DB) fixture {
	t.Helper()
	ctx := context.Background()
	gen := &cache.Generation{}
	users, roles, depts := user.NewStore(g, gen), role.NewStore(g, gen), dept.NewStore(g)
	sessions, err := auth.NewSQLSessions(ctx, g)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = sessions.Close() })
	a := auth.New(auth.Options{Now: time.Now}, auth.Deps{Users: users, Roles: roles, Depts: depts, Sessions: sessions, Generation: gen})
	f := fixture{s: user.NewService(users, roles, role.NewService(roles, users, a), depts, a, a, bcrypt.MinCost), users: users}
	d, err := depts.Ensure(ctx, nil, "总部", 0)
	if err != nil {
		t.Fatal(err)
	}
	f.dept = d.ID
	for _, r := range []struct {
		id    *int64
		level int
	}{{&f.level2, 2}, {&f.level3, 3}} {
		rr := role.Role{Name: "level" + string(rune('0'+r.level)), Level: r.level, DataScope: role.ScopeAll}
		if err := roles.Save(ctx, &rr, nil, nil); err != nil {
			t.Fatal(err)
		}
		*r.id = rr.ID
	}
	return f
}

var admin = &authz.Principal{UserID: 1, IsAdmin: true}

func (f fixture) input(name string, roleID int64) user.Input {
	return user.Input{Username: name, NickName: name, Phone: "13800000088", Password: "secret1", Dept: &user.Ref{ID: f.dept}, Roles: []user.Ref{{ID: roleID}}}
}

// fields are the fields an error names, when it is a 4xx of the given status.
func fields(t *testing.T, err error, status int) []string {
	t.Helper()
	var he *httpx.Error
	if !errors.As(err, &he) || he.Status != status {
		t.Fatalf("err %v, want %d", err, status)
	}
	var out []string
	for _, f := range he.Fields {
		out = append(out, f.Field)
	}
	slices.Sort(out)
	return out
}

func TestValidationNamesEveryField(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		ctx := context.Background()
		f := newFixture(t, g)
		bad := user.Input{Username: "", NickName: "", Gender: "x", Email: "no", Phone: "12", Password: "12"}
		_, err := f.s.Create(ctx, admin, bad)
		want := []string{"dept", "email", "gender", "nickName", "password", "phone", "roles", "username"}
		if got := fields(t, err, 400); !slices.Equal(got, want) {
			t.Fatalf("create names %v, want %v", got, want)
		}
		id, err := f.s.Create(ctx, admin, f.input("ann", f.level3))
		if err != nil {
			t.Fatal(err)
		}
		bad.ID = id
		err = f.s.Update(ctx, admin, bad)
		if got := fields(t, err, 400); !slices.Equal(got, slices.DeleteFunc(want, func(s string) bool { return s == "password" })) {
			t.Fatalf("update names %v (an edit has no password)", got)
		}
		in := f.input("a\u202eb", f.level3)
		if got := fields(t, mustFail(f.s.Create(ctx, admin, in)), 400); !slices.Equal(got, []string{"username"}) {
			t.Fatalf("a bidi control in the name: %v", got)
		}
		in = f.input("bob", f.level3)
		in.Dept = &user.Ref{ID: f.dept + 100}
		if err := mustFail(f.s.Create(ctx, admin, in)); !errors.Is(err, user.ErrNoDept) {
			t.Fatalf("a missing department: %v", err)
		}
		in = f.input("bob", f.level3+100)
		if err := mustFail(f.s.Create(ctx, admin, in)); !errors.Is(err, user.ErrNoRole) {
			t.Fatalf("a missing role: %v", err)
		}
	})
}

func mustFail(_ int64, err error) error { return err }

func TestLookAlikeNames(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		ctx := context.Background()
		f := newFixture(t, g)
		ann, err := f.s.Create(ctx, admin, f.input("admin", f.level3))
		if err != nil {
			t.Fatal(err)
		}
		if err := mustFail(f.s.Create(ctx, admin, f.input("admin", f.level3))); !errors.Is(err, user.ErrNameTaken) {
			t.Fatalf("admin again: %v", err)
		}
		for _, name := range []string{"ADMIN", "ÁDMÏÑ", "ａｄｍｉｎ"} {
			if err := mustFail(f.s.Create(ctx, admin, f.input(name, f.level3))); !errors.Is(err, user.ErrNameLookFake) {
				t.Fatalf("%q next to admin: %v", name, err)
			}
		}
		bob, err := f.s.Create(ctx, admin, f.input("bob", f.level3))
		if err != nil {
			t.Fatal(err)
		}
		in := f.input("Admin", f.level3)
		in.ID = bob
		if err := f.s.Update(ctx, admin, in); !errors.Is(err, user.ErrNameLookFake) {
			t.Fatalf("renaming onto a look-alike: %v", err)
		}
		in.ID = ann
		if err := f.s.Update(ctx, admin, in); err != nil {
			t.Fatalf("changing the case of one's own name: %v", err)
		}
	})
}

func TestLevelRule(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		ctx := context.Background()
		f := newFixture(t, g)
		boss, err := f.s.Create(ctx, admin, f.input("boss", f.level3))
		if err != nil {
			t.Fatal(err)
		}
		peer, err := f.s.Create(ctx, admin, f.input("peer", f.level2))
		if err != nil {
			t.Fatal(err)
		}
		p := &authz.Principal{UserID: boss, RoleIDs: []int64{f.level3}}
		_, err = f.s.Create(ctx, p, f.input("climber", f.level2))
		if !errors.Is(err, role.ErrHigherLevel) {
			t.Fatalf("a level-3 caller giving a level-2 role: %v", err)
		}
		in := f.input("peer", f.level2)
		in.ID = peer
		if err := f.s.Update(ctx, p, in); !errors.Is(err, role.ErrHigherLevel) {
			t.Fatalf("a level-3 caller editing a level-2 user: %v", err)
		}
		if err := f.s.Delete(ctx, p, []int64{peer}); !errors.Is(err, role.ErrHigherLevel) {
			t.Fatalf("a level-3 caller deleting a level-2 user: %v", err)
		}
		if err := f.s.Delete(ctx, p, []int64{boss}); !errors.Is(err, user.ErrDeleteSelf) {
			t.Fatalf("deleting oneself: %v", err)
		}
		if err := f.s.SetEnabled(ctx, p, []int64{boss}, false); !errors.Is(err, user.ErrDisableAdmin) {
			t.Fatalf("disabling oneself: %v", err)
		}
		if _, err := f.s.Create(ctx, p, f.input("junior", f.level3)); err != nil {
			t.Fatalf("a level-3 caller giving their own level: %v", err)
		}
	})
}
