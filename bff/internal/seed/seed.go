// Package seed fills a new database with what the console cannot start without (the first
// administrator and the menu tree of the pages that exist) and, when asked, with demo data.
// Both are idempotent: running them on every start creates only what is missing.
package seed

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"fmt"
	"io"
	"slices"
	"time"

	"golang.org/x/crypto/bcrypt"
	"gorm.io/gorm"

	"mallconsole/bff/internal/agency"
	"mallconsole/bff/internal/dept"
	"mallconsole/bff/internal/dict"
	"mallconsole/bff/internal/initsetup"
	"mallconsole/bff/internal/menu"
	"mallconsole/bff/internal/platform/authz"
	"mallconsole/bff/internal/platform/cache"
	"mallconsole/bff/internal/platform/perm"
	"mallconsole/bff/internal/role"
	"mallconsole/bff/internal/user"
	"mallconsole/bff/internal/workflow"
)

// Options of a seeding run.
type Options struct {
	Demo          bool
	AdminPassword string    // empty: generate and print
	DemoPassword  string    // empty: generate and print
	BcryptCost    int       // 0: bcrypt.DefaultCost
	Out           io.Writer // where generated passwords are printed, once
	Generation    *cache.Generation
	// DemoShop adds the demo goods and orders (with Demo): ~200 goods and 5,000 orders of the
	// last 90 days. The program sets it with BFF_DEMO; the Go tests leave it off, their servers
	// start with an empty shop.
	DemoShop bool
	// Rebuild recomputes data derived from goods and orders (the dashboard's daily figures)
	// after the demo shop was inserted; nil: nothing to rebuild.
	Rebuild func(ctx context.Context) error
	Now     func() time.Time // nil: time.Now; dates the demo orders
}

// Names the seed creates and later issues may look up.
const (
	AdminUser   = "admin"
	AdminRole   = "超级管理员"
	StaffUser   = "staff"
	StaffRole   = "普通员工"
	ChannelUser = "channel"
	// LeadUser heads 运营部 in the demo: the staff user's approver for a leave request.
	LeadUser      = "lead"
	ChannelRole   = agency.OperatorRole
	SystemMenu    = "系统管理"
	OnlineMenu    = "在线用户"
	OnlineKickBtn = "强制退出"
)

// Run seeds g: the base on a new database, the demo data when opt.Demo. Each part runs in one
// transaction; passwords are printed only after it committed.
func Run(ctx context.Context, g *gorm.DB, opt Options) error {
	if opt.BcryptCost == 0 {
		opt.BcryptCost = bcrypt.DefaultCost
	}
	gen := opt.Generation
	if gen == nil {
		gen = &cache.Generation{}
	}
	var printAdmin, printDemo string
	err := g.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		settings := initsetup.NewStore(tx)
		_, seeded, err := settings.Get(ctx, initsetup.KeySeeded)
		if err != nil || seeded {
			return err
		}
		pw, generated, err := password(opt.AdminPassword)
		if err != nil {
			return err
		}
		created, err := base(ctx, tx, gen, pw, opt.BcryptCost)
		if err != nil {
			return err
		}
		if created && generated {
			printAdmin = pw
		}
		return settings.Set(ctx, tx, initsetup.KeySeeded, time.Now().UTC().Format(time.RFC3339))
	})
	if err != nil {
		return fmt.Errorf("seeding the base data: %w", err)
	}
	for _, st := range []struct {
		key, what string
		run       func(context.Context, *gorm.DB, *cache.Generation) error
	}{
		{KeySystemPages, "the system pages", system},
		{KeyWorkflowPages, "the workflow pages", workflowPages},
		{KeyWorkflowEngine, "the approval pages and the leave form", workflowEngine},
		{KeyShopPages, "the shop pages", shop},
		{KeyCategoryPage, "the goods category page", categoryPage},
		{KeyDashboardPage, "the dashboard", dashboardPage},
		{KeyAPIDocPage, "the API document page", apiDocPage},
		{KeyCertPages, "the certification pages", certPages},
		{KeyContractPages, "the contract pages", contractPages},
		{KeyAgencyPages, "the agency pages", agencyPages},
		{KeyPageCache, "the kept-alive pages", pageCache},
		{KeyStoragePage, "the storage page", storagePage},
		{KeyDictLabelEn, "the dictionaries' English labels", dictLabelEn},
		{KeyOpenClientPage, "the API clients page", openClientPage},
		{KeyStockPage, "the stock ledger page", stockPage},
		{KeyRefundForm, "the refund approval form", refundForm},
		{KeyAftersalePage, "the after-sales page", aftersalePage},
		{KeyOrderEdit, "the order remark button", orderEdit},
		{KeyJobPage, "the jobs page", jobPage},
		{KeyReportPage, "the sales report page", reportPage},
		{KeyOrderSettingPage, "the order settings page", orderSettingPage},
		{KeyStatementPages, "the statement pages", statementPages},
		{KeyOrderExportDetail, "the order item export button", orderExportDetail},
		{KeyOrderPrint, "the order print button", orderPrint},
	} {
		if err := once(ctx, g, gen, st.key, st.run); err != nil {
			return fmt.Errorf("seeding %s: %w", st.what, err)
		}
	}
	if printAdmin != "" {
		fmt.Fprintf(opt.Out, "admin password: %s\n", printAdmin)
	}
	if !opt.Demo {
		return nil
	}
	err = g.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		pw, generated, err := password(opt.DemoPassword)
		if err != nil {
			return err
		}
		created, err := demo(ctx, tx, gen, pw, opt.BcryptCost)
		if err != nil {
			return err
		}
		if created && generated {
			printDemo = pw
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("seeding the demo data: %w", err)
	}
	if printDemo != "" {
		fmt.Fprintf(opt.Out, "demo password (%s, %s, %s): %s\n", StaffUser, LeadUser, ChannelUser, printDemo)
	}
	if !opt.DemoShop {
		return nil
	}
	if opt.Now == nil {
		opt.Now = time.Now
	}
	if _, err := demoShop(ctx, g, opt, gen); err != nil {
		return fmt.Errorf("seeding the demo shop: %w", err)
	}
	return nil
}

