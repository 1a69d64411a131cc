package seed

import (
	"context"

	"gorm.io/gorm"

	"mallconsole/bff/internal/dict"
	"mallconsole/bff/internal/platform/cache"
	"mallconsole/bff/internal/workflow"
)

// KeyDictLabelEn marks the seeded dictionaries' English labels as filled in (issue 16, English
// mode). Entries seeded since are created with them; this step gives them, once, to the entries
// of databases seeded before.
const KeyDictLabelEn = "seed.dict-label-en"

type seededDict struct {
	name, desc string
	entries    []dict.Entry
}

// demoDicts are the dictionaries the demo data adds.
func demoDicts() []seededDict {
	return []seededDict{
		{"user_status", "用户状态", []dict.Entry{{Label: "激活", LabelEn: "Active", Value: "true"},
			{Label: "禁用", LabelEn: "Disabled", Value: "false"}}},
		{"dept_status", "部门状态", []dict.Entry{{Label: "启用", LabelEn: "Enabled", Value: "true"},
			{Label: "停用", LabelEn: "Disabled", Value: "false"}}},
		{"order_status", "订单状态", []dict.Entry{{Label: "待付款", LabelEn: "Awaiting payment", Value: "0"},
			{Label: "待发货", LabelEn: "Awaiting shipment", Value: "1"}, {Label: "已发货", LabelEn: "Shipped", Value: "2"},
			{Label: "已完成", LabelEn: "Completed", Value: "3"}, {Label: "已取消", LabelEn: "Cancelled", Value: "4"}}},
	}
}

// dictLabelEn gives the entries of every seeded dictionary their English label where the entry
// still has the seeded Chinese label and no English one: an administrator's own words stay.
func dictLabelEn(ctx context.Context, tx *gorm.DB, _ *cache.Generation) error {
	all := append(demoDicts(),
		seededDict{name: GoodsCategoryDict, entries: goodsCategories()},
		seededDict{name: ExpressCompanyDict, entries: expressCompanies()},
		seededDict{name: AftersaleReasonDict, entries: aftersaleReasons()},
		seededDict{name: workflow.LeaveTypeDict, entries: leaveTypes()})
	dicts := dict.NewStore(tx)
	for _, d := range all {
		if err := dicts.FillLabelEn(ctx, d.name, d.entries); err != nil {
			return err
		}
	}
	return nil
}
