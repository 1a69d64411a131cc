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

// KeyReportPage marks 销售报表 as seeded (added later, for every database).
const KeyReportPage = "seed.report-page"

// ReportMenu is the title of the sales report page (报表 of the shop).
const ReportMenu = "销售报表"

// reportShop is the demo roles' share of the reports: shop staff and a channel operator both
// read them (the operator their agency's figures only: the agency scope).
var reportShop = []string{perm.ReportList}

// reportPage adds 销售报表 under 商城 (when that directory is still there), grants it to the
// superuser role, and to the demo roles when they hold 商城 already (a new demo database grants
// it with the rest of 商城: grantShop).
func reportPage(ctx context.Context, tx *gorm.DB, gen *cache.Generation) error {
	var dir menu.Menu
	err := tx.Where("title = ? AND pid IS NULL AND type = ?", ShopMenu, menu.TypeDir).Take(&dir).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	granted, err := ensurePages(ctx, menu.NewStore(tx, gen), dir.ID, []page{{ReportMenu, "SalesReport", "report",
		"mall/report/index", "chart", perm.ReportList, 5, nil}})
	if err != nil {
		return err
	}
	if err := grantSuperuser(ctx, tx, gen, granted); err != nil {
		return err
	}
	for _, name := range []string{StaffRole, ChannelRole} {
		var r role.Role
		err := tx.Where("name = ?", name).Take(&r).Error
		if errors.Is(err, gorm.ErrRecordNotFound) {
			continue
		}
		if err != nil {
			return err
		}
		var n int64
		if err := tx.Model(&role.RoleMenu{}).Where("role_id = ? AND menu_id = ?", r.ID, dir.ID).Count(&n).Error; err != nil {
			return err
		}
		if n > 0 {
			if err := grantShop(ctx, tx, gen, r.ID, reportShop); err != nil {
				return err
			}
		}
	}
	return nil
}