// once runs a seeding step in one transaction unless the setting key says it ran: an
// administrator may later delete or move what it made on purpose.
func once(ctx context.Context, g *gorm.DB, gen *cache.Generation, key string,
	run func(context.Context, *gorm.DB, *cache.Generation) error) error {
	return g.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		settings := initsetup.NewStore(tx)
		if _, done, err := settings.Get(ctx, key); err != nil || done {
			return err
		}
		if err := run(ctx, tx, gen); err != nil {
			return err
		}
		return settings.Set(ctx, tx, key, time.Now().UTC().Format(time.RFC3339))
	})
}

// password returns the given password, or a new random one (generated = true).
func password(given string) (pw string, generated bool, err error) {
	if given != "" {
		return given, false, nil
	}
	b := make([]byte, 12)
	if _, err := rand.Read(b); err != nil {
		return "", false, err
	}
	return base64.RawURLEncoding.EncodeToString(b), true, nil
}

func ptr[T any](v T) *T { return &v }

// base creates the menu tree, the superuser role and the admin; it reports whether it created
// the admin.
func base(ctx context.Context, tx *gorm.DB, gen *cache.Generation, pw string, cost int) (bool, error) {
	menus := menu.NewStore(tx, gen)
	system, err := menus.Ensure(ctx, menu.Menu{Type: menu.TypeDir, Title: SystemMenu, Path: "/system",
		Component: menu.Layout, Icon: "setting", Sort: 1, AlwaysShow: true, Breadcrumb: true})
	if err != nil {
		return false, err
	}
	online, err := menus.Ensure(ctx, menu.Menu{PID: &system.ID, Type: menu.TypeMenu, Cache: true, Title: OnlineMenu,
		Name: "OnlineUser", Path: "online", Component: "system/online/index", Permission: perm.OnlineList,
		Icon: "monitor", Sort: 1, Breadcrumb: true})
	if err != nil {
		return false, err
	}
	kick, err := menus.Ensure(ctx, menu.Menu{PID: &online.ID, Type: menu.TypeButton, Title: OnlineKickBtn,
		Permission: perm.OnlineDel, Sort: 2, Breadcrumb: true})
	if err != nil {
		return false, err
	}
	admins, err := role.NewStore(tx, gen).Ensure(ctx, role.Role{Name: AdminRole, Level: 1, DataScope: role.ScopeAll,
		Description: "拥有全部权限"}, []int64{system.ID, online.ID, kick.ID})
	if err != nil {
		return false, err
	}
	hash, err := bcrypt.GenerateFromPassword([]byte(pw), cost)
	if err != nil {
		return false, err
	}
	_, created, err := user.NewStore(tx, gen).Ensure(ctx, user.User{Username: AdminUser, NickName: "管理员",
		Password: string(hash), Enabled: true, IsAdmin: true, Kind: authz.KindStaff}, []int64{admins.ID})
	return created, err
}

