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

// KeyShopPages marks the shop pages (商城: goods and orders) as seeded, once like the system pages.
const KeyShopPages = "seed.shop-pages"

// Titles of the shop menus.
const (
	ShopMenu  = "商城"
	GoodsMenu = "商品管理"
	OrderMenu = "订单管理"
	StockMenu = "库存流水"
)

// Dictionaries of the shop. goods_category is no longer seeded (the category tree replaced it);
// databases that have it keep its rows, and its English labels are still filled in.
const (
	GoodsCategoryDict  = "goods_category"
	ExpressCompanyDict = "express_company"
)

// goodsCategories are the old dictionary's entries: the top categories of a new install.
func goodsCategories() []dict.Entry {
	return []dict.Entry{{Label: "数码", LabelEn: "Digital", Value: "digital"}, {Label: "服装", LabelEn: "Clothing", Value: "clothing"},
		{Label: "食品", LabelEn: "Food", Value: "food"}, {Label: "家居", LabelEn: "Home", Value: "home"},
		{Label: "美妆", LabelEn: "Beauty", Value: "beauty"}}
}

func expressCompanies() []dict.Entry {
	return []dict.Entry{{Label: "顺丰速运", LabelEn: "SF Express", Value: "SF"}, {Label: "中通快递", LabelEn: "ZTO Express", Value: "ZTO"},
		{Label: "圆通速递", LabelEn: "YTO Express", Value: "YTO"}, {Label: "韵达快递", LabelEn: "Yunda Express", Value: "YD"},
		{Label: "申通快递", LabelEn: "STO Express", Value: "STO"}, {Label: "京东物流", LabelEn: "JD Logistics", Value: "JD"},
		{Label: "邮政EMS", LabelEn: "China Post EMS", Value: "EMS"}}
}

// shopPages are 商城's pages with their buttons (docs/decisions.md "Goods and orders").
func shopPages() []page {
	return []page{
		{GoodsMenu, "Goods", "goods", "mall/goods/index", "shopping", perm.GoodsList, 1,
			append(crud(perm.GoodsAdd, perm.GoodsEdit, perm.GoodsDel), [2]string{"导出", perm.GoodsExport})},
		{OrderMenu, "Order", "order", "mall/order/index", "list", perm.OrderList, 2, [][2]string{
			{"详情", perm.OrderDetail}, {"发货", perm.OrderShip}, {"关闭", perm.OrderClose}, {"退款", perm.OrderRefund},
			{"完成", perm.OrderComplete}, {"导出", perm.OrderExport}}},
	}
}

// shop adds 商城 with its pages and the shop's dictionaries, and grants the pages to the
// superuser role.
func shop(ctx context.Context, tx *gorm.DB, gen *cache.Generation) error {
	// Goods categories are a tree of their own since 20261128_31_category (categoryPage): a new
	// install gets no goods_category dictionary.
	dicts := dict.NewStore(tx)
	if err := dicts.Ensure(ctx, ExpressCompanyDict, "快递公司", expressCompanies()); err != nil {
		return err
	}
	menus := menu.NewStore(tx, gen)
	dir, err := menus.Ensure(ctx, menu.Menu{Type: menu.TypeDir, Title: ShopMenu, Path: "/mall",
		Component: menu.Layout, Icon: "shopping", Sort: 3, AlwaysShow: true, Breadcrumb: true})
	if err != nil {
		return err
	}
	granted, err := ensurePages(ctx, menus, dir.ID, shopPages())
	if err != nil {
		return err
	}
	return grantSuperuser(ctx, tx, gen, append(granted, dir.ID))
}

// KeyStockPage marks 库存流水 as seeded (added later, for every database).
const KeyStockPage = "seed.stock-page"

// stockPage adds 库存流水 under 商城 (when that directory is still there) and grants it to the
// superuser role; the demo roles get it with the rest of 商城 (grantShop).
func stockPage(ctx context.Context, tx *gorm.DB, gen *cache.Generation) error {
	return shopPage(ctx, tx, gen, page{StockMenu, "Stock", "stock", "mall/stock/index", "chart", perm.StockList, 3,
		[][2]string{{"调整", perm.StockAdjust}, {"导出", perm.StockExport}}}, nil)
}

// KeyOrderEdit marks 订单管理's 修改备注 button as seeded (added later, for every database).
const KeyOrderEdit = "seed.order-edit"

// OrderEditButton is the button of perm.OrderEdit under 订单管理.
const OrderEditButton = "修改备注"

// orderEdit adds 修改备注 under 订单管理 (when that page is still there, after its six buttons)
// and grants it to the superuser role; the demo staff role gets it with the rest of 商城
// (grantShop, run on every demo start).
func orderEdit(ctx context.Context, tx *gorm.DB, gen *cache.Generation) error {
	btn, err := orderButton(ctx, tx, gen, OrderEditButton, perm.OrderEdit, 7)
	if err != nil || btn == 0 {
		return err
	}
	return grantSuperuser(ctx, tx, gen, []int64{btn})
}

// orderButton ensures a button under 订单管理; 0 when an administrator removed the page.
func orderButton(ctx context.Context, tx *gorm.DB, gen *cache.Generation, title, permission string, sort int) (int64, error) {
	var page menu.Menu
	err := tx.Where("title = ? AND type = ? AND permission = ?", OrderMenu, menu.TypeMenu, perm.OrderList).Take(&page).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return 0, nil
	}
	if err != nil {
		return 0, err
	}
	btn, err := menu.NewStore(tx, gen).Ensure(ctx, menu.Menu{PID: &page.ID, Type: menu.TypeButton, Title: title,
		Permission: permission, Sort: sort, Breadcrumb: true})
	return btn.ID, err
}

