package app_test

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"mallconsole/bff/internal/apptest"
	"mallconsole/bff/internal/seed"
)

// TestOpLogKeepsTheChangedFields: an edit of a user, a role, a dictionary and its entry, and
// goods is logged with the fields it changed, before → after, as the API names them; a create
// and an edit that changed nothing carry none; a password never shows.
func TestOpLogKeepsTheChangedFields(t *testing.T) {
	apptest.Each(t, func(t *testing.T, s *apptest.Server) {
		admin := client{t, s, s.Login(t, "admin", apptest.AdminPassword)}
		ops := deptID(t, s, "运营部")
		user := map[string]any{"username": "changed1", "nickName": "小王", "password": "changed-pass", "phone": "13800138071",
			"gender": "男", "enabled": true, "dept": map[string]any{"id": ops}, "roles": []map[string]any{{"id": roleID(t, s, seed.StaffRole)}}}
		user["id"] = createdID(t, admin.do(http.MethodPost, "/api/users", user))
		user["nickName"], user["phone"], user["password"] = "王小二", "13800138072", "ignored-pass"
		want(t, admin.do(http.MethodPut, "/api/users", user), http.StatusNoContent, "")

		role := map[string]any{"name": "审计员", "level": 3, "dataScope": "all", "description": "看日志", "menus": []int64{}}
		role["id"] = createdID(t, admin.do(http.MethodPost, "/api/roles", role))
		role["level"], role["description"] = 4, ""
		want(t, admin.do(http.MethodPut, "/api/roles", role), http.StatusNoContent, "")

		dict := map[string]any{"name": "size", "description": "尺码"}
		dict["id"] = createdID(t, admin.do(http.MethodPost, "/api/dict", dict))
		want(t, admin.do(http.MethodPut, "/api/dict", dict), http.StatusNoContent, "") // nothing changed
		entry := map[string]any{"dict": map[string]any{"id": dict["id"]}, "label": "小", "value": "S", "dictSort": 1}
		entry["id"] = createdID(t, admin.do(http.MethodPost, "/api/dictDetail", entry))
		entry["label"], entry["labelEn"] = "小号", "Small"
		want(t, admin.do(http.MethodPut, "/api/dictDetail", entry), http.StatusNoContent, "")

		goods := goodsBody(7001)
		goods["id"] = createdID(t, admin.do(http.MethodPost, "/api/goods", goods))
		goods["name"], goods["price"] = "商品改名", "29.90"
		want(t, admin.do(http.MethodPut, "/api/goods", goods), http.StatusNoContent, "")

		type change struct {
			Field         string
			Before, After any
		}
		var logs struct {
			Content []struct {
				Action  string   `json:"action"`
				Changes []change `json:"changes"`
			} `json:"content"`
		}
		admin.do(http.MethodGet, "/api/logs?success=true&size=20&username=admin", nil).JSON(t, &logs)
		got := map[string]string{}
		for _, e := range logs.Content {
			if _, seen := got[e.Action]; !seen {
				got[e.Action] = fmt.Sprint(e.Changes)
			}
		}
		for action, changes := range map[string]string{
			"编辑用户":   "[{nickName 小王 王小二} {phone 13800138071 13800138072}]",
			"新增用户":   "[]",
			"编辑角色":   "[{level 3 4} {description 看日志 }]",
			"编辑字典":   "[]",
			"编辑字典详情": "[{label 小 小号} {labelEn  Small}]",
		} {
			if got[action] != changes {
				t.Errorf("%s logged changes %s, want %s", action, got[action], changes)
			}
		}
		if g := got["编辑商品"]; g == "" || !containsAll(g, "{name 商品7001 商品改名}", "29.90") {
			t.Errorf("编辑商品 logged changes %s", g)
		}
		var raw struct {
			Content []map[string]any `json:"content"`
		}
		admin.do(http.MethodGet, "/api/logs?action="+url.QueryEscape("编辑用户")+"&size=1", nil).JSON(t, &raw)
		if fmt.Sprint(raw.Content[0]["changes"]) == "" || fmt.Sprint(raw.Content[0]) == "" {
			t.Fatal("no entry")
		}
		for _, c := range raw.Content[0]["changes"].([]any) {
			if c.(map[string]any)["field"] == "password" {
				t.Fatal("a password change was written into the log")
			}
		}
	})
}

func containsAll(s string, parts ...string) bool {
	for _, p := range parts {
		if !strings.Contains(s, p) {
			return false
		}
	}
	return true
}
