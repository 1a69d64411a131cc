package app_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"mallconsole/bff/internal/apptest"
)

// client is a signed-in caller of the test server.
type client struct {
	t   *testing.T
	s   *apptest.Server
	tok string
}

func (c client) do(method, path string, body any) apptest.Response {
	c.t.Helper()
	return c.s.Do(c.t, apptest.Request{Method: method, Path: path, Token: c.tok, JSON: body})
}

// want checks the status and, for errors, the message.
func want(t *testing.T, r apptest.Response, status int, msg string) {
	t.Helper()
	if r.Status != status {
		t.Fatalf("status %d %s, want %d %q", r.Status, r.Body, status, msg)
	}
	if msg != "" {
		if e := r.Error(t); e.Message != msg {
			t.Fatalf("message %q, want %q", e.Message, msg)
		}
	}
}

func createdID(t *testing.T, r apptest.Response) int64 {
	t.Helper()
	var got struct {
		ID int64 `json:"id"`
	}
	r.JSON(t, &got)
	if r.Status != http.StatusCreated || got.ID == 0 {
		t.Fatalf("create: %d %s", r.Status, r.Body)
	}
	return got.ID
}

type userList struct {
	Content []struct {
		ID       int64  `json:"id"`
		Username string `json:"username"`
		Enabled  bool   `json:"enabled"`
		Dept     *struct {
			Name string `json:"name"`
		} `json:"dept"`
		Roles []struct {
			Name string `json:"name"`
		} `json:"roles"`
	} `json:"content"`
	TotalElements int `json:"totalElements"`
}

func names(l userList) string {
	var out []string
	for _, u := range l.Content {
		out = append(out, u.Username)
	}
	return strings.Join(out, ",")
}

func deptID(t *testing.T, s *apptest.Server, name string) int64 {
	var id int64
	s.DB.Table("depts").Where("name = ?", name).Pluck("id", &id)
	if id == 0 {
		t.Fatalf("no department %s", name)
	}
	return id
}

func menuID(t *testing.T, s *apptest.Server, perm string) int64 {
	var id int64
	s.DB.Table("menus").Where("permission = ?", perm).Pluck("id", &id)
	if id == 0 {
		t.Fatalf("no menu with %s", perm)
	}
	return id
}

