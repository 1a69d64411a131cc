package role_test

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"

	"gorm.io/gorm"

	"mallconsole/bff/internal/platform/authz"
	"mallconsole/bff/internal/platform/dbtest"
	"mallconsole/bff/internal/role"
)

// TestLevelRule is eladmin's rule: a caller acts only on roles of their own level or below (a
// larger number); the superuser is level 0. Creating, editing (as the role was and as it will
// be), deleting and assigning a role ranked above the caller (a smaller number) are refused with
// ErrHigherLevel; a role at the caller's own level is theirs to handle.
func TestLevelRule(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		ctx := context.Background()
		s, _, roles, _ := newService(g)
		admin := &authz.Principal{UserID: 1, IsAdmin: true}
		lv := func(n int) *int { return &n }
		mk := func(name string, level int) int64 {
			id, err := s.Save(ctx, admin, role.Input{Name: name, Level: lv(level), DataScope: role.ScopeDept}, true)
			if err != nil {
				t.Fatal(err)
			}
			return id
		}
		two, three := mk("two", 2), mk("three", 3)
		p := &authz.Principal{UserID: 99, RoleIDs: []int64{three}} // a level-3 caller
		higher := func(what string, err error) {
			t.Helper()
			if !errors.Is(err, role.ErrHigherLevel) {
				t.Fatalf("%s: %v, want ErrHigherLevel", what, err)
			}
		}
		_, err := s.Save(ctx, p, role.Input{Name: "up", Level: lv(2), DataScope: role.ScopeDept}, true)
		higher("creating a level-2 role", err)
		_, err = s.Save(ctx, p, role.Input{ID: two, Name: "two", Level: lv(3), DataScope: role.ScopeDept}, false)
		higher("editing a level-2 role, even down to level 3", err)
		_, err = s.Save(ctx, p, role.Input{ID: three, Name: "three", Level: lv(1), DataScope: role.ScopeDept}, false)
		higher("raising a role above oneself", err)
		higher("deleting a level-2 role", s.Delete(ctx, p, []int64{two}))
		g3, err := s.Grantor(ctx, p)
		if err != nil {
			t.Fatal(err)
		}
		higher("assigning a level-2 role", s.MayAssign(ctx, g3, []int64{three, two}))
		higher("a peer's password", g3.Above(3))

		// at one's own level, or below
		if err := s.MayAssign(ctx, g3, []int64{three}); err != nil {
			t.Fatalf("assigning one's own level: %v", err)
		}
		same, err := s.Save(ctx, p, role.Input{Name: "same", Level: lv(3), DataScope: role.ScopeDept}, true)
		if err != nil {
			t.Fatalf("creating at one's own level: %v", err)
		}
		if _, err := s.Save(ctx, p, role.Input{ID: same, Name: "same", Level: lv(4), DataScope: role.ScopeDept}, false); err != nil {
			t.Fatalf("editing one's level down: %v", err)
		}
		if err := s.Delete(ctx, p, []int64{same}); err != nil {
			t.Fatalf("deleting a lower role: %v", err)
		}
		if rs, _ := roles.ByIDs(ctx, []int64{two}); len(rs) != 1 || rs[0].Level != 2 || rs[0].Name != "two" {
			t.Fatalf("the refused edits changed the level-2 role: %+v", rs)
		}
	})
}

// TestRoleUpdate: an edit replaces the role's menus and its custom departments; leaving the
// custom data scope drops the departments.
func TestRoleUpdate(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		ctx := context.Background()
		s, _, roles, depts := newService(g)
		admin := &authz.Principal{UserID: 1, IsAdmin: true}
		var menus []int64
		for _, title := range []string{"用户管理", "角色管理", "部门管理"} {
			m := map[string]any{"title": title, "type": 1, "create_time": time.Now(), "update_time": time.Now()}
			if err := g.Table("menus").Create(m).Error; err != nil {
				t.Fatal(err)
			}
			var id int64
			g.Table("menus").Where("title = ?", title).Pluck("id", &id)
			menus = append(menus, id)
		}
		d1, err := depts.Ensure(ctx, nil, "华东", 0)
		if err != nil {
			t.Fatal(err)
		}
		d2, err := depts.Ensure(ctx, nil, "华南", 1)
		if err != nil {
			t.Fatal(err)
		}
		three := 3
		in := role.Input{Name: "区域", Level: &three, DataScope: role.ScopeCustom, Menus: menus[:2], Depts: []int64{d1.ID}}
		id, err := s.Save(ctx, admin, in, true)
		if err != nil {
			t.Fatal(err)
		}
		grants := func() ([]int64, []int64) {
			t.Helper()
			gm, gd, err := roles.Grants(ctx, []int64{id})
			if err != nil {
				t.Fatal(err)
			}
			slices.Sort(gm[id])
			slices.Sort(gd[id])
			return gm[id], gd[id]
		}
		in.ID, in.Menus, in.Depts = id, menus[1:], []int64{d1.ID, d2.ID}
		if _, err := s.Save(ctx, admin, in, false); err != nil {
			t.Fatal(err)
		}
		if m, d := grants(); !slices.Equal(m, menus[1:]) || !slices.Equal(d, []int64{d1.ID, d2.ID}) {
			t.Fatalf("after the edit: menus %v, depts %v", m, d)
		}
		in.DataScope, in.Depts, in.Menus = role.ScopeDept, []int64{d2.ID}, nil
		if _, err := s.Save(ctx, admin, in, false); err != nil {
			t.Fatal(err)
		}
		if m, _ := grants(); len(m) != 0 {
			t.Fatalf("menus left after taking them all away: %v", m)
		}
		if rs, _ := roles.ByIDs(ctx, []int64{id}); rs[0].DataScope != role.ScopeDept {
			t.Fatalf("data scope %q", rs[0].DataScope)
		}
	})
}
