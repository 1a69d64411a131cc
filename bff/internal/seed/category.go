package seed

import (
	"context"
	"errors"

	"gorm.io/gorm"

	"mallconsole/bff/internal/category"
	"mallconsole/bff/internal/menu"
	"mallconsole/bff/internal/platform/cache"
	"mallconsole/bff/internal/platform/perm"
)

// KeyCategoryPage marks 商城 → 商品分类 as seeded (once, like the other pages).
const KeyCategoryPage = "seed.category-page"

// CategoryMenu is the title of the category page.
const CategoryMenu = "商品分类"

// categoryPage adds 商品分类 under 商城, next to 商品管理 (订单管理 moves one down), grants it to
// the superuser role, and gives a tree that is still empty the top categories the goods_category
// dictionary used to hold, so that goods can be created on a new install at once. A database
// that had the dictionary got them from migration 20261128_31_category instead.
func categoryPage(ctx context.Context, tx *gorm.DB, gen *cache.Generation) error {
	if err := baseCategories(ctx, tx); err != nil {
		return err
	}
	var dir menu.Menu
	err := tx.Where("title = ? AND pid IS NULL AND type = ?", ShopMenu, menu.TypeDir).Take(&dir).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil // an administrator removed 商城
	}
	if err != nil {
		return err
	}
	if err := tx.Model(&menu.Menu{}).Where("pid = ? AND title = ?", dir.ID, OrderMenu).Update("sort", 3).Error; err != nil {
		return err
	}
	ids, err := ensurePages(ctx, menu.NewStore(tx, gen), dir.ID, []page{{CategoryMenu, "Category", "category",
		"mall/category/index", "list", perm.CategoryList, 2, crud(perm.CategoryAdd, perm.CategoryEdit, perm.CategoryDel)}})
	if err != nil {
		return err
	}
	gen.Bump()
	return grantSuperuser(ctx, tx, gen, ids)
}

// baseCategories creates the top categories (the old dictionary's entries, code = value) when
// the tree is empty.
func baseCategories(ctx context.Context, tx *gorm.DB) error {
	var n int64
	if err := tx.Model(&category.Category{}).Count(&n).Error; err != nil || n > 0 {
		return err
	}
	for i, e := range goodsCategories() {
		c := category.Category{Name: e.Label, NameEn: e.LabelEn, Code: e.Value, Sort: i + 1, Enabled: true}
		if err := tx.WithContext(ctx).Create(&c).Error; err != nil {
			return err
		}
	}
	return nil
}

// demoCategory is a node of the demo tree below the top categories: its code, name (Chinese and
// English) and the code of its parent.
type demoCategory struct{ code, name, nameEn, parent string }

// demoCategories is the demo shop's tree (three levels under 服装 and 数码 › 配件, two
// elsewhere), parents before children. The demo goods sit in its leaves (demoLeaf).
var demoCategories = []demoCategory{
	{"clothing-men", "男装", "Menswear", "clothing"}, {"clothing-women", "女装", "Womenswear", "clothing"}, {"clothing-shoes", "鞋靴", "Shoes", "clothing"},
	{"men-tshirt", "T恤", "T-shirts", "clothing-men"}, {"men-coat", "外套", "Coats", "clothing-men"}, {"men-shirt", "衬衫", "Shirts", "clothing-men"},
	{"men-trousers", "裤装", "Trousers", "clothing-men"},
	{"women-coat", "外套", "Coats", "clothing-women"}, {"women-knit", "针织衫", "Knitwear", "clothing-women"}, {"women-hoodie", "卫衣", "Hoodies", "clothing-women"},
	{"shoes-sport", "运动鞋", "Sports shoes", "clothing-shoes"},
	{"food-snack", "零食", "Snacks", "food"}, {"food-drink", "饮料", "Drinks", "food"}, {"food-grain", "粮油", "Rice and oil", "food"},
	{"snack-nuts", "坚果炒货", "Nuts", "food-snack"}, {"snack-meat", "肉干肉脯", "Jerky", "food-snack"}, {"snack-cake", "糕点礼盒", "Pastries", "food-snack"},
	{"drink-milk", "牛奶乳品", "Milk", "food-drink"}, {"drink-water", "饮用水", "Water", "food-drink"}, {"drink-tea", "茶叶", "Tea", "food-drink"},
	{"digital-phone", "手机", "Phones", "digital"}, {"digital-tablet", "平板电脑", "Tablets", "digital"}, {"digital-wear", "智能穿戴", "Wearables", "digital"},
	{"digital-acc", "配件", "Accessories", "digital"},
	{"acc-audio", "耳机音箱", "Audio", "digital-acc"}, {"acc-power", "充电设备", "Chargers", "digital-acc"}, {"acc-input", "键盘鼠标", "Keyboards and mice", "digital-acc"},
	{"home-bedding", "床上用品", "Bedding", "home"}, {"home-kitchen", "厨房电器", "Kitchen appliances", "home"}, {"home-cookware", "锅具", "Cookware", "home"},
	{"home-storage", "收纳整理", "Storage", "home"}, {"home-appliance", "生活电器", "Home appliances", "home"},
	{"beauty-skin", "护肤", "Skincare", "beauty"}, {"beauty-makeup", "彩妆", "Makeup", "beauty"},
}

