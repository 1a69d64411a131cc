package seed

import (
	"context"
	"errors"

	"gorm.io/gorm"

	"mallconsole/bff/internal/menu"
	"mallconsole/bff/internal/platform/cache"
	"mallconsole/bff/internal/role"
)

// KeySystemPages marks the system-management pages as seeded (once: an administrator may
// later delete or move them on purpose).
const KeySystemPages = "seed.system-pages"

// page is a system-management page with its permission and buttons.
type page struct {
	title, name, path, component, icon, perm string
	sort                                     int
	buttons                                  [][2]string // title, permission
}

func crud(prefix string) [][2]string {
	return [][2]string{{"新增", prefix + ":add"}, {"编辑", prefix + ":edit"}, {"删除", prefix + ":del"}}
}

// SystemPages are the pages of 系统管理 and their buttons.
func systemPages() []page {
	return []page{
		{"用户管理", "User", "user", "system/user/index", "peoples", "user:list", 1, crud("user")},
		{"角色管理", "Role", "role", "system/role/index", "role", "role:list", 2, crud("role")},
		{"菜单管理", "Menu", "menu", "system/menu/index", "menu", "menu:list", 3, crud("menu")},
		{"部门管理", "Dept", "dept", "system/dept/index", "dept", "dept:list", 4, crud("dept")},
		{"字典管理", "Dict", "dict", "system/dict/index", "dictionary", "dict:list", 5, crud("dict")},
		{"操作日志", "Log", "log", "system/log/index", "log", "log:list", 7, nil},
	}
}

// system adds the system-management pages under 系统管理 and grants them to the superuser role.
func system(ctx context.Context, tx *gorm.DB, gen *cache.Generation) error {
	menus := menu.NewStore(tx, gen)
	dir, err := menus.Ensure(ctx, menu.Menu{Type: menu.TypeDir, Title: SystemMenu, Path: "/system",
		Component: menu.Layout, Icon: "setting", Sort: 1, AlwaysShow: true, Breadcrumb: true})
	if err != nil {
		return err
	}
	// 在线用户 moves after the management pages.
	if err := tx.Model(&menu.Menu{}).Where("pid = ? AND title = ?", dir.ID, OnlineMenu).Update("sort", 6).Error; err != nil {
		return err
	}
	var granted []int64
	for _, p := range systemPages() {
		m, err := menus.Ensure(ctx, menu.Menu{PID: &dir.ID, Type: menu.TypeMenu, Title: p.title, Name: p.name,
			Path: p.path, Component: p.component, Icon: p.icon, Permission: p.perm, Sort: p.sort, Breadcrumb: true})
		if err != nil {
			return err
		}
		granted = append(granted, m.ID)
		for i, b := range p.buttons {
			btn, err := menus.Ensure(ctx, menu.Menu{PID: &m.ID, Type: menu.TypeButton, Title: b[0],
				Permission: b[1], Sort: i + 1, Breadcrumb: true})
			if err != nil {
				return err
			}
			granted = append(granted, btn.ID)
		}
	}
	var admins role.Role
	err = tx.Where("name = ?", AdminRole).Take(&admins).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	return role.NewStore(tx, gen).Grant(ctx, admins.ID, granted)
}
