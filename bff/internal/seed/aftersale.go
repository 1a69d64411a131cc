package seed

import (
	"context"
	"errors"

	"gorm.io/gorm"

	"mallconsole/bff/internal/dict"
	"mallconsole/bff/internal/menu"
	"mallconsole/bff/internal/platform/cache"
	"mallconsole/bff/internal/platform/perm"
	"mallconsole/bff/internal/role"
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
	var dir menu.Menu
	err := tx.Where("title = ? AND pid IS NULL AND type = ?", ShopMenu, menu.TypeDir).Take(&dir).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	granted, err := ensurePages(ctx, menu.NewStore(tx, gen), dir.ID, []page{{AftersaleMenu, "Aftersale", "aftersale",
		"mall/aftersale/index", "list", perm.AftersaleList, 4, [][2]string{{"审核", perm.AftersaleAudit},
			{"收货", perm.AftersaleReceive}, {"退款", perm.AftersaleRefund}, {"导出", perm.AftersaleExport}}}})
	if err != nil {
		return err
	}
	if err := grantSuperuser(ctx, tx, gen, granted); err != nil {
		return err
	}
	// a role the demo gave 商城 (a demo database seeded before this step) gets its share too; a
	// role without 商城 (the operators' role of a plain install) is left to its administrator
	for name, perms := range map[string][]string{StaffRole: staffAftersale, ChannelRole: channelAftersale} {
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
		if n == 0 {
			continue
		}
		if err := grantShop(ctx, tx, gen, r.ID, perms); err != nil {
			return err
		}
	}
	return nil
}
