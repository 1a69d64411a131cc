package app_test

import (
	"fmt"
	"net/http"
	"testing"

	"mallconsole/bff/internal/apptest"
	"mallconsole/bff/internal/user"
)

// BenchmarkUserExport: downloadAll of 20,000 users (each with a department and a role, resolved
// by name in batches) as the superuser, on SQLite and, with BFF_TEST_MYSQL_DSN, MariaDB:
//
//	go test ./bff/internal/app/ -run '^$' -bench UserExport -benchtime 3x
func BenchmarkUserExport(b *testing.B) {
	const n = 20_000
	for _, variant := range []string{"sqlite", "mysql"} {
		b.Run(variant, func(b *testing.B) {
			s := apptest.Start(b, variant)
			var dept, role int64
			s.DB.Table("depts").Where("name = ?", "运营部").Pluck("id", &dept)
			s.DB.Table("roles").Order("level DESC").Limit(1).Pluck("id", &role)
			us := make([]user.User, n)
			for i := range us {
				us[i] = user.User{Username: fmt.Sprintf("bench%05d", i), NickName: "压测", Email: "b@example.com",
					Phone: "13800000000", Enabled: true, Kind: "staff", DeptID: &dept, Password: "x"}
			}
			if err := s.DB.CreateInBatches(&us, 500).Error; err != nil {
				b.Fatal(err)
			}
			links := make([]user.UserRole, n)
			for i, u := range us {
				links[i] = user.UserRole{UserID: u.ID, RoleID: role}
			}
			if err := s.DB.CreateInBatches(&links, 500).Error; err != nil {
				b.Fatal(err)
			}
			tok := s.Login(b, "admin", apptest.AdminPassword)
			fields := []string{"id", "username", "nickName", "phone", "email", "dept", "roles", "enabled", "createTime"}
			b.ResetTimer()
			for range b.N {
				r := s.Do(b, apptest.Request{Method: http.MethodPost, Path: "/api/users/downloadAll", Token: tok,
					JSON: map[string]any{"headers": fields, "fields": fields}})
				if r.Status != http.StatusOK || len(r.Body) < n*20 {
					b.Fatalf("export: %d, %d bytes", r.Status, len(r.Body))
				}
			}
			b.ReportMetric(float64(n), "rows/op")
		})
	}
}