// demoLeaf is the category of each demo article (demonames.go's catalogue, by article name).
var demoLeaf = map[string]string{
	"智能手机": "digital-phone", "无线蓝牙耳机": "acc-audio", "智能手表": "digital-wear", "平板电脑": "digital-tablet",
	"移动电源 20000mAh": "acc-power", "机械键盘": "acc-input", "无线鼠标": "acc-input", "快充充电器 65W": "acc-power",
	"纯棉圆领T恤": "men-tshirt", "轻薄羽绒服": "women-coat", "休闲牛仔裤": "men-trousers", "运动跑鞋": "shoes-sport",
	"针织开衫": "women-knit", "商务衬衫": "men-shirt", "加绒卫衣": "women-hoodie", "防风冲锋衣": "men-coat",
	"每日坚果礼盒": "snack-nuts", "原味牛奶 24 盒": "drink-milk", "手撕牛肉干": "snack-meat", "五常大米 5kg": "food-grain",
	"明前龙井 250g": "drink-tea", "坚果炒货组合": "snack-nuts", "鲜肉粽子礼盒": "snack-cake", "矿泉水 24 瓶": "drink-water",
	"四件套床品": "home-bedding", "电饭煲 4L": "home-kitchen", "空气炸锅": "home-kitchen", "乳胶枕": "home-bedding",
	"不粘炒锅": "home-cookware", "收纳箱三件套": "home-storage", "加湿器": "home-appliance", "破壁料理机": "home-kitchen",
	"补水保湿面霜": "beauty-skin", "氨基酸洁面乳": "beauty-skin", "精华液 30ml": "beauty-skin", "防晒霜 SPF50": "beauty-skin",
	"哑光口红": "beauty-makeup", "保湿面膜 10 片": "beauty-skin", "卸妆水 400ml": "beauty-skin", "眼霜 15ml": "beauty-skin",
}

// demoCategoryOf is the category a demo article is filed under: its leaf, or the top category
// for an article the tree does not name.
func demoCategoryOf(top, article string) string {
	if leaf, ok := demoLeaf[article]; ok {
		return leaf
	}
	return top
}

// demoCategoryTree adds the demo tree under the top categories (those missing are added too);
// categories already there, by code, are left as an administrator has them.
func demoCategoryTree(ctx context.Context, tx *gorm.DB) error {
	if err := baseCategories(ctx, tx); err != nil {
		return err
	}
	var all []category.Category
	if err := tx.WithContext(ctx).Find(&all).Error; err != nil {
		return err
	}
	ids := map[string]int64{}
	for _, c := range all {
		ids[c.Code] = c.ID
	}
	for i, e := range goodsCategories() {
		if _, ok := ids[e.Value]; !ok {
			c := category.Category{Name: e.Label, NameEn: e.LabelEn, Code: e.Value, Sort: 100 + i, Enabled: true}
			if err := tx.WithContext(ctx).Create(&c).Error; err != nil {
				return err
			}
			ids[c.Code] = c.ID
		}
	}
	for i, d := range demoCategories {
		if _, ok := ids[d.code]; ok {
			continue
		}
		c := category.Category{ParentID: ids[d.parent], Name: d.name, NameEn: d.nameEn, Code: d.code, Sort: i + 1, Enabled: true}
		if err := tx.WithContext(ctx).Create(&c).Error; err != nil {
			return err
		}
		ids[c.Code] = c.ID
	}
	return nil
}
