package app_test

import (
	"net/http"
	"testing"

	"mallconsole/bff/internal/apptest"
)

// TestYearOutsideTheDatabase: a year MySQL cannot store (0000, 10000 is not parseable anyway) in
// a date filter or a leave time answers 400 naming the field, not 500.
func TestYearOutsideTheDatabase(t *testing.T) {
	apptest.Each(t, func(t *testing.T, s *apptest.Server) {
		staff, admin := leaveFixture(t, s)
		for _, path := range []string{
			"/api/users?createTime=0000-01-01&createTime=2026-01-01",
			"/api/users?createTime=2026-01-01%2000:00:00&createTime=0000-12-31%2000:00:00",
			"/api/logs?createTime=0000-01-01&createTime=0999-12-31",
		} {
			want(t, admin.do(http.MethodGet, path, nil), http.StatusBadRequest, "createTime: 年份必须在1000到9999之间")
		}
		want(t, admin.do(http.MethodGet, "/api/users?createTime=1000-01-01&createTime=9999-12-31", nil), http.StatusOK, "")
		want(t, staff.do(http.MethodPost, "/api/workflow/leave", leave(map[string]any{"startTime": "0000-12-01 09:00:00"})),
			http.StatusBadRequest, "leave: 请假时间年份必须在1000到9999之间")
		want(t, staff.do(http.MethodPost, "/api/workflow/leave", leave(map[string]any{"type": "annual",
			"startTime": "0000-12-01 09:00:00", "endTime": "0000-12-02 09:00:00"})),
			http.StatusBadRequest, "leave: 请假时间年份必须在1000到9999之间")
		if apps, _ := leaveCount(t, s); apps != 0 {
			t.Fatalf("%d applications saved", apps)
		}
	})
}
