package seed

import (
	"context"

	"gorm.io/gorm"

	"mallconsole/bff/internal/agency"
	"mallconsole/bff/internal/menu"
	"mallconsole/bff/internal/platform/cache"
	"mallconsole/bff/internal/platform/perm"
	"mallconsole/bff/internal/role"
)

// Codes of the demo agencies: the demo channel operator belongs to the first.
const (
	DemoAgencyCode  = "HZYQ"
	OtherAgencyCode = "CDJC"
)

// KeyAgencyPages marks 渠道管理 and 我的渠道 as seeded (once, like the system pages).
const KeyAgencyPages = "seed.agency-pages"

// Titles of the agency menus (docs/decisions.md "Agency management"; the 渠道 and 我的渠道
// directories are shared with the contract and certification pages).
const (
	ChannelMenu    = "渠道"
	AgencyMenu     = "渠道管理"
	MineMenu       = "我的渠道"
	MineAgencyMenu = "我的渠道"
)

// demoAgencies ensures the two demo agencies, the channel operator's first.
func demoAgencies(ctx context.Context, tx *gorm.DB, gen *cache.Generation) ([]agency.Agency, error) {
	store := agency.NewStore(tx, gen)
	var out []agency.Agency
	for _, a := range []agency.Agency{
		{Name: "杭州云栖商贸有限公司", Code: DemoAgencyCode, Contact: "李明", Phone: "13900000011", Enabled: true,
			Region: "浙江省/杭州市/西湖区", Address: "转塘街道云栖小镇 88 号"},
		{Name: "成都锦程供应链有限公司", Code: OtherAgencyCode, Contact: "王芳", Phone: "13900000012", Enabled: true,
			Region: "四川省/成都市/高新区", Address: "天府大道中段 1366 号"},
	} {
		got, err := store.Ensure(ctx, a)
		if err != nil {
			return nil, err
		}
		// A database seeded before agencies had an address gets the demo's once.
		if got.Region == "" && got.Address == "" {
			err := tx.Model(&agency.Agency{}).Where("id = ?", got.ID).
				Updates(map[string]any{"region": a.Region, "address": a.Address}).Error
			if err != nil {
				return nil, err
			}
			got.Region, got.Address = a.Region, a.Address
		}
		out = append(out, got)
	}
	return out, nil
}

// channelDir is the staff's 渠道 directory (shared with the contract and cert pages).
func channelDir() menu.Menu {
	return menu.Menu{Type: menu.TypeDir, Title: ChannelMenu, Path: "/channel", Component: menu.Layout, Icon: "peoples",
		Sort: 4, AlwaysShow: true, Breadcrumb: true}
}

// mineDir is the operators' 我的渠道 directory (shared likewise).
func mineDir() menu.Menu {
	return menu.Menu{Type: menu.TypeDir, Title: MineMenu, Path: agency.MinePath, Component: menu.Layout, Icon: "peoples",
		Sort: 5, AlwaysShow: true, Breadcrumb: true}
}

// agencyPages adds 渠道 → 渠道管理 (granted to the superuser role) and 我的渠道 → 我的渠道
// (granted to the operators' role, which it creates when missing so that operators created on a
// database without the demo get their page too).
func agencyPages(ctx context.Context, tx *gorm.DB, gen *cache.Generation) error {
	menus := menu.NewStore(tx, gen)
	dir, err := menus.Ensure(ctx, channelDir())
	if err != nil {
		return err
	}
	granted, err := ensurePages(ctx, menus, dir.ID, []page{{AgencyMenu, "Agency", "agency", "channel/agency/index", "peoples",
		perm.AgencyList, 1, append(crud(perm.AgencyAdd, perm.AgencyEdit, perm.AgencyDel), [2]string{"导出", perm.AgencyExport})}})
	if err != nil {
		return err
	}
	if err := grantSuperuser(ctx, tx, gen, append(granted, dir.ID)); err != nil {
		return err
	}
	mine, err := menus.Ensure(ctx, mineDir())
	if err != nil {
		return err
	}
	page, err := menus.Ensure(ctx, menu.Menu{PID: &mine.ID, Type: menu.TypeMenu, Cache: true, Title: MineAgencyMenu, Name: "MineAgency",
		Path: "agency", Component: "channel/mine/index", Icon: "peoples", Sort: 1, Breadcrumb: true})
	if err != nil {
		return err
	}
	roles := role.NewStore(tx, gen)
	operators, err := roles.Ensure(ctx, role.Role{Name: agency.OperatorRole, Level: 3, DataScope: role.ScopeDept,
		Description: "渠道运营人员"}, nil)
	if err != nil {
		return err
	}
	return roles.Grant(ctx, operators.ID, []int64{mine.ID, page.ID})
}
