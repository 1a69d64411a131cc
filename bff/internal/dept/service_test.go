package dept_test

import (
	"context"
	"errors"
	"testing"

	"gorm.io/gorm"

	"mallconsole/bff/internal/dept"
	"mallconsole/bff/internal/platform/authz"
	"mallconsole/bff/internal/platform/cache"
	"mallconsole/bff/internal/platform/dbtest"
	"mallconsole/bff/internal/platform/tree"
	"mallconsole/bff/internal/user"
)

var all = authz.Scope{All: true}

// tree3 is a service over g with the departments root → mid → leaf and a second root, other.
func tree3(t *testing.T, g *gorm.DB) (s *dept.Service, users *user.Store, root, mid, leaf, other int64) {
	t.Helper()
	users = user.NewStore(g, &cache.Generation{})
	s = dept.NewService(dept.NewStore(g), users, nil)
	ctx := context.Background()
	add := func(pid *int64, name string) int64 {
		d := dept.Dept{PID: pid, Name: name, Enabled: true}
		if err := s.Save(ctx, all, &d); err != nil {
			t.Fatal(err)
		}
		return d.ID
	}
	root = add(nil, "root")
	mid = add(&root, "mid")
	leaf = add(&mid, "leaf")
	other = add(nil, "other")
	return s, users, root, mid, leaf, other
}

func wantErr(t *testing.T, what string, err, want error) {
	t.Helper()
	if !errors.Is(err, want) {
		t.Fatalf("%s: err %v, want %v", what, err, want)
	}
}

func TestMoveRules(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		ctx := context.Background()
		s, _, root, mid, leaf, other := tree3(t, g)
		move := func(sc authz.Scope, id int64, pid *int64) error {
			return s.Save(ctx, sc, &dept.Dept{ID: id, PID: pid, Name: "x", Enabled: true})
		}
		ghost := other + 100
		wantErr(t, "under itself", move(all, mid, &mid), tree.ErrUnderItself)
		wantErr(t, "under its own child", move(all, root, &leaf), tree.ErrUnderItself)
		wantErr(t, "under a missing parent", move(all, mid, &ghost), dept.ErrNoParent)
		wantErr(t, "a missing department", move(all, ghost, nil), dept.ErrNotFound)

		mine := authz.Scope{Depts: []int64{mid, leaf}}
		wantErr(t, "a scoped caller to the top", move(mine, leaf, nil), dept.ErrOutOfScope)
		wantErr(t, "a scoped caller under a department they do not see", move(mine, leaf, &other), dept.ErrOutOfScope)
		wantErr(t, "a scoped caller moving a department they do not see", move(mine, other, &mid), dept.ErrOutOfScope)
		if err := move(mine, leaf, &mid); err != nil {
			t.Fatalf("a scoped caller inside their scope: %v", err)
		}
		if err := move(all, mid, &other); err != nil {
			t.Fatalf("a move to another root: %v", err)
		}

		// A loop already in the data (written around the service) is reported, never followed forever.
		if err := g.Exec("UPDATE depts SET pid = ? WHERE id = ?", leaf, other).Error; err != nil {
			t.Fatal(err)
		}
		wantErr(t, "a move into a loop", move(all, root, &mid), tree.ErrLoop)
	})
}

func TestDeleteRules(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		ctx := context.Background()
		s, users, root, mid, leaf, other := tree3(t, g)
		u := user.User{Username: "ann", NickName: "Ann", Enabled: true, Kind: authz.KindStaff, DeptID: &leaf}
		if err := users.Create(ctx, &u, nil); err != nil {
			t.Fatal(err)
		}
		wantErr(t, "a department whose child has a user", s.Delete(ctx, all, []int64{mid}), dept.ErrInUse)
		wantErr(t, "outside the scope", s.Delete(ctx, authz.Scope{Depts: []int64{mid}}, []int64{other}), dept.ErrOutOfScope)
		if err := s.Delete(ctx, all, []int64{other}); err != nil {
			t.Fatalf("an empty department: %v", err)
		}
		if err := g.Exec("UPDATE users SET dept_id = ? WHERE id = ?", root, u.ID).Error; err != nil {
			t.Fatal(err)
		}
		if err := s.Delete(ctx, all, []int64{mid}); err != nil {
			t.Fatalf("an emptied subtree: %v", err)
		}
		left, err := dept.NewStore(g).All(ctx)
		if err != nil || len(left) != 1 || left[0].ID != root {
			t.Fatalf("left after deleting mid with leaf = %+v %v, want only root", left, err)
		}
	})
}
