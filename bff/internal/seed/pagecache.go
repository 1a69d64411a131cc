package seed

import (
	"context"

	"gorm.io/gorm"

	"mallconsole/bff/internal/menu"
	"mallconsole/bff/internal/platform/cache"
)

// KeyPageCache marks the seeded pages as kept alive between tabs (菜单缓存 on). Pages seeded
// since are created with it on; this step turns it on, once, for the pages of databases seeded
// before, when every seeded page was created with it off (issue 16).
const KeyPageCache = "seed.page-cache"

// cachedComponents are the components of the seeded pages (存储管理 and 开放接口, seeded after this step, too). Only menus
// showing one of them are turned on: a menu an administrator made for anything else keeps its
// switch. The dashboard is not a menu (the tree's fixed home page) and stays uncached.
var cachedComponents = []string{
	"system/user/index", "system/role/index", "system/menu/index", "system/dept/index",
	"system/dict/index", "system/log/index", "system/online/index", "system/apidoc/index",
	"workflow/applyForm/index", "workflow/startBatch/index", "workflow/tasks/index",
	"workflow/formDesign/index", "mall/goods/index", "mall/order/index", "mall/category/index", "mall/stock/index",
	"mall/aftersale/index", "mall/report/index", "mall/orderSetting/index", "mall/statement/index",
	"channel/cert/index", "channel/mine/cert/index", "channel/mine/index", "channel/agency/index",
	"channel/contract/index", "channel/contractTemplate/index", "system/storage/index", "system/openClient/index",
	"system/job/index",
}

// pageCache turns 菜单缓存 on for the seeded pages of a database seeded before KeyPageCache.
// It runs once: an administrator who turns a page's cache off afterwards keeps that choice.
func pageCache(ctx context.Context, tx *gorm.DB, gen *cache.Generation) error {
	err := tx.WithContext(ctx).Model(&menu.Menu{}).
		Where("type = ? AND component IN ? AND cache = ?", menu.TypeMenu, cachedComponents, false).
		Update("cache", true).Error
	gen.Bump()
	return err
}
