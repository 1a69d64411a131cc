package auth_test

import (
	"net/http"
	"testing"

	"mallconsole/bff/internal/apptest"
)

func TestOnlineExport(t *testing.T) {
	apptest.Each(t, func(t *testing.T, s *apptest.Server) {
		admin, staff, channel := signInThree(t, s)
		var list struct {
			Content []struct {
				SessionID string `json:"sessionId"`
				Username  string `json:"username"`
			} `json:"content"`
		}
		s.Get(t, "/api/auth/online?filter=channel", admin).JSON(t, &list)
		chanID := list.Content[0].SessionID
		body := func(extra map[string]any) map[string]any {
			m := map[string]any{"headers": []string{"用户名", "部门", "类型"}, "fields": []string{"username", "dept", "kind"}}
			for k, v := range extra {
				m[k] = v
			}
			return m
		}
		sheet := func(r apptest.Response) [][]string { t.Helper(); return r.Sheet(t) }
		post := func(path, tok string, b any) apptest.Response {
			return s.Do(t, apptest.Request{Method: http.MethodPost, Path: path, Token: tok, JSON: b})
		}
		// outside the caller's data scope (staff: 运营部) nothing is exported
		if rows := sheet(post("/api/auth/online/download", staff, body(map[string]any{"ids": []string{chanID}}))); len(rows) != 1 {
			t.Errorf("out of scope, selected = %q", rows)
		}
		if rows := sheet(post("/api/auth/online/downloadAll", staff, body(nil))); len(rows) != 2 || rows[1][0] != "staff" {
			t.Errorf("out of scope, all = %q", rows)
		}
		r := post("/api/auth/online/download", admin, body(map[string]any{"ids": []string{chanID}}))
		if got := r.Header.Get("Content-Disposition"); got != `attachment; filename="______.xlsx"; filename*=UTF-8''%E5%9C%A8%E7%BA%BF%E7%94%A8%E6%88%B7%E6%95%B0%E6%8D%AE.xlsx` {
			t.Errorf("Content-Disposition = %s", got)
		}
		if rows := sheet(r); len(rows) != 2 || rows[0][0] != "用户名" || rows[1][0] != "channel" || rows[1][1] != "渠道部" || rows[1][2] != "渠道" {
			t.Errorf("selected = %q", rows)
		}
		rows := sheet(post("/api/auth/online/downloadAll", admin, body(nil)))
		if len(rows) != 4 || rows[1][0] != "channel" || rows[2][0] != "staff" || rows[3][0] != "admin" {
			t.Errorf("all = %q", rows)
		}
		rows = sheet(post("/api/auth/online/downloadAll", admin, body(map[string]any{"filter": "张"})))
		if len(rows) != 2 || rows[1][0] != "staff" {
			t.Errorf("all filtered = %q", rows)
		}
		wantError(t, post("/api/auth/online/downloadAll", channel, body(nil)), 403, "你没有“在线用户”的权限")
		wantError(t, post("/api/auth/online/downloadAll", "", body(nil)), 401, "未登录")
		wantError(t, post("/api/auth/online/download", admin, body(nil)), 400, "ids: 不能为空")
		wantError(t, post("/api/auth/online/downloadAll", admin,
			map[string]any{"headers": []string{"x"}, "fields": []string{"sessionId"}}), 400, "fields: 不支持导出字段 sessionId")
	})
}
