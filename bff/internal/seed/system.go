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

// KeySystemPages marks the system-management pages as seeded (once: an administrator may
// later delete or move them on purpose).
const KeySystemPages = "seed.system-pages"

// KeyAPIDocPage marks 接口文档 as seeded (added after the first system pages, for every database).
const KeyAPIDocPage = "seed.apidoc-page"

// APIDocMenu is the page that browses the API document (api:doc).
const APIDocMenu = "接口文档"

// page is a system-management page with its permission and buttons.
type page struct {
	title, name, path, component, icon, perm string
	sort                                     int
	buttons                                  [][2]string // title, permission
}

func crud(add, edit, del string) [][2]string {
	return [][2]string{{"新增", add}, {"编辑", edit}, {"删除", del}}
}

// SystemPages are the pages of 系统管理 and their buttons.
func systemPages() []page {
	return []page{
		{"用户管理", "User", "user", "system/user/index", "peoples", perm.UserList, 1, crud(perm.UserAdd, perm.UserEdit, perm.UserDel)},
		{"角色管理", "Role", "role", "system/role/index", "role", perm.RoleList, 2, crud(perm.RoleAdd, perm.RoleEdit, perm.RoleDel)},
		{"菜单管理", "Menu", "menu", "system/menu/index", "menu", perm.MenuList, 3, crud(perm.MenuAdd, perm.MenuEdit, perm.MenuDel)},
		{"部门管理", "Dept", "dept", "system/dept/index", "dept", perm.DeptList, 4, crud(perm.DeptAdd, perm.DeptEdit, perm.DeptDel)},
		{"字典管理", "Dict", "dict", "system/dict/index", "dictionary", perm.DictList, 5, crud(perm.DictAdd, perm.DictEdit, perm.DictDel)},
		{"操作日志", "Log", "log", "system/log/index", "log", perm.LogList, 7, nil},
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
	granted, err := ensurePages(ctx, menus, dir.ID, systemPages())
	if err != nil {
		return err
	}
	return grantSuperuser(ctx, tx, gen, granted)
}

// ensurePages adds pages with their buttons under the directory dirID and returns the IDs of
// all of them.
func ensurePages(ctx context.Context, menus *menu.Store, dirID int64, pages []page) ([]int64, error) {
	var ids []int64
	for _, p := range pages {
		m, err := menus.Ensure(ctx, menu.Menu{PID: &dirID, Type: menu.TypeMenu, Cache: true, Title: p.title, Name: p.name,
			Path: p.path, Component: p.component, Icon: p.icon, Permission: p.perm, Sort: p.sort, Breadcrumb: true})
		if err != nil {
			return nil, err
		}
		ids = append(ids, m.ID)
		for i, b := range p.buttons {
			btn, err := menus.Ensure(ctx, menu.Menu{PID: &m.ID, Type: menu.TypeButton, Title: b[0],
				Permission: b[1], Sort: i + 1, Breadcrumb: true})
			if err != nil {
				return nil, err
			}
			ids = append(ids, btn.ID)
		}
	}
	return ids, nil
}

// grantSuperuser grants menus to the superuser role, when there is one.
func grantSuperuser(ctx context.Context, tx *gorm.DB, gen *cache.Generation, menuIDs []int64) error {
	var admins role.Role
	err := tx.Where("name = ?", AdminRole).Take(&admins).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	return role.NewStore(tx, gen).Grant(ctx, admins.ID, menuIDs)
}

// apiDocPage adds 接口文档 under 系统管理 and grants it to the superuser role.
func apiDocPage(ctx context.Context, tx *gorm.DB, gen *cache.Generation) error {
	return addSystemPage(ctx, tx, gen, page{APIDocMenu, "ApiDoc", "apidoc", "system/apidoc/index", "documentation", perm.APIDoc, 8, nil})
}

// addSystemPage adds a page seeded after the first start under 系统管理 (when that directory is
// still there) and grants it to the superuser role.
func addSystemPage(ctx context.Context, tx *gorm.DB, gen *cache.Generation, p page) error {
	var dir menu.Menu
	err := tx.Where("title = ? AND pid IS NULL AND type = ?", SystemMenu, menu.TypeDir).Take(&dir).Error
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
	return grantSuperuser(ctx, tx, gen, granted)
}

// KeyStoragePage marks 存储管理 as seeded (added later, for every database).
const KeyStoragePage = "seed.storage-page"

// StorageMenu is the stored files' page (存储管理: /api/localStorage, /api/pictures).
const StorageMenu = "存储管理"

// storagePage adds 存储管理 under 系统管理 and grants it to the superuser role.
func storagePage(ctx context.Context, tx *gorm.DB, gen *cache.Generation) error {
	return addSystemPage(ctx, tx, gen, page{StorageMenu, "Storage", "storage", "system/storage/index", "upload", perm.StorageList, 9,
		[][2]string{{"上传", perm.StorageAdd}, {"删除", perm.StorageDel}}})
}

// KeyOpenClientPage marks 开放接口 as seeded (added later, for every database).
const KeyOpenClientPage = "seed.open-client-page"

// OpenClientMenu is the page of the storefront API's clients (/api/openClients).
const OpenClientMenu = "开放接口"

// openClientPage adds 开放接口 under 系统管理 and grants it to the superuser role.
func openClientPage(ctx context.Context, tx *gorm.DB, gen *cache.Generation) error {
	return addSystemPage(ctx, tx, gen, page{OpenClientMenu, "OpenClient", "openClient", "system/openClient/index", "link",
		perm.OpenClientList, 10, [][2]string{{"新建", perm.OpenClientAdd}, {"轮换密钥", perm.OpenClientEdit}, {"吊销", perm.OpenClientDel}}})
}

// KeyJobPage marks 定时任务 as seeded (added later, for every database).
const KeyJobPage = "seed.job-page"

// JobMenu is the page of the jobs declared in code (/api/jobs).
const JobMenu = "定时任务"

// jobPage adds 定时任务 under 系统管理 and grants it to the superuser role.
func jobPage(ctx context.Context, tx *gorm.DB, gen *cache.Generation) error {
	return addSystemPage(ctx, tx, gen, page{JobMenu, "Job", "job", "system/job/index", "monitor",
		perm.JobList, 11, [][2]string{{"立即执行", perm.JobRun}, {"暂停/恢复", perm.JobEdit}}})
}