// TestUserManagement: create, validate, search, edit, disable, reset password, delete, and the
// operation log of it all.
func TestUserManagement(t *testing.T) {
	apptest.Each(t, func(t *testing.T, s *apptest.Server) {
		admin := client{t, s, s.Login(t, "admin", apptest.AdminPassword)}
		ops := deptID(t, s, "运营部")
		var staffRole int64
		s.DB.Table("roles").Where("name = ?", "普通员工").Pluck("id", &staffRole)
		body := map[string]any{"username": "lisi", "nickName": "李四", "gender": "女", "email": "lisi@example.com",
			"phone": "13900000000", "password": "lisi-pass", "dept": map[string]any{"id": ops},
			"roles": []map[string]any{{"id": staffRole}}}

		bad := func(field string, value any, msg string) {
			t.Helper()
			b := map[string]any{}
			for k, v := range body {
				b[k] = v
			}
			b[field] = value
			want(t, admin.do(http.MethodPost, "/api/users", b), 400, msg)
		}
		bad("username", " ", "username: 不能为空")
		bad("email", "nope", "email: 请输入正确的邮箱地址")
		bad("phone", "12345", "phone: 请输入正确的手机号码")
		bad("phone", "", "phone: 不能为空") // seed §5: required (docs/decisions.md "Rules of issues 15 and 16")
		bad("loginIps", "10.0.0.0/8\n1.2.3.256", "loginIps: 请输入正确的IP地址或网段：1.2.3.256")
		bad("empNo", "E1001", "empNo: 工号已存在") // staff's
		bad("password", "123", "password: 长度必须在6到72个字符之间")
		bad("roles", []any{}, "roles: 请选择")
		bad("dept", map[string]any{"id": 9999}, "dept: 部门不存在")
		want(t, admin.do(http.MethodPost, "/api/users", "x"), 400, "body: 不是有效的JSON")

		id := createdID(t, admin.do(http.MethodPost, "/api/users", body))
		want(t, admin.do(http.MethodPost, "/api/users", body), 409, "username: 用户名已存在")

		var l userList
		admin.do(http.MethodGet, "/api/users?blurry=lisi@", nil).JSON(t, &l)
		if l.TotalElements != 1 || l.Content[0].ID != id || l.Content[0].Dept.Name != "运营部" || l.Content[0].Roles[0].Name != "普通员工" {
			t.Fatalf("search by email = %+v", l)
		}
		// The keyword is literal: % and _ are not wildcards.
		admin.do(http.MethodGet, "/api/users?blurry=%25", nil).JSON(t, &l)
		if l.TotalElements != 0 {
			t.Fatalf("blurry=%% found %s", names(l))
		}
		admin.do(http.MethodGet, "/api/users?blurry=l_si", nil).JSON(t, &l)
		if l.TotalElements != 0 {
			t.Fatalf("blurry=l_si found %s", names(l))
		}
		// Every bad field at once, each with its code.
		r := admin.do(http.MethodPost, "/api/users", map[string]any{"username": " ", "nickName": "", "email": "nope",
			"phone": "12", "password": "1", "dept": map[string]any{"id": ops}, "roles": []map[string]any{{"id": staffRole}}})
		if e := r.Error(t); e.Code != "validation" || e.Message != "username: 不能为空" || len(e.Errors) != 5 ||
			e.Errors[4].Field != "password" || e.Errors[2].Code != "format" {
			t.Fatalf("several bad fields: %s", r.Body)
		}
		if e := admin.do(http.MethodPost, "/api/users", body).Error(t); e.Code != "conflict" || len(e.Errors) != 1 ||
			e.Errors[0].Field != "username" || e.Errors[0].Message != "用户名已存在" {
			t.Fatalf("conflict %+v", e)
		}
		admin.do(http.MethodGet, fmt.Sprintf("/api/users?deptId=%d&enabled=true&sort=username,asc", deptID(t, s, "总部")), nil).JSON(t, &l)
		if names(l) != "channel,lead,lisi,staff" {
			t.Fatalf("by department subtree = %s", names(l))
		}
		admin.do(http.MethodGet, "/api/users?createTime=2000-01-01&createTime=2000-01-02", nil).JSON(t, &l)
		if l.TotalElements != 0 {
			t.Fatalf("created range = %+v", l)
		}
		want(t, admin.do(http.MethodGet, "/api/users?createTime=2000-01-01", nil), 400, "createTime: 必须给出开始和结束两个时间")
		want(t, admin.do(http.MethodGet, "/api/users?sort=password,asc", nil), 400, "sort: 不支持按password排序")

		lisi := client{t, s, s.Login(t, "lisi", "lisi-pass")}
		body["id"], body["nickName"] = id, "李四四"
		want(t, admin.do(http.MethodPut, "/api/users", body), 204, "")
		admin.do(http.MethodGet, "/api/users?blurry=李四四", nil).JSON(t, &l)
		if l.TotalElements != 1 {
			t.Fatalf("after edit = %+v", l)
		}

		// A user without user:edit may not reset anyone's password.
		staff := client{t, s, s.Login(t, "staff", apptest.DemoPassword)}
		want(t, staff.do(http.MethodPut, fmt.Sprintf("/api/users/%d/password", id), map[string]string{"password": "hijacked"}), 403, "你没有“用户管理 - 编辑”的权限")
		want(t, admin.do(http.MethodPut, fmt.Sprintf("/api/users/%d/password", id), map[string]string{"password": "new-lisi-pass"}), 204, "")
		s.Login(t, "lisi", "new-lisi-pass")

		// Disabling ends the user's sessions at their next request.
		want(t, admin.do(http.MethodPut, "/api/users/enabled", map[string]any{"ids": []int64{id}, "enabled": false}), 204, "")
		want(t, lisi.do(http.MethodGet, "/api/auth/info", nil), 401, "登录状态已过期，请重新登录")

		var adminID int64
		s.DB.Table("users").Where("username = ?", "admin").Pluck("id", &adminID)
		want(t, admin.do(http.MethodDelete, "/api/users", []int64{adminID}), 400, "ids: 不能删除自己")
		want(t, admin.do(http.MethodDelete, "/api/users", []int64{id}), 200, "")
		want(t, admin.do(http.MethodDelete, "/api/users", []int64{id}), 404, "用户不存在")

		// Every write is in the operation log: who, what, from where, with what result.
		var logs struct {
			Content []struct {
				Username string `json:"username"`
				Method   string `json:"method"`
				Path     string `json:"path"`
				IP       string `json:"requestIp"`
				Status   int    `json:"status"`
				Success  bool   `json:"success"`
				Time     string `json:"createTime"`
			} `json:"content"`
			TotalElements int `json:"totalElements"`
		}
		admin.do(http.MethodGet, "/api/logs?username=admin&blurry=/api/users&size=100", nil).JSON(t, &logs)
		var ok201, bad400, forbidden int
		for _, e := range logs.Content {
			if e.IP != "127.0.0.1" || e.Time == "" {
				t.Fatalf("log entry %+v", e)
			}
			switch {
			case e.Method == "POST" && e.Status == 201 && e.Success:
				ok201++
			case e.Status == 400 && !e.Success:
				bad400++
			}
		}
		admin.do(http.MethodGet, "/api/logs?username=staff&success=false", nil).JSON(t, &logs)
		for _, e := range logs.Content {
			if e.Status == 403 && strings.HasSuffix(e.Path, "/password") {
				forbidden++
			}
		}
		if ok201 != 1 || bad400 < 7 || forbidden != 1 {
			t.Fatalf("log: %d created, %d refused as bad input, %d forbidden", ok201, bad400, forbidden)
		}
		want(t, staff.do(http.MethodGet, "/api/logs", nil), 403, "你没有“操作日志”的权限")
	})
}

