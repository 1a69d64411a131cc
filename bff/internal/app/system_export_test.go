package app_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"mallconsole/bff/internal/apptest"
)

// exportBody is an export request as the DataTable sends it: titles, fields and the filters.
func exportBody(fields []string, extra map[string]any) map[string]any {
	b := map[string]any{"headers": fields, "fields": fields}
	for k, v := range extra {
		b[k] = v
	}
	return b
}

// sheetText is a sheet's rows after the header, one line each, cells joined by |.
func sheetText(t *testing.T, r apptest.Response, fields []string) string {
	t.Helper()
	rows := sheetRows(t, r)
	if len(rows) == 0 || strings.Join(rows[0], "|") != strings.Join(fields, "|") {
		t.Fatalf("header = %q, want %q", rows, fields)
	}
	lines := make([]string, 0, len(rows)-1)
	for _, row := range rows[1:] {
		lines = append(lines, strings.Join(row, "|"))
	}
	return strings.Join(lines, "\n")
}

// TestUserExport: the user list's export — the selected rows, every row the filters match in the
// list's sort, only the fields of the whitelist (never the password hash), and only the users of
// the caller's data scope, as the list shows them.
func TestUserExport(t *testing.T) {
	apptest.Each(t, func(t *testing.T, s *apptest.Server) {
		admin := client{t, s, s.Login(t, "admin", apptest.AdminPassword)}
		ops, service := deptID(t, s, "运营部"), deptID(t, s, "客服部")
		own := createdID(t, admin.do(http.MethodPost, "/api/roles", map[string]any{"name": "运营主管", "level": 2,
			"dataScope": "dept", "menus": []int64{menuID(t, s, "user:list")}}))
		mk := func(name string, dept int64) int64 {
			return createdID(t, admin.do(http.MethodPost, "/api/users", map[string]any{"username": name, "nickName": "昵称" + name,
				"phone": "13800000000", "email": name + "@example.com", "password": "scope-pass",
				"dept": map[string]any{"id": dept}, "roles": []map[string]any{{"id": own}}}))
		}
		svc := mk("svc1", service)
		ops1 := mk("ops1", ops)
		admin.do(http.MethodPut, "/api/users/enabled", map[string]any{"ids": []int64{svc}, "enabled": false})

		fields := []string{"username", "nickName", "phone", "email", "dept", "roles", "enabled"}
		got := sheetText(t, admin.do(http.MethodPost, "/api/users/download", exportBody(fields, map[string]any{"ids": []int64{ops1, svc}})), fields)
		if want := "ops1|昵称ops1|13800000000|ops1@example.com|运营部|运营主管|激活\n" +
			"svc1|昵称svc1|13800000000|svc1@example.com|客服部|运营主管|禁用"; got != want {
			t.Errorf("download (newest first, as the list) =\n%s\nwant\n%s", got, want)
		}
		// The time is the list's text, in the server's zone.
		var row struct {
			Content []struct {
				CreateTime string `json:"createTime"`
			} `json:"content"`
		}
		admin.do(http.MethodGet, "/api/users?blurry=ops1", nil).JSON(t, &row)
		got = sheetText(t, admin.do(http.MethodPost, "/api/users/download", exportBody([]string{"createTime"}, map[string]any{"ids": []int64{ops1}})), []string{"createTime"})
		if len(row.Content) != 1 || got != row.Content[0].CreateTime {
			t.Errorf("createTime = %q, list %+v", got, row.Content)
		}

		// downloadAll: the list's filters and sorts.
		name := []string{"username"}
		all := func(tok client, extra map[string]any) string {
			return strings.ReplaceAll(sheetText(t, tok.do(http.MethodPost, "/api/users/downloadAll", exportBody(name, extra)), name), "\n", ",")
		}
		if got := all(admin, map[string]any{"blurry": "1@example", "sort": "username,asc"}); got != "ops1,svc1" {
			t.Errorf("blurry = %s", got)
		}
		if got := all(admin, map[string]any{"enabled": "false"}); got != "svc1" {
			t.Errorf("enabled=false = %s", got)
		}
		if got := all(admin, map[string]any{"deptId": service}); got != "svc1" {
			t.Errorf("deptId = %s", got)
		}
		if got := all(admin, map[string]any{"createDate": []string{"2000-01-01 00:00:00", "2000-01-02 00:00:00"}}); got != "" {
			t.Errorf("createDate in 2000 = %s", got)
		}

		// Data scope: 运营部's lead exports 运营部's users only, whatever the ids or filters say.
		scoped := client{t, s, s.Login(t, "ops1", "scope-pass")}
		var listed userList
		scoped.do(http.MethodGet, "/api/users?sort=username,asc&size=100", nil).JSON(t, &listed)
		if got := all(scoped, map[string]any{"sort": []string{"username,asc"}}); got != names(listed) || strings.Contains(got, "svc1") || got == "" {
			t.Errorf("scoped downloadAll = %s, list %s", got, names(listed))
		}
		if got := sheetText(t, scoped.do(http.MethodPost, "/api/users/download", exportBody(name, map[string]any{"ids": []int64{svc, ops1}})), name); got != "ops1" {
			t.Errorf("scoped download of svc1 and ops1 = %q", got)
		}

		// Only the whitelist; bad filters and sorts are 400s that name them.
		for _, c := range []struct {
			body map[string]any
			msg  string
		}{
			{exportBody([]string{"password"}, nil), "fields: 不支持导出字段 password"},
			{exportBody(name, map[string]any{"sort": "nickName,asc"}), "sort: 不支持的排序 nickName,asc"},
			{exportBody(name, map[string]any{"kind": "staff"}), "kind: 不支持的筛选条件"},
			{exportBody(name, map[string]any{"enabled": "yes"}), "enabled: 必须是true或false"},
			{exportBody(name, map[string]any{"deptId": "x"}), "deptId: 必须是部门ID"},
			{exportBody(name, map[string]any{"createDate": []string{"x", "y"}}), "startTime: 时间格式必须是yyyy-MM-dd HH:mm:ss"},
		} {
			want(t, admin.do(http.MethodPost, "/api/users/downloadAll", c.body), 400, c.msg)
		}
	})
}

