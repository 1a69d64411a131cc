package seed

import (
	"context"
	"errors"

	"gorm.io/gorm"

	"mallconsole/bff/internal/menu"
	"mallconsole/bff/internal/platform/cache"
	"mallconsole/bff/internal/platform/perm"
	"mallconsole/bff/internal/role"
)

// KeyDashboardPage marks the dashboard's permission as seeded (once, like the other pages).
const KeyDashboardPage = "seed.dashboard-page"

// DashboardMenu carries dashboard:view. The page itself is the frame's fixed first entry
// (/dashboard), so the menu is a button at the top of the tree: a role is given the figures by
// ticking it, and it never becomes a route of its own.
const DashboardMenu = "数据概览"

// RebuildMenu carries dashboard:rebuild: recomputing the figures, the superuser's alone.
const RebuildMenu = "重算数据概览"

// dashboardPage adds the dashboard's buttons and grants them to the superuser role.
func dashboardPage(ctx context.Context, tx *gorm.DB, gen *cache.Generation) error {
	btn, err := menu.NewStore(tx, gen).Ensure(ctx, menu.Menu{Type: menu.TypeButton, Title: DashboardMenu,
		Permission: perm.DashboardView, Sort: 0, Breadcrumb: true})
	if err != nil {
		return err
	}
	rebuild, err := menu.NewStore(tx, gen).Ensure(ctx, menu.Menu{Type: menu.TypeButton, Title: RebuildMenu,
		Permission: perm.DashboardRebuild, Sort: 0, Breadcrumb: true})
	if err != nil {
		return err
	}
	return grantSuperuser(ctx, tx, gen, []int64{btn.ID, rebuild.ID})
}

// grantDashboard gives roles the dashboard (the demo's staff and channel roles).
func grantDashboard(ctx context.Context, tx *gorm.DB, gen *cache.Generation, roleIDs ...int64) error {
	var btn menu.Menu
	err := tx.Where("title = ? AND pid IS NULL AND type = ?", DashboardMenu, menu.TypeButton).Take(&btn).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	for _, id := range roleIDs {
		if err := role.NewStore(tx, gen).Grant(ctx, id, []int64{btn.ID}); err != nil {
			return err
		}
	}
	return nil
}
