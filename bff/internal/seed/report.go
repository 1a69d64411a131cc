package seed

import (
	"context"

	"gorm.io/gorm"

	"mallconsole/bff/internal/platform/cache"
	"mallconsole/bff/internal/platform/perm"
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
	return shopPage(ctx, tx, gen, page{ReportMenu, "SalesReport", "report", "mall/report/index", "chart",
		perm.ReportList, 5, nil}, map[string][]string{StaffRole: reportShop, ChannelRole: reportShop})
}