// TestDataScope: a role's data scope limits the users and departments its holders see and change.
func TestDataScope(t *testing.T) {
	apptest.Each(t, func(t *testing.T, s *apptest.Server) {
		admin := client{t, s, s.Login(t, "admin", apptest.AdminPassword)}
		ops, service := deptID(t, s, "运营部"), deptID(t, s, "客服部")
		grants := []int64{menuID(t, s, "user:list"), menuID(t, s, "user:edit"), menuID(t, s, "dept:list")}
		custom := createdID(t, admin.do(http.MethodPost, "/api/roles", map[string]any{"name": "客服主管", "level": 2,
			"dataScope": "custom", "depts": []int64{service}, "menus": grants}))
		own := createdID(t, admin.do(http.MethodPost, "/api/roles", map[string]any{"name": "运营主管", "level": 2,
			"dataScope": "dept", "menus": grants}))
		want(t, admin.do(http.MethodPost, "/api/roles", map[string]any{"name": "x", "level": 2, "dataScope": "custom"}),
			400, "depts: 自定义数据权限必须选择部门")
		mk := func(name string, dept, role int64) int64 {
			return createdID(t, admin.do(http.MethodPost, "/api/users", map[string]any{"username": name, "nickName": name, "phone": "13800000088",
				"password": "scope-pass", "dept": map[string]any{"id": dept}, "roles": []map[string]any{{"id": role}}}))
		}
		mk("svc1", service, own)
		mk("boss1", ops, custom)
		mk("ops1", ops, own)

		var l userList
		boss := client{t, s, s.Login(t, "boss1", "scope-pass")}
		boss.do(http.MethodGet, "/api/users?sort=username,asc", nil).JSON(t, &l)
		if names(l) != "svc1" {
			t.Fatalf("custom scope (客服部) sees %s", names(l))
		}
		opsUser := client{t, s, s.Login(t, "ops1", "scope-pass")}
		opsUser.do(http.MethodGet, "/api/users?sort=username,asc", nil).JSON(t, &l)
		if names(l) != "boss1,lead,ops1,staff" {
			t.Fatalf("own-department scope sees %s", names(l))
		}
		var tree struct {
			Content []struct {
				Name     string `json:"name"`
				Children []any  `json:"children"`
			} `json:"content"`
		}
		boss.do(http.MethodGet, "/api/dept", nil).JSON(t, &tree)
		if len(tree.Content) != 1 || tree.Content[0].Name != "客服部" || tree.Content[0].Children != nil {
			t.Fatalf("custom scope's departments = %+v", tree)
		}
		admin.do(http.MethodGet, "/api/dept", nil).JSON(t, &tree)
		if len(tree.Content) != 1 || tree.Content[0].Name != "总部" || len(tree.Content[0].Children) != 3 {
			t.Fatalf("admin's departments = %+v", tree)
		}
		// Outside the scope nothing can be changed either.
		var staffID int64
		s.DB.Table("users").Where("username = ?", "staff").Pluck("id", &staffID)
		want(t, boss.do(http.MethodPut, fmt.Sprintf("/api/users/%d/password", staffID), map[string]string{"password": "hijacked"}),
			403, "没有权限操作该部门的用户")
		// The picker: top-level departments, then a department's children and users.
		var pick struct {
			Users []struct {
				Username string `json:"username"`
				NickName string `json:"nickName"`
			} `json:"users"`
			Depts []struct {
				ID   int64  `json:"id"`
				Name string `json:"name"`
			} `json:"depts"`
		}
		admin.do(http.MethodGet, "/api/dept/list?deptId=0", nil).JSON(t, &pick)
		if len(pick.Depts) != 1 || pick.Depts[0].Name != "总部" || len(pick.Users) != 0 {
			t.Fatalf("picker root = %+v", pick)
		}
		admin.do(http.MethodGet, fmt.Sprintf("/api/dept/list?deptId=%d", ops), nil).JSON(t, &pick)
		if len(pick.Depts) != 0 || len(pick.Users) != 4 || pick.Users[3].Username != "staff" || pick.Users[3].NickName != "张三" {
			t.Fatalf("picker 运营部 = %+v", pick)
		}
		boss.do(http.MethodGet, fmt.Sprintf("/api/dept/list?deptId=%d", ops), nil).JSON(t, &pick)
		if len(pick.Users) != 0 {
			t.Fatalf("picker outside the scope = %+v", pick)
		}
		want(t, admin.do(http.MethodDelete, "/api/dept", []int64{ops}), 409, "ids: 部门下还有用户，不能删除")
		want(t, admin.do(http.MethodDelete, "/api/roles", []int64{own}), 409, "ids: 角色已分配给用户，不能删除")
	})
}