// demo creates departments, the staff and channel users with their roles, dictionaries, and
// marks the shop initialised; it reports whether it created a demo user.
func demo(ctx context.Context, tx *gorm.DB, gen *cache.Generation, pw string, cost int) (bool, error) {
	depts := dept.NewStore(tx)
	hq, err := depts.Ensure(ctx, nil, "总部", 1)
	if err != nil {
		return false, err
	}
	var ops, channelDept dept.Dept
	for i, d := range []struct {
		name string
		dst  *dept.Dept
	}{{"运营部", &ops}, {"客服部", nil}, {"渠道部", &channelDept}} {
		got, err := depts.Ensure(ctx, &hq.ID, d.name, i+1)
		if err != nil {
			return false, err
		}
		if d.dst != nil {
			*d.dst = got
		}
	}

	// The staff role sees 系统管理 → 在线用户 but may not kick anyone out, and applies for leave
	// (流程 → 流程申请) for themselves only.
	all, err := menu.NewStore(tx, gen).All(ctx)
	if err != nil {
		return false, err
	}
	var staffMenus []int64
	for _, m := range all {
		if m.Type != menu.TypeButton && slices.Contains([]string{SystemMenu, OnlineMenu, WorkflowMenu, ApplyFormMenu, MyTasksMenu}, m.Title) {
			staffMenus = append(staffMenus, m.ID)
		}
	}
	roles := role.NewStore(tx, gen)
	staffRole, err := roles.Ensure(ctx, role.Role{Name: StaffRole, Level: 3, DataScope: role.ScopeDept,
		Description: "日常运营"}, staffMenus)
	if err != nil {
		return false, err
	}
	channelRole, err := roles.Ensure(ctx, role.Role{Name: ChannelRole, Level: 3, DataScope: role.ScopeDept,
		Description: "渠道运营人员"}, nil)
	if err != nil {
		return false, err
	}
	if err := grantDashboard(ctx, tx, gen, staffRole.ID, channelRole.ID); err != nil {
		return false, err
	}
	if err := grantShop(ctx, tx, gen, staffRole.ID, slices.Concat(staffShop, staffAftersale, reportShop)); err != nil {
		return false, err
	}
	if err := grantShop(ctx, tx, gen, channelRole.ID, slices.Concat(channelShop, channelAftersale, reportShop)); err != nil {
		return false, err
	}
	if err := grantCertToChannel(ctx, tx, gen); err != nil {
		return false, err
	}

	users := user.NewStore(tx, gen)
	// Hashing is slow on purpose: do it only when a demo user is missing.
	hash := []byte{}
	for _, name := range []string{StaffUser, LeadUser, ChannelUser} {
		if _, found, err := users.ByUsername(ctx, name); err != nil {
			return false, err
		} else if !found && len(hash) == 0 {
			if hash, err = bcrypt.GenerateFromPassword([]byte(pw), cost); err != nil {
				return false, err
			}
		}
	}
	_, staffCreated, err := users.Ensure(ctx, user.User{Username: StaffUser, NickName: "张三", Gender: "男",
		Email: "zhangsan@example.com", Phone: "13800000001", Password: string(hash), Enabled: true,
		Kind: authz.KindStaff, EmpNo: ptr("E1001"), DeptID: &ops.ID}, []int64{staffRole.ID})
	if err != nil {
		return false, err
	}
	_, leadCreated, err := users.Ensure(ctx, user.User{Username: LeadUser, NickName: "陈组长", Gender: "女",
		Email: "lead@example.com", Phone: "13800000003", Password: string(hash), Enabled: true,
		Kind: authz.KindStaff, EmpNo: ptr("E1002"), DeptID: &ops.ID}, []int64{staffRole.ID})
	if err != nil {
		return false, err
	}
	agencies, err := demoAgencies(ctx, tx, gen)
	if err != nil {
		return false, err
	}
	if err := demoOpenClient(ctx, tx); err != nil {
		return false, err
	}
	if err := grantContracts(ctx, tx, gen, staffRole.ID, channelRole.ID); err != nil {
		return false, err
	}
	if err := demoContracts(ctx, tx, agencies, time.Now().UTC().Truncate(time.Millisecond)); err != nil {
		return false, err
	}
	channel, channelCreated, err := users.Ensure(ctx, user.User{Username: ChannelUser, NickName: "渠道小李", Gender: "男",
		Email: "xiaoli@example.com", Phone: "13800000002", Password: string(hash), Enabled: true,
		Kind: authz.KindChannel, DeptID: &channelDept.ID, AgencyID: &agencies[0].ID}, []int64{channelRole.ID})
	if err != nil {
		return false, err
	}
	// A database seeded before agencies existed: its operator joins the demo agency once.
	if channel.AgencyID == nil {
		if err := tx.Model(&user.User{}).Where("id = ? AND agency_id IS NULL", channel.ID).
			Update("agency_id", agencies[0].ID).Error; err != nil {
			return false, err
		}
		gen.Bump()
	}

	staff, _, err := users.ByUsername(ctx, StaffUser)
	if err != nil {
		return false, err
	}
	if err := workflow.NewStore(tx).EnsureEntitlement(ctx, staff.ID, DemoAnnualDays); err != nil {
		return false, err
	}
	if err := demoLeaders(ctx, tx, gen, hq.ID, ops.ID); err != nil {
		return false, err
	}

	dicts := dict.NewStore(tx)
	for _, d := range demoDicts() {
		if err := dicts.Ensure(ctx, d.name, d.desc, d.entries); err != nil {
			return false, err
		}
	}

	settings := initsetup.NewStore(tx)
	if _, done, err := settings.Get(ctx, initsetup.KeyInitialized); err != nil {
		return false, err
	} else if !done {
		if err := settings.Set(ctx, tx, initsetup.KeyInitialized, "demo"); err != nil {
			return false, err
		}
	}
	return staffCreated || leadCreated || channelCreated, nil
}
