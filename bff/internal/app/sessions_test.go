package app_test

import (
	"fmt"
	"net/http"
	"testing"

	"mallconsole/bff/internal/apptest"
)

// TestAdminChangesEndSessions: an administrator's password reset, disabling and taking a role
// away end the account's sessions at once; switching the account on again revives none.
func TestAdminChangesEndSessions(t *testing.T) {
	apptest.Each(t, func(t *testing.T, s *apptest.Server) {
		admin := client{t, s, s.Login(t, "admin", apptest.AdminPassword)}
		live := func(tok string) int { return s.Get(t, "/api/auth/info", tok).Status }
		staffID, leadID := userID(t, s, "staff"), userID(t, s, "lead")

		// password reset
		staff := s.Login(t, "staff", apptest.DemoPassword)
		want(t, admin.do(http.MethodPut, fmt.Sprintf("/api/users/%d/password", staffID),
			map[string]string{"password": "reset-pass-1"}), 204, "")
		if got := live(staff); got != http.StatusUnauthorized {
			t.Fatalf("after a password reset the old session answers %d", got)
		}

		// disabling, then enabling again
		lead := s.Login(t, "lead", apptest.DemoPassword)
		toggle := func(on bool) {
			want(t, admin.do(http.MethodPut, "/api/users/enabled", map[string]any{"ids": []int64{leadID}, "enabled": on}), 204, "")
		}
		toggle(false)
		toggle(true)
		if got := live(lead); got != http.StatusUnauthorized {
			t.Fatalf("after disabling and enabling the old session answers %d", got)
		}
		// the same through the edit form
		lead = s.Login(t, "lead", apptest.DemoPassword)
		body := map[string]any{"id": leadID, "username": "lead", "nickName": "陈组长", "phone": "13800000088", "enabled": false,
			"dept": map[string]any{"id": deptID(t, s, "运营部")}, "roles": []map[string]any{{"id": roleID(t, s, "普通员工")}}}
		want(t, admin.do(http.MethodPut, "/api/users", body), 204, "")
		body["enabled"] = true
		want(t, admin.do(http.MethodPut, "/api/users", body), 204, "")
		if got := live(lead); got != http.StatusUnauthorized {
			t.Fatalf("after disabling through the form the old session answers %d", got)
		}

		// taking a role away; adding one or editing the name keeps the session
		lead = s.Login(t, "lead", apptest.DemoPassword)
		body["roles"] = []map[string]any{{"id": roleID(t, s, "普通员工")}, {"id": roleID(t, s, "渠道运营")}}
		body["nickName"] = "陈组长2"
		want(t, admin.do(http.MethodPut, "/api/users", body), 204, "")
		if got := live(lead); got != http.StatusOK {
			t.Fatalf("after adding a role the session answers %d", got)
		}
		body["roles"] = []map[string]any{{"id": roleID(t, s, "普通员工")}}
		want(t, admin.do(http.MethodPut, "/api/users", body), 204, "")
		if got := live(lead); got != http.StatusUnauthorized {
			t.Fatalf("after a role was taken away the session answers %d", got)
		}
		// others' sessions live on
		if got := live(admin.tok); got != http.StatusOK {
			t.Fatalf("the admin's own session answers %d", got)
		}
	})
}