// TestMenuChangesReachTheRouterTree: a role granted a new page sees it on the next /api/menus/build.
func TestMenuChangesReachTheRouterTree(t *testing.T) {
	apptest.Each(t, func(t *testing.T, s *apptest.Server) {
		admin := client{t, s, s.Login(t, "admin", apptest.AdminPassword)}
		var system, staffRole int64
		s.DB.Table("menus").Where("title = ? AND pid IS NULL", "系统管理").Pluck("id", &system)
		s.DB.Table("roles").Where("name = ?", "普通员工").Pluck("id", &staffRole)
		staff := client{t, s, s.Login(t, "staff", apptest.DemoPassword)}
		if r := staff.do(http.MethodGet, "/api/menus/build", nil); strings.Contains(string(r.Body), "统计看板") {
			t.Fatalf("before: %s", r.Body)
		}
		want(t, admin.do(http.MethodPost, "/api/menus", map[string]any{"type": 1, "title": "统计看板", "pid": system}),
			400, "component: 不能为空")
		want(t, admin.do(http.MethodPost, "/api/menus", map[string]any{"type": 2, "title": "按钮"}), 400, "permission: 不能为空")
		// an icon the sidebar cannot draw is refused, naming the field
		want(t, admin.do(http.MethodPost, "/api/menus", map[string]any{"type": 1, "title": "统计看板", "pid": system,
			"path": "stats", "component": "stats/index", "icon": "banana"}), 400, "icon: 图标不在可选范围内，请从图标列表中选择")
		page := createdID(t, admin.do(http.MethodPost, "/api/menus", map[string]any{"type": 1, "title": "统计看板", "pid": system,
			"path": "stats", "component": "stats/index", "componentName": "Stats", "menuSort": 9, "breadcrumb": true, "icon": "chart"}))
		want(t, admin.do(http.MethodPut, "/api/menus", map[string]any{"id": system, "type": 0, "title": "系统管理",
			"path": "/system", "pid": page}), 400, "pid: 上级菜单不能是自己或自己的下级")
		var online int64
		s.DB.Table("menus").Where("permission = ?", "online:list").Pluck("id", &online)
		want(t, admin.do(http.MethodPut, "/api/roles", map[string]any{"id": staffRole, "name": "普通员工", "level": 3,
			"dataScope": "dept", "menus": []int64{system, online, page}}), 204, "")
		if r := staff.do(http.MethodGet, "/api/menus/build", nil); !strings.Contains(string(r.Body), `"component":"stats/index"`) {
			t.Fatalf("after the grant: %s", r.Body)
		}
		want(t, admin.do(http.MethodDelete, "/api/menus", []int64{page}), 200, "")
		if r := staff.do(http.MethodGet, "/api/menus/build", nil); strings.Contains(string(r.Body), "stats/index") {
			t.Fatalf("after the delete: %s", r.Body)
		}
	})
}

