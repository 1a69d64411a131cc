package app_test

import (
	"fmt"
	"net/http"
	"testing"

	"mallconsole/bff/internal/apptest"
)

// grantee sets up the attack of a delegated administrator: a level-2 role seeing its own
// department (运营部) that may create and edit roles and edit users, held by "mallory".
func grantee(t *testing.T, s *apptest.Server) (admin, mallory client, held []int64) {
	t.Helper()
	admin = client{t, s, s.Login(t, "admin", apptest.AdminPassword)}
	held = []int64{menuID(t, s, "role:add"), menuID(t, s, "role:edit"), menuID(t, s, "user:edit")}
	lead := createdID(t, admin.do(http.MethodPost, "/api/roles", map[string]any{"name": "运营组长", "level": 2,
		"dataScope": "dept", "menus": held}))
	createdID(t, admin.do(http.MethodPost, "/api/users", map[string]any{"username": "mallory", "nickName": "M", "phone": "13800000088",
		"password": "mallory-pass", "dept": map[string]any{"id": deptID(t, s, "运营部")},
		"roles": []map[string]any{{"id": lead}}}))
	return admin, client{t, s, s.Login(t, "mallory", "mallory-pass")}, held
}

func userID(t *testing.T, s *apptest.Server, name string) int64 {
	t.Helper()
	var id int64
	s.DB.Table("users").Where("username = ?", name).Pluck("id", &id)
	if id == 0 {
		t.Fatalf("no user %s", name)
	}
	return id
}

// TestGrantOnlyWhatYouHold: a holder of role:add, role:edit and user:edit cannot turn 3
// permissions into all of them, nor a department scope into everything — not by creating a
// role, editing one (its menus included) or assigning one, to others or to themself.
func TestGrantOnlyWhatYouHold(t *testing.T) {
	apptest.Each(t, func(t *testing.T, s *apptest.Server) {
		admin, mallory, held := grantee(t, s)
		var all []int64
		s.DB.Table("menus").Order("id").Pluck("id", &all)
		role := func(name string, level int, scope string, menus []int64, depts ...int64) map[string]any {
			return map[string]any{"name": name, "level": level, "dataScope": scope, "menus": menus, "depts": depts}
		}
		const beyond, wider, higher = "不能授予自己没有的菜单或权限", "不能授予超出自己数据权限的范围",
			"角色权限不足，不能操作级别更高的用户或角色"
		post := func(body map[string]any) apptest.Response { return mallory.do(http.MethodPost, "/api/roles", body) }
		// create
		want(t, post(role("全能", 2, "dept", all)), 403, beyond)
		want(t, post(role("全看", 2, "all", held)), 403, wider)
		want(t, post(role("外部门", 2, "custom", held, deptID(t, s, "客服部"))), 403, wider)
		want(t, post(role("上级", 1, "dept", held)), 403, higher)
		mine := createdID(t, post(role("组员", 3, "custom", held[:1], deptID(t, s, "运营部"))))
		// update and menu assignment
		edit := role("组员", 3, "custom", held[:1], deptID(t, s, "运营部"))
		edit["id"] = mine
		want(t, mallory.do(http.MethodPut, "/api/roles", edit), 204, "")
		edit["menus"] = append(held, menuID(t, s, "user:del"))
		want(t, mallory.do(http.MethodPut, "/api/roles", edit), 403, beyond)
		edit["menus"], edit["dataScope"] = held, "all"
		want(t, mallory.do(http.MethodPut, "/api/roles", edit), 403, wider)
		// a role that others hold and that grants more is not hers to edit, even to grant less
		staffRole := roleID(t, s, "普通员工")
		want(t, mallory.do(http.MethodPut, "/api/roles", map[string]any{"id": staffRole, "name": "普通员工", "level": 3,
			"dataScope": "dept", "menus": []int64{}}), 403, beyond)
		// user role assignment
		staff := map[string]any{"id": userID(t, s, "staff"), "username": "staff", "nickName": "张三", "phone": "13800000088",
			"dept": map[string]any{"id": deptID(t, s, "运营部")}}
		staff["roles"] = []map[string]any{{"id": staffRole}, {"id": roleID(t, s, "超级管理员")}}
		want(t, mallory.do(http.MethodPut, "/api/users", staff), 403, higher)
		staff["roles"] = []map[string]any{{"id": staffRole}, {"id": roleID(t, s, "运营组长")}}
		want(t, mallory.do(http.MethodPut, "/api/users", staff), 204, "") // a role she holds herself
		staff["roles"] = []map[string]any{{"id": staffRole}, {"id": mine}}
		want(t, mallory.do(http.MethodPut, "/api/users", staff), 204, "") // keeping 普通员工 is not granting it
		// her own account: no role changes at all, even to one she may grant
		self := map[string]any{"id": userID(t, s, "mallory"), "username": "mallory", "nickName": "M", "phone": "13800000088",
			"dept":  map[string]any{"id": deptID(t, s, "运营部")},
			"roles": []map[string]any{{"id": roleID(t, s, "运营组长")}, {"id": mine}}}
		want(t, mallory.do(http.MethodPut, "/api/users", self), 403, "不能修改自己的角色")
		self["roles"] = []map[string]any{{"id": roleID(t, s, "运营组长")}}
		self["nickName"] = "Mallory"
		want(t, mallory.do(http.MethodPut, "/api/users", self), 204, "")
		// at the end she holds what she was given, and the superuser still may do anything
		var info struct {
			Roles      []string `json:"roles"`
			DataScopes []int64  `json:"dataScopes"`
		}
		mallory.do(http.MethodGet, "/api/auth/info", nil).JSON(t, &info)
		if len(info.Roles) != 3 || len(info.DataScopes) == 0 {
			t.Fatalf("mallory holds %v over %v", info.Roles, info.DataScopes)
		}
		createdID(t, admin.do(http.MethodPost, "/api/roles", role("全能", 2, "all", all)))
	})
}

// TestPasswordResetNeedsAHigherLevel: user:edit lets a level-2 account reset the password of a
// level-3 account, not of a peer at level 2 (nor its own: the personal center asks for the old one).
func TestPasswordResetNeedsAHigherLevel(t *testing.T) {
	apptest.Each(t, func(t *testing.T, s *apptest.Server) {
		admin, mallory, _ := grantee(t, s)
		createdID(t, admin.do(http.MethodPost, "/api/users", map[string]any{"username": "peer", "nickName": "P", "phone": "13800000088",
			"password": "peer-pass-1", "dept": map[string]any{"id": deptID(t, s, "运营部")},
			"roles": []map[string]any{{"id": roleID(t, s, "运营组长")}}}))
		reset := func(c client, name string) apptest.Response {
			return c.do(http.MethodPut, fmt.Sprintf("/api/users/%d/password", userID(t, s, name)),
				map[string]string{"password": "reset-pass-1"})
		}
		want(t, reset(mallory, "peer"), 403, "角色权限不足，不能操作级别更高的用户或角色")
		want(t, reset(mallory, "mallory"), 403, "角色权限不足，不能操作级别更高的用户或角色")
		s.Login(t, "peer", "peer-pass-1") // unchanged
		want(t, reset(mallory, "staff"), 204, "")
		want(t, reset(admin, "peer"), 204, "")
		s.Login(t, "peer", "reset-pass-1")
	})
}
