package seed

import (
	"context"
	"time"

	"gorm.io/gorm"

	"mallconsole/bff/internal/agency"
	"mallconsole/bff/internal/contract"
	"mallconsole/bff/internal/initsetup"
	"mallconsole/bff/internal/menu"
	"mallconsole/bff/internal/platform/cache"
	"mallconsole/bff/internal/platform/perm"
	"mallconsole/bff/internal/role"
)

// KeyContractPages marks the contract pages as seeded (once, like the other pages).
const KeyContractPages = "seed.contract-pages"

// KeyDemoContracts marks the demo template and contracts as seeded (once per database).
const KeyDemoContracts = "seed.demo-contracts"

// Titles of the contract menus (issue 12: the channel directories are shared with the agency and
// certification pages, see channelDir and mineDir).
const (
	ContractTemplateMenu = "合同模板"
	ContractMenu         = "合同管理"
	MineContractMenu     = "合同"
	ReceiveButton        = "领取"
	DemoTemplateName     = "渠道合作协议（示例）"
)

// contractStaffPages are the staff's pages under 渠道; contractMinePages the operator's under 我的渠道
// (the same two pages, which the server scopes to the operator's agency).
func contractStaffPages() []page {
	return []page{
		{ContractTemplateMenu, "ContractTemplate", "contractTemplate", "channel/contractTemplate/index", "doc",
			perm.ContractTemplateList, 2, crud(perm.ContractTemplateAdd, perm.ContractTemplateEdit, perm.ContractTemplateDel)},
		{ContractMenu, "Contract", "contract", "channel/contract/index", "doc", perm.ContractList, 3,
			append(crud(perm.ContractAdd, perm.ContractEdit, perm.ContractDel), [2]string{"导出", perm.ContractExport})},
	}
}

func contractMinePages() []page {
	return []page{
		{MineContractMenu, "MineContract", "contract", "channel/contract/index", "doc", perm.ContractList, 3,
			[][2]string{{"导出", perm.ContractExport}}},
		{ContractTemplateMenu, "MineContractTemplate", "contractTemplate", "channel/contractTemplate/index", "doc",
			perm.ContractTemplateList, 4, [][2]string{{ReceiveButton, perm.ContractTemplateReceive}}},
	}
}

// contractPages adds the pages and grants the staff ones to the superuser role.
func contractPages(ctx context.Context, tx *gorm.DB, gen *cache.Generation) error {
	menus := menu.NewStore(tx, gen)
	dir, err := menus.Ensure(ctx, channelDir())
	if err != nil {
		return err
	}
	staff, err := ensurePages(ctx, menus, dir.ID, contractStaffPages())
	if err != nil {
		return err
	}
	mine, err := menus.Ensure(ctx, mineDir())
	if err != nil {
		return err
	}
	if _, err := ensurePages(ctx, menus, mine.ID, contractMinePages()); err != nil {
		return err
	}
	return grantSuperuser(ctx, tx, gen, append(staff, dir.ID))
}

// grantContracts gives the demo staff role the staff pages and the channel role its own (the
// pages with every button under them), as far as they exist.
func grantContracts(ctx context.Context, tx *gorm.DB, gen *cache.Generation, staffRole, channelRole int64) error {
	for _, g := range []struct {
		role  int64
		dir   menu.Menu
		pages []page
	}{{staffRole, channelDir(), contractStaffPages()}, {channelRole, mineDir(), contractMinePages()}} {
		var dir menu.Menu
		if err := tx.Where("title = ? AND pid IS NULL AND type = ?", g.dir.Title, menu.TypeDir).Limit(1).Find(&dir).Error; err != nil || dir.ID == 0 {
			return err
		}
		titles := make([]string, len(g.pages))
		for i, p := range g.pages {
			titles[i] = p.title
		}
		var pages []int64
		if err := tx.Model(&menu.Menu{}).Where("pid = ? AND title IN ?", dir.ID, titles).Pluck("id", &pages).Error; err != nil {
			return err
		}
		var buttons []int64
		if len(pages) > 0 {
			if err := tx.Model(&menu.Menu{}).Where("pid IN ?", pages).Pluck("id", &buttons).Error; err != nil {
				return err
			}
		}
		if err := role.NewStore(tx, gen).Grant(ctx, g.role, append(append(pages, buttons...), dir.ID)); err != nil {
			return err
		}
	}
	return nil
}

// demoContracts adds, once, the demo template (published; its PDF is written at start by
// contract.Service.DemoFiles, the seed has no file storage) and one contract per demo agency:
// the first signed and ending in 20 days (即将到期), the second waiting for signature.
func demoContracts(ctx context.Context, tx *gorm.DB, agencies []agency.Agency, now time.Time) error {
	settings := initsetup.NewStore(tx)
	if _, done, err := settings.Get(ctx, KeyDemoContracts); err != nil || done {
		return err
	}
	t := contract.Template{Name: DemoTemplateName, Version: "v1.0", ValidMonths: 12, Enabled: true, Published: true,
		PublishTime: &now, CreateTime: now, UpdateTime: now, Variables: []contract.Var{
			{Key: "agencyName", Label: "渠道名称"}, {Key: "startDate", Label: "开始日期"},
			{Key: "endDate", Label: "结束日期"}, {Key: "rate", Label: "佣金比例", Value: "5%"}}}
	if err := tx.Create(&t).Error; err != nil {
		return err
	}
	day := func(d int) string { return now.In(time.Local).AddDate(0, 0, d).Format(time.DateOnly) }
	for i, a := range agencies {
		c := contract.Contract{ContractNo: "HTDEMO" + a.Code, Name: DemoTemplateName, AgencyID: a.ID, TemplateID: &t.ID,
			StartDate: day(-345), EndDate: day(20), Amount: 5_000_000, Status: contract.Signed, SignTime: &now,
			CreateTime: now, UpdateTime: now, Variables: []contract.Var{{Key: "agencyName", Label: "渠道名称", Value: a.Name},
				{Key: "startDate", Label: "开始日期", Value: day(-345)}, {Key: "endDate", Label: "结束日期", Value: day(20)},
				{Key: "rate", Label: "佣金比例", Value: "5%"}}}
		if i > 0 {
			c.Status, c.SignTime, c.StartDate, c.EndDate = contract.PendingSign, nil, day(0), day(364)
		}
		if err := tx.Create(&c).Error; err != nil {
			return err
		}
		if err := tx.Create(&contract.Receipt{TemplateID: t.ID, AgencyID: a.ID, ContractID: c.ID, CreateTime: now}).Error; err != nil {
			return err
		}
	}
	return settings.Set(ctx, tx, KeyDemoContracts, now.Format(time.RFC3339))
}
