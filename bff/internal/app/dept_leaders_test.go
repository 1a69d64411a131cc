package app_test

import (
	"net/http"
	"testing"

	"mallconsole/bff/internal/apptest"
)

// TestDeptLeaders: POST/PUT /api/dept take leaders (0–5 enabled staff, in order), the tree
// answers them as {id, name}; absent leaders leave them unchanged.
func TestDeptLeaders(t *testing.T) {
	apptest.Each(t, func(t *testing.T, s *apptest.Server) {
		admin := client{t, s, s.Login(t, "admin", apptest.AdminPassword)}
		ids := map[string]int64{}
		for _, name := range []string{"lead", "staff", "channel"} {
			var id int64
			s.DB.Table("users").Where("username = ?", name).Pluck("id", &id)
			ids[name] = id
		}
		hq := deptID(t, s, "总部")
		body := map[string]any{"name": "审批部", "pid": hq, "deptSort": 9, "leaders": []int64{ids["staff"], ids["lead"]}}
		id := createdID(t, admin.do(http.MethodPost, "/api/dept", body))
		leaders := func() []map[string]any {
			var tree struct {
				Content []struct {
					Leaders []map[string]any
				}
			}
			admin.do(http.MethodGet, "/api/dept?name=审批部", nil).JSON(t, &tree)
			if len(tree.Content) != 1 {
				t.Fatalf("tree: %+v", tree)
			}
			return tree.Content[0].Leaders
		}
		if got := leaders(); len(got) != 2 || got[0]["name"] != "张三" || got[1]["name"] != "陈组长" {
			t.Fatalf("leaders after create: %v", got)
		}
		body["id"] = id
		delete(body, "leaders")
		want(t, admin.do(http.MethodPut, "/api/dept", body), http.StatusNoContent, "")
		if got := leaders(); len(got) != 2 {
			t.Fatalf("leaders absent must stay: %v", got)
		}
		for _, bad := range [][]int64{{ids["channel"]}, {ids["lead"], ids["lead"]}, {999999}, {1, 2, 3, 4, 5, 6}} {
			body["leaders"] = bad
			want(t, admin.do(http.MethodPut, "/api/dept", body), http.StatusBadRequest, "")
		}
		body["leaders"] = []int64{}
		want(t, admin.do(http.MethodPut, "/api/dept", body), http.StatusNoContent, "")
		if got := leaders(); len(got) != 0 {
			t.Fatalf("leaders cleared: %v", got)
		}
	})
}