// TestDictionaries: the dropdown query and the management query of /api/dictDetail.
func TestDictionaries(t *testing.T) {
	s := apptest.Start(t, "sqlite")
	admin := client{t, s, s.Login(t, "admin", apptest.AdminPassword)}
	staff := client{t, s, s.Login(t, "staff", apptest.DemoPassword)}
	var l struct {
		Content []struct {
			ID    int64  `json:"id"`
			Label string `json:"label"`
			Value string `json:"value"`
		} `json:"content"`
		TotalElements int `json:"totalElements"`
	}
	staff.do(http.MethodGet, "/api/dictDetail?pageNow=1&pageSize=999&dictName=user_status", nil).JSON(t, &l)
	if l.TotalElements != 2 || l.Content[0].Label != "激活" || l.Content[0].Value != "true" {
		t.Fatalf("dropdown = %+v", l)
	}
	dict := createdID(t, admin.do(http.MethodPost, "/api/dict", map[string]any{"name": "gender", "description": "性别"}))
	want(t, admin.do(http.MethodPost, "/api/dict", map[string]any{"name": "gender"}), 409, "name: 字典名称已存在")
	for i, lv := range [][2]string{{"男", "1"}, {"女", "2"}} {
		createdID(t, admin.do(http.MethodPost, "/api/dictDetail", map[string]any{"dict": map[string]any{"id": dict},
			"label": lv[0], "value": lv[1], "dictSort": i + 1}))
	}
	want(t, admin.do(http.MethodPost, "/api/dictDetail", map[string]any{"dict": map[string]any{"id": dict},
		"label": "x", "value": "1"}), 409, "value: 字典值已存在")
	want(t, admin.do(http.MethodPost, "/api/dictDetail", map[string]any{"label": "x", "value": "3"}), 400, "dict: 不能为空")
	admin.do(http.MethodGet, "/api/dictDetail?dictName=gender&page=0&size=9999", nil).JSON(t, &l)
	if l.TotalElements != 2 || l.Content[1].Label != "女" {
		t.Fatalf("management = %+v", l)
	}
	want(t, admin.do(http.MethodDelete, fmt.Sprintf("/api/dictDetail/%d", l.Content[0].ID), nil), 200, "")
	want(t, staff.do(http.MethodDelete, fmt.Sprintf("/api/dictDetail/%d", l.Content[1].ID), nil), 403, "你没有“字典管理 - 删除”的权限")
	want(t, admin.do(http.MethodDelete, "/api/dict", []int64{dict}), 200, "")
	admin.do(http.MethodGet, "/api/dictDetail?dictName=gender", nil).JSON(t, &l)
	if l.TotalElements != 0 {
		t.Fatalf("entries outlived their dictionary: %+v", l)
	}
}
