package seed

import (
	"context"

	"gorm.io/gorm"

	"mallconsole/bff/internal/platform/cache"
	"mallconsole/bff/internal/platform/perm"
)

// KeyOrderSettingPage marks 订单设置 as seeded (added later, for every database).
const KeyOrderSettingPage = "seed.order-setting-page"

// OrderSettingMenu is the title of the order rules' page.
const OrderSettingMenu = "订单设置"

// orderSettingPage adds 订单设置 under 商城, next to 订单管理 (when that directory is still
// there), and grants it to the superuser role only: the rules bind every order of the shop, so
// the demo roles (staff, channel operators) do not get them.
func orderSettingPage(ctx context.Context, tx *gorm.DB, gen *cache.Generation) error {
	return shopPage(ctx, tx, gen, page{OrderSettingMenu, "OrderSetting", "orderSetting", "mall/orderSetting/index",
		"list", perm.OrderSetting, 5, nil}, nil)
}
