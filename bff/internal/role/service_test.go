package role

import (
	"errors"
	"testing"

	"mallconsole/bff/internal/platform/authz"
)

// TestMayGrant: a level-2 caller holding menus 1 and 2 and seeing departments 10 and 11 may hand
// out no more than that.
func TestMayGrant(t *testing.T) {
	g := Grantor{level: 2, menus: []int64{1, 2}, scope: authz.Scope{Depts: []int64{10, 11}}}
	for _, c := range []struct {
		name         string
		r            Role
		menus, depts []int64
		want         error
	}{
		{"its own", Role{Level: 2, DataScope: ScopeDept}, []int64{1, 2}, nil, nil},
		{"less", Role{Level: 3, DataScope: ScopeCustom}, []int64{2}, []int64{11}, nil},
		{"a higher level", Role{Level: 1, DataScope: ScopeDept}, nil, nil, ErrHigherLevel},
		{"a menu not held", Role{Level: 3, DataScope: ScopeDept}, []int64{1, 3}, nil, ErrGrantBeyondOwn},
		{"scope all", Role{Level: 3, DataScope: ScopeAll}, nil, nil, ErrScopeBeyondOwn},
		{"a department outside", Role{Level: 3, DataScope: ScopeCustom}, nil, []int64{10, 12}, ErrScopeBeyondOwn},
	} {
		if err := g.MayGrant(c.r, c.menus, c.depts); !errors.Is(err, c.want) || (c.want == nil) != (err == nil) {
			t.Errorf("%s: %v, want %v", c.name, err, c.want)
		}
	}
	admin := Grantor{admin: true}
	if err := admin.MayGrant(Role{Level: 1, DataScope: ScopeAll}, []int64{9}, nil); err != nil {
		t.Errorf("the superuser: %v", err)
	}
	if g.Reach(2) != nil || g.Reach(1) == nil || g.Above(2) == nil || g.Above(3) != nil || admin.Above(1) != nil {
		t.Error("Reach and Above disagree with the level rule")
	}
}