// TestSystemListExports: roles, dictionaries, a dictionary's entries and the operation log
// export like their lists, each with its field whitelist.
func TestSystemListExports(t *testing.T) {
	apptest.Each(t, func(t *testing.T, s *apptest.Server) {
		admin := client{t, s, s.Login(t, "admin", apptest.AdminPassword)}
		post := func(path string, body map[string]any) apptest.Response { return admin.do(http.MethodPost, path, body) }

		// Roles: by level as the list, the data scope as the page names it.
		roleID := createdID(t, admin.do(http.MethodPost, "/api/roles", map[string]any{"name": "导出角色", "level": 5,
			"description": "说明", "dataScope": "dept", "menus": []int64{}}))
		f := []string{"name", "level", "dataScope", "description"}
		if got := sheetText(t, post("/api/roles/download", exportBody(f, map[string]any{"ids": []int64{roleID}})), f); got != "导出角色|5|本级|说明" {
			t.Errorf("role download = %q", got)
		}
		var roles struct {
			Content []struct {
				Name string `json:"name"`
			} `json:"content"`
		}
		admin.do(http.MethodGet, "/api/roles?size=100", nil).JSON(t, &roles)
		var listed []string
		for _, r := range roles.Content {
			listed = append(listed, r.Name)
		}
		if got := sheetText(t, post("/api/roles/downloadAll", exportBody([]string{"name"}, nil)), []string{"name"}); got != strings.Join(listed, "\n") || len(listed) < 2 {
			t.Errorf("roles downloadAll = %q, list %q", got, listed)
		}
		if got := sheetText(t, post("/api/roles/downloadAll", exportBody([]string{"name"}, map[string]any{"blurry": "导出"})), []string{"name"}); got != "导出角色" {
			t.Errorf("roles blurry = %q", got)
		}
		want(t, post("/api/roles/downloadAll", exportBody([]string{"menus"}, nil)), 400, "fields: 不支持导出字段 menus")

		// Dictionaries and a dictionary's entries (dictName required, as in the list).
		f = []string{"name", "description"}
		if got := sheetText(t, post("/api/dict/downloadAll", exportBody(f, map[string]any{"blurry": "用户状态"})), f); got != "user_status|用户状态" {
			t.Errorf("dict downloadAll = %q", got)
		}
		var dicts struct {
			Content []struct {
				ID   int64  `json:"id"`
				Name string `json:"name"`
			} `json:"content"`
		}
		admin.do(http.MethodGet, "/api/dict?size=100", nil).JSON(t, &dicts)
		ids := []int64{}
		for _, d := range dicts.Content {
			if d.Name == "dept_status" || d.Name == "user_status" {
				ids = append(ids, d.ID)
			}
		}
		if got := sheetText(t, post("/api/dict/download", exportBody([]string{"name"}, map[string]any{"ids": ids})), []string{"name"}); got != "user_status\ndept_status" {
			t.Errorf("dict download = %q", got)
		}
		want(t, post("/api/dict/downloadAll", exportBody([]string{"updateTime"}, nil)), 400, "fields: 不支持导出字段 updateTime")
		f = []string{"label", "labelEn", "value", "dictSort"}
		// the seed's sort numbers are its own: the entries, their order and that a number is written matter
		if got := strings.Split(sheetText(t, post("/api/dictDetail/downloadAll", exportBody(f, map[string]any{"dictName": "user_status"})), f), "\n"); len(got) != 2 ||
			!strings.HasPrefix(got[0], "激活|Active|true|") || !strings.HasPrefix(got[1], "禁用|Disabled|false|") || strings.HasSuffix(got[0], "|") {
			t.Errorf("entries downloadAll = %q", got)
		}
		want(t, post("/api/dictDetail/downloadAll", exportBody(f, nil)), 400, "dictName: 不能为空")

		// The operation log: newest first, filtered like the list (a failed call of admin's).
		want(t, post("/api/logs/downloadAll", exportBody([]string{"secret"}, nil)), 400, "fields: 不支持导出字段 secret")
		f = []string{"username", "method", "path", "status", "success"}
		got := sheetText(t, post("/api/logs/downloadAll", exportBody(f, map[string]any{"username": "admin", "success": "false"})), f)
		if first, _, _ := strings.Cut(got, "\n"); first != "admin|POST|/api/logs/downloadAll|400|失败" {
			t.Errorf("log downloadAll newest = %q (all %q)", first, got)
		}
		if strings.Contains(got, "成功") {
			t.Errorf("success=false exported a success:\n%s", got)
		}
		var logs struct {
			Content []struct {
				ID         int64  `json:"id"`
				Path       string `json:"path"`
				CreateTime string `json:"createTime"`
			} `json:"content"`
		}
		admin.do(http.MethodGet, "/api/logs?size=2", nil).JSON(t, &logs)
		if len(logs.Content) != 2 {
			t.Fatalf("logs = %+v", logs)
		}
		f = []string{"id", "path", "createTime"}
		got = sheetText(t, post("/api/logs/download", exportBody(f, map[string]any{"ids": []int64{logs.Content[1].ID, logs.Content[0].ID}})), f)
		expect := fmt.Sprintf("%d|%s|%s\n%d|%s|%s", logs.Content[0].ID, logs.Content[0].Path, logs.Content[0].CreateTime,
			logs.Content[1].ID, logs.Content[1].Path, logs.Content[1].CreateTime)
		if got != expect {
			t.Errorf("log download = %q, want %q", got, expect)
		}
	})
}
