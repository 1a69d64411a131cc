package seed_test

import (
	"bytes"
	"context"
	"testing"

	"golang.org/x/crypto/bcrypt"
	"gorm.io/gorm"

	"mallconsole/bff/internal/menu"
	"mallconsole/bff/internal/platform/dbtest"
	"mallconsole/bff/internal/seed"
)

// Every seeded page is kept alive between tabs (issue 16): a new page seeded without Cache
// fails here. A database seeded before gets the switch on once, for the seeded pages only.
func TestSeededPagesKeptAlive(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		ctx := context.Background()
		opt := seed.Options{Out: &bytes.Buffer{}, BcryptCost: bcrypt.MinCost, Demo: true}
		if err := seed.Run(ctx, g, opt); err != nil {
			t.Fatal(err)
		}
		uncached := func() []string {
			var titles []string
			g.Model(&menu.Menu{}).Where("type = ? AND cache = ?", menu.TypeMenu, false).Order("id").Pluck("title", &titles)
			return titles
		}
		if got := uncached(); len(got) != 0 {
			t.Fatalf("seeded pages without 菜单缓存: %v", got)
		}

		// A database seeded before the step: every page off, and a page an administrator made.
		g.Model(&menu.Menu{}).Where("type = ?", menu.TypeMenu).Update("cache", false)
		own := menu.Menu{Type: menu.TypeMenu, Title: "自建页面", Name: "Own", Path: "/own", Component: "own/index"}
		if err := g.Create(&own).Error; err != nil {
			t.Fatal(err)
		}
		g.Exec("DELETE FROM settings WHERE k = ?", seed.KeyPageCache)
		if err := seed.Run(ctx, g, opt); err != nil {
			t.Fatal(err)
		}
		if got := uncached(); len(got) != 1 || got[0] != "自建页面" {
			t.Fatalf("after the step, uncached pages = %v, want only 自建页面", got)
		}

		// The step ran: an administrator's later 菜单缓存 off stays off.
		g.Model(&menu.Menu{}).Where("name = ?", "User").Update("cache", false)
		if err := seed.Run(ctx, g, opt); err != nil {
			t.Fatal(err)
		}
		if got := uncached(); len(got) != 2 {
			t.Fatalf("a later start changed the administrator's switch: uncached = %v", got)
		}
	})
}
