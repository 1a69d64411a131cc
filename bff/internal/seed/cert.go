package seed

import (
	"context"
	"errors"

	"gorm.io/gorm"

	"mallconsole/bff/internal/agency"
	"mallconsole/bff/internal/menu"
	"mallconsole/bff/internal/platform/cache"
	"mallconsole/bff/internal/platform/perm"
	"mallconsole/bff/internal/role"
)

// KeyCertPages marks the certification pages as seeded (once, like the workflow pages).
const KeyCertPages = "seed.cert-pages"

// Titles of the certification's menus (the directories are shared with the agency and contract
// pages: menus.Ensure finds them by title and parent, whoever created them first).
const (
	ChannelDirMenu = "渠道"
	MineDirMenu    = "我的渠道"
	CertAuditMenu  = "企业认证审核"
	CertMineMenu   = "企业认证"
	CertAuditBtn   = "审核"
)

// certMenus ensures the two directories, the staff review page with its button and the
// operator's page; it returns the staff menus and the operator's.
func certMenus(ctx context.Context, menus *menu.Store) (staff, operator []int64, err error) {
	dir, err := menus.Ensure(ctx, menu.Menu{Type: menu.TypeDir, Title: ChannelDirMenu, Path: "/channel",
		Component: menu.Layout, Icon: "peoples", Sort: 4, AlwaysShow: true, Breadcrumb: true})
	if err != nil {
		return nil, nil, err
	}
	page, err := menus.Ensure(ctx, menu.Menu{PID: &dir.ID, Type: menu.TypeMenu, Cache: true, Title: CertAuditMenu, Name: "CertAudit",
		Path: "/channel/cert", Component: "channel/cert/index", Icon: "validCode", Sort: 4, Permission: perm.CertList, Breadcrumb: true})
	if err != nil {
		return nil, nil, err
	}
	btn, err := menus.Ensure(ctx, menu.Menu{PID: &page.ID, Type: menu.TypeButton, Title: CertAuditBtn,
		Permission: perm.CertAudit, Sort: 1, Breadcrumb: true})
	if err != nil {
		return nil, nil, err
	}
	mine, err := menus.Ensure(ctx, menu.Menu{Type: menu.TypeDir, Title: MineDirMenu, Path: agency.MinePath,
		Component: menu.Layout, Icon: "peoples", Sort: 5, AlwaysShow: true, Breadcrumb: true})
	if err != nil {
		return nil, nil, err
	}
	own, err := menus.Ensure(ctx, menu.Menu{PID: &mine.ID, Type: menu.TypeMenu, Cache: true, Title: CertMineMenu, Name: "MineCert",
		Path: "/mine/cert", Component: "channel/mine/cert/index", Icon: "validCode", Sort: 2, Permission: perm.CertSubmit, Breadcrumb: true})
	if err != nil {
		return nil, nil, err
	}
	return []int64{dir.ID, page.ID, btn.ID}, []int64{mine.ID, own.ID}, nil
}

// certPages seeds the certification's menus, grants them all to the superuser role and the
// operator's page to the channel role (when the demo made it).
func certPages(ctx context.Context, tx *gorm.DB, gen *cache.Generation) error {
	staff, operator, err := certMenus(ctx, menu.NewStore(tx, gen))
	if err != nil {
		return err
	}
	if err := grantByName(ctx, tx, gen, AdminRole, append(staff, operator...)); err != nil {
		return err
	}
	return grantByName(ctx, tx, gen, ChannelRole, operator)
}

// grantCertToChannel gives the channel role the operator's page (the demo, which creates the
// role after the once-steps ran on a new database).
func grantCertToChannel(ctx context.Context, tx *gorm.DB, gen *cache.Generation) error {
	_, operator, err := certMenus(ctx, menu.NewStore(tx, gen))
	if err != nil {
		return err
	}
	return grantByName(ctx, tx, gen, ChannelRole, operator)
}

// grantByName grants menus to the role called name; no such role: nothing to do.
func grantByName(ctx context.Context, tx *gorm.DB, gen *cache.Generation, name string, menus []int64) error {
	var r role.Role
	err := tx.Where("name = ?", name).Take(&r).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	return role.NewStore(tx, gen).Grant(ctx, r.ID, menus)
}
