package app_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"mallconsole/bff/internal/apptest"
	"mallconsole/bff/internal/audit"
	"mallconsole/bff/internal/platform/authz"
	"mallconsole/bff/internal/seed"
)

// TestEveryWriteRouteHasAnAction: the operation log names what each write did (issue 16), so a
// write route registered without a name in audit's table fails here.
func TestEveryWriteRouteHasAnAction(t *testing.T) {
	apptest.Each(t, func(t *testing.T, s *apptest.Server) {
		n := 0
		for _, rt := range s.App.Routes.Routes() {
			// signed routes (the storefront API) are recorded in the orders' history, not the log
			audited := rt.Method != http.MethodGet && rt.Method != http.MethodHead && rt.Rule.Access != authz.AccessChannel &&
				rt.Rule.Access != authz.AccessSigned
			if !audited {
				continue
			}
			n++
			if a, ok := audit.ActionOf(rt.Method, rt.Path, false); !ok || a.Zh == "" || a.En == "" {
				t.Errorf("%s %s has no action name in bff/internal/audit/actions.go", rt.Method, rt.Path)
			}
		}
		if n < 90 {
			t.Fatalf("only %d audited routes seen", n)
		}
	})
}

// TestOpLogNamesTheActionAndTheReason: a created user is logged as 新增用户, a refused sign-in
// as 登录失败 with the message the person saw; the search filters by action.
func TestOpLogNamesTheActionAndTheReason(t *testing.T) {
	apptest.Each(t, func(t *testing.T, s *apptest.Server) {
		admin := client{t, s, s.Login(t, "admin", apptest.AdminPassword)}
		createdID(t, admin.do(http.MethodPost, "/api/users", map[string]any{"username": "logged1", "nickName": "logged1",
			"password": "logged-pass", "phone": "13800138091", "dept": map[string]any{"id": deptID(t, s, "运营部")},
			"roles": []map[string]any{{"id": roleID(t, s, seed.StaffRole)}}}))
		uuid, code := s.Captcha(t)
		want(t, s.Do(t, apptest.Request{Method: http.MethodPost, Path: "/api/auth/login",
			Form: url.Values{"username": {"admin"}, "password": {"wrong-pass"}, "code": {code}, "uuid": {uuid}}}),
			400, "用户名或密码错误")

		type entry struct {
			Action, ActionEn, Reason, Path string
			Success                        bool
		}
		var logs struct {
			Content []entry `json:"content"`
		}
		admin.do(http.MethodGet, "/api/logs?action="+url.QueryEscape("用户")+"&size=100", nil).JSON(t, &logs)
		if len(logs.Content) == 0 || logs.Content[0].Action != "新增用户" || logs.Content[0].ActionEn != "Add user" || logs.Content[0].Reason != "" {
			t.Fatalf("user writes = %+v, want 新增用户 first", logs.Content)
		}
		for _, e := range logs.Content {
			if e.Action != "新增用户" && e.Action != "编辑用户" && e.Action != "删除用户" && e.Action != "启用/停用用户" {
				t.Fatalf("action filter 用户 let %+v through", e)
			}
		}
		admin.do(http.MethodGet, "/api/logs?action="+url.QueryEscape("登录失败")+"&size=1", nil).JSON(t, &logs)
		if len(logs.Content) != 1 || logs.Content[0].Success || logs.Content[0].Reason != "用户名或密码错误" ||
			logs.Content[0].ActionEn != "Sign in failed" {
			t.Fatalf("failed sign-in = %+v", logs.Content)
		}
		want(t, admin.do(http.MethodGet, "/api/logs?action="+url.QueryEscape(strings.Repeat("长", 65)), nil), 400, "action: 太长")
	})
}