// KeyOrderPrint marks 订单管理's 打印 button as seeded (added later, for every database).
const KeyOrderPrint = "seed.order-print"

// OrderPrintButton is the button of perm.OrderPrint under 订单管理.
const OrderPrintButton = "打印"

// orderPrint adds 打印 under 订单管理 and grants it to the superuser role and to every role
// that ships (holds order:ship): whoever packs a parcel prints its note (docs/decisions.md
// "Printing"). New demo databases grant it with the rest of 商城 (grantShop).
func orderPrint(ctx context.Context, tx *gorm.DB, gen *cache.Generation) error {
	btn, err := orderButton(ctx, tx, gen, OrderPrintButton, perm.OrderPrint, 8)
	if err != nil || btn == 0 {
		return err
	}
	if err := grantSuperuser(ctx, tx, gen, []int64{btn}); err != nil {
		return err
	}
	var shippers []int64
	if err := tx.Model(&role.RoleMenu{}).Distinct("role_id").
		Where("menu_id IN (?)", tx.Model(&menu.Menu{}).Select("id").Where("permission = ?", perm.OrderShip)).
		Pluck("role_id", &shippers).Error; err != nil {
		return err
	}
	roles := role.NewStore(tx, gen)
	for _, id := range shippers {
		if err := roles.Grant(ctx, id, []int64{btn}); err != nil {
			return err
		}
	}
	return nil
}

// KeyOrderExportDetail marks 订单管理's 导出明细 button as seeded (added later, for every database).
const KeyOrderExportDetail = "seed.order-export-detail"

// OrderExportDetailButton is the button of perm.OrderExportDetail under 订单管理.
const OrderExportDetailButton = "导出明细"

// orderExportDetail adds 导出明细 under 订单管理 (when that page is still there) and grants it to
// the superuser role and to every role that may export orders (order:export): who exports the
// orders packs them too, until an administrator decides otherwise.
func orderExportDetail(ctx context.Context, tx *gorm.DB, gen *cache.Generation) error {
	var page menu.Menu
	err := tx.Where("title = ? AND type = ? AND permission = ?", OrderMenu, menu.TypeMenu, perm.OrderList).Take(&page).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	btn, err := menu.NewStore(tx, gen).Ensure(ctx, menu.Menu{PID: &page.ID, Type: menu.TypeButton, Title: OrderExportDetailButton,
		Permission: perm.OrderExportDetail, Sort: 8, Breadcrumb: true})
	if err != nil {
		return err
	}
	if err := grantSuperuser(ctx, tx, gen, []int64{btn.ID}); err != nil {
		return err
	}
	var roles []int64
	err = tx.Model(&role.RoleMenu{}).Joins("JOIN menus ON menus.id = roles_menus.menu_id").
		Where("menus.permission = ?", perm.OrderExport).Distinct().Pluck("roles_menus.role_id", &roles).Error
	if err != nil {
		return err
	}
	grants := role.NewStore(tx, gen)
	for _, r := range roles {
		if err := grants.Grant(ctx, r, []int64{btn.ID}); err != nil {
			return err
		}
	}
	return nil
}

// The demo roles' share of 商城 (docs/decisions.md "Goods and orders"): shop staff run goods
// and categories (deleting neither) and every order move; a channel operator keeps their agency's goods and
// ships, imports and exports their agency's orders (the agency scope does the rest).
var (
	staffShop = []string{perm.GoodsList, perm.GoodsAdd, perm.GoodsEdit, perm.GoodsExport,
		perm.CategoryList, perm.CategoryAdd, perm.CategoryEdit,
		perm.OrderList, perm.OrderDetail, perm.OrderShip, perm.OrderClose, perm.OrderRefund,
		perm.OrderComplete, perm.OrderExport, perm.OrderExportDetail, perm.OrderEdit, perm.OrderPrint, perm.StockList, perm.StockAdjust, perm.StockExport}
	channelShop = []string{perm.GoodsList, perm.GoodsAdd, perm.GoodsEdit, perm.GoodsExport,
		perm.OrderList, perm.OrderDetail, perm.OrderShip, perm.OrderExport, perm.OrderExportDetail, perm.OrderPrint,
		perm.StockList, perm.StockAdjust, perm.StockExport}
)

// grantShop gives a role 商城 with the pages and buttons of perms.
func grantShop(ctx context.Context, tx *gorm.DB, gen *cache.Generation, roleID int64, perms []string) error {
	var ids []int64
	if err := tx.Model(&menu.Menu{}).Where("(type = ? AND title = ? AND pid IS NULL) OR permission IN ?",
		menu.TypeDir, ShopMenu, perms).Pluck("id", &ids).Error; err != nil {
		return err
	}
	return role.NewStore(tx, gen).Grant(ctx, roleID, ids)
}

// shopPage adds p under 商城 (when an administrator has not removed that directory), grants it
// to the superuser role, and to each demo role in demo that holds 商城 already (a demo database
// seeded before this step) with the permissions given; a role without 商城 (the operators' role
// of a plain install) is left to its administrator. A new demo database grants the same with
// the rest of 商城 (grantShop).
func shopPage(ctx context.Context, tx *gorm.DB, gen *cache.Generation, p page, demo map[string][]string) error {
	var dir menu.Menu
	err := tx.Where("title = ? AND pid IS NULL AND type = ?", ShopMenu, menu.TypeDir).Take(&dir).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	granted, err := ensurePages(ctx, menu.NewStore(tx, gen), dir.ID, []page{p})
	if err != nil {
		return err
	}
	if err := grantSuperuser(ctx, tx, gen, granted); err != nil {
		return err
	}
	for name, perms := range demo {
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
