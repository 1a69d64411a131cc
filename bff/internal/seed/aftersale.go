package seed

import (
	"context"

	"gorm.io/gorm"

	"mallconsole/bff/internal/dict"
	"mallconsole/bff/internal/platform/cache"
	"mallconsole/bff/internal/platform/perm"
)

// KeyAftersalePage marks 售后管理 and its reasons as seeded (added later, for every database).
const KeyAftersalePage = "seed.aftersale-page"

// AftersaleMenu is the title of the after-sales page; AftersaleReasonDict its reasons.
const (
	AftersaleMenu       = "售后管理"
	AftersaleReasonDict = "aftersale_reason"
)

func aftersaleReasons() []dict.Entry {
	return []dict.Entry{{Label: "七天无理由", LabelEn: "No reason within 7 days", Value: "seven_days"},
		{Label: "质量问题", LabelEn: "Quality problem", Value: "quality"}, {Label: "发错货", LabelEn: "Wrong item", Value: "wrong_item"},
		{Label: "商品破损", LabelEn: "Damaged", Value: "damaged"}, {Label: "少件漏发", LabelEn: "Missing items", Value: "missing"},
		{Label: "其他", LabelEn: "Other", Value: "other"}}
}

// The demo roles' share of 售后管理 (docs/decisions.md "After-sales (issue 29): permissions"):
// shop staff run every step; a channel operator approves, rejects, opens and receives the cases
// of their agency's orders and exports them, but pays no refund — the money goes back from the
// shop's account, as with the whole-order refund they do not hold either.
var (
	staffAftersale   = []string{perm.AftersaleList, perm.AftersaleAudit, perm.AftersaleReceive, perm.AftersaleRefund, perm.AftersaleExport}
	channelAftersale = []string{perm.AftersaleList, perm.AftersaleAudit, perm.AftersaleReceive, perm.AftersaleExport}
)

// aftersalePage adds 售后管理 under 商城 (when that directory is still there) with the reasons'
// dictionary, grants it to the superuser role, and to the demo roles when they hold 商城 already
// (a new demo database grants it with the rest of 商城: grantShop).
func aftersalePage(ctx context.Context, tx *gorm.DB, gen *cache.Generation) error {
	if err := dict.NewStore(tx).Ensure(ctx, AftersaleReasonDict, "售后原因", aftersaleReasons()); err != nil {
		return err
	}
	return shopPage(ctx, tx, gen, page{AftersaleMenu, "Aftersale", "aftersale", "mall/aftersale/index", "list",
		perm.AftersaleList, 4, [][2]string{{"审核", perm.AftersaleAudit}, {"收货", perm.AftersaleReceive},
			{"退款", perm.AftersaleRefund}, {"导出", perm.AftersaleExport}}},
		map[string][]string{StaffRole: staffAftersale, ChannelRole: channelAftersale})
}
