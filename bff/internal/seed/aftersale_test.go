package seed_test

import (
	"context"
	"io"
	"strings"
	"testing"

	"golang.org/x/crypto/bcrypt"
	"gorm.io/gorm"

	"mallconsole/bff/internal/menu"
	"mallconsole/bff/internal/platform/dbtest"
	"mallconsole/bff/internal/seed"
)

// A demo database seeded before 售后管理 gets the page, its reasons, and the demo roles their
// share: staff every button, the channel operators all but 退款 (a plain install's operators'
// role, without 商城, gets nothing: TestBaseSeed's roles_menus count).
func TestAftersalePageLater(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		ctx := context.Background()
		opt := seed.Options{Demo: true, AdminPassword: "given-admin-pw", Out: io.Discard, BcryptCost: bcrypt.MinCost}
		if err := seed.Run(ctx, g, opt); err != nil {
			t.Fatal(err)
		}
		// as before the step: no page, no reasons
		var ids []int64
		g.Model(&menu.Menu{}).Where("permission LIKE ? OR title = ?", "aftersale:%", seed.AftersaleMenu).Pluck("id", &ids)
		g.Exec("DELETE FROM roles_menus WHERE menu_id IN ?", ids)
		g.Exec("DELETE FROM menus WHERE pid IN ?", ids)
		g.Exec("DELETE FROM menus WHERE id IN ?", ids)
		g.Exec("DELETE FROM dict_detail WHERE dict_id IN (SELECT id FROM dict WHERE name = ?)", seed.AftersaleReasonDict)
		g.Exec("DELETE FROM dict WHERE name = ?", seed.AftersaleReasonDict)
		g.Exec("DELETE FROM settings WHERE k = ?", seed.KeyAftersalePage)
		if err := seed.Run(ctx, g, opt); err != nil {
			t.Fatal(err)
		}
		perms := func(roleName string) string {
			var ps []string
			g.Table("menus").Joins("JOIN roles_menus ON roles_menus.menu_id = menus.id").
				Joins("JOIN roles ON roles.id = roles_menus.role_id").Where("roles.name = ? AND menus.permission LIKE ?", roleName, "aftersale:%").
				Order("menus.id").Pluck("menus.permission", &ps)
			return strings.Join(ps, ",")
		}
		if got := perms(seed.StaffRole); got != "aftersale:list,aftersale:audit,aftersale:receive,aftersale:refund,aftersale:export" {
			t.Fatalf("staff: %s", got)
		}
		if got := perms(seed.ChannelRole); got != "aftersale:list,aftersale:audit,aftersale:receive,aftersale:export" {
			t.Fatalf("channel: %s", got)
		}
		var n int64
		g.Table("dict_detail").Joins("JOIN dict ON dict.id = dict_detail.dict_id").Where("dict.name = ?", seed.AftersaleReasonDict).Count(&n)
		if n != 6 {
			t.Fatalf("%d reasons", n)
		}
	})
}
