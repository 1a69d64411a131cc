package seed_test

import (
	"bytes"
	"context"
	"io"
	"slices"
	"strings"
	"testing"

	"golang.org/x/crypto/bcrypt"
	"gorm.io/gorm"

	"mallconsole/bff/internal/dept"
	"mallconsole/bff/internal/dict"
	"mallconsole/bff/internal/menu"
	"mallconsole/bff/internal/platform/dbtest"
	"mallconsole/bff/internal/role"
	"mallconsole/bff/internal/seed"
	"mallconsole/bff/internal/user"
)

func counts(t *testing.T, g *gorm.DB) map[string]int64 {
	out := map[string]int64{}
	for _, table := range []string{"users", "users_roles", "roles", "roles_menus", "menus", "depts", "dict", "dict_detail", "settings", "leave_entitlements", "wf_forms", "dept_leaders",
		"agencies", "goods", "orders", "order_items", "order_history", "contracts", "contract_templates", "contract_receipts"} {
		var n int64
		if err := g.Table(table).Count(&n).Error; err != nil {
			t.Fatal(err)
		}
		out[table] = n
	}
	return out
}

func TestBaseSeed(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		ctx := context.Background()
		var out bytes.Buffer
		opt := seed.Options{Out: &out, BcryptCost: bcrypt.MinCost}
		if err := seed.Run(ctx, g, opt); err != nil {
			t.Fatal(err)
		}
		line := strings.TrimSpace(out.String())
		pw, ok := strings.CutPrefix(line, "admin password: ")
		if !ok || len(pw) < 12 || strings.Contains(line, "demo") {
			t.Fatalf("output %q", line)
		}
		var admin user.User
		g.Where("username = ?", "admin").Take(&admin)
		if !admin.IsAdmin || !admin.Enabled || admin.Kind != "staff" ||
			bcrypt.CompareHashAndPassword([]byte(admin.Password), []byte(pw)) != nil {
			t.Fatalf("admin = %+v", admin)
		}
		var r role.Role
		g.Where("name = ?", seed.AdminRole).Take(&r)
		if r.Level != 1 || r.DataScope != role.ScopeAll {
			t.Fatalf("admin role = %+v", r)
		}
		var ms []menu.Menu
		g.Order("id").Find(&ms)
		if len(ms) != 102 || ms[0].Path != "/system" || ms[0].Component != "Layout" || ms[0].Icon != "setting" || !ms[0].AlwaysShow ||
			ms[1].Permission != "online:list" || ms[1].Component != "system/online/index" || ms[1].Name != "OnlineUser" ||
			ms[2].Type != menu.TypeButton || ms[2].Permission != "online:del" {
			t.Fatalf("menus = %+v", ms)
		}
		// 系统管理's pages and buttons (issue 4), 在线用户 after the management pages.
		var perms []string
		for _, m := range ms {
			if !slices.Contains(append(menu.Icons, ""), m.Icon) {
				t.Errorf("menu %q has the icon %q, which the sidebar cannot draw", m.Title, m.Icon)
			}
			if m.Permission != "" {
				perms = append(perms, m.Permission)
			}
		}
		for _, want := range []string{"user:list", "user:add", "user:edit", "user:del", "role:list", "role:del",
			"menu:list", "menu:edit", "dept:list", "dept:add", "dict:list", "dict:del", "log:list", "leave:batch", "goods:list", "goods:export", "order:ship", "order:detail", "dashboard:view", "dashboard:rebuild", "api:doc"} {
			if !slices.Contains(perms, want) {
				t.Fatalf("no menu carries %s: %v", want, perms)
			}
		}
		for _, m := range ms {
			if (m.Title == seed.ShopMenu || m.Title == seed.OrderMenu) && m.Hidden {
				t.Fatalf("%s is hidden: 订单管理 has its page", m.Title)
			}
		}
		if ms[1].Sort != 6 {
			t.Fatalf("在线用户 sort = %d", ms[1].Sort)
		}
		c := counts(t, g)
		// 流程 → 流程申请, 流程申请（多人） → 批量发起 and the leave_type dictionary (the leave request);
		// 商城 → 商品管理 (4 buttons), 商品分类 (3 buttons), 订单管理 (6 buttons) and express_company (7);
		// the dashboard's buttons 数据概览 (dashboard:view) and 重算数据概览 (dashboard:rebuild); 接口文档 (api:doc);
		// 渠道 → 渠道管理 (4 buttons), 企业认证审核 → 审核, 合同模板 (3 buttons), 合同管理 (4 buttons); 我的渠道 → 我的渠道 (the operators' role), 企业认证; 存储管理 (上传, 删除); 开放接口 (新建, 轮换密钥, 吊销);
		// 商城 → 库存流水 (调整, 导出); 商城 → 售后管理 (审核, 收货, 退款, 导出) and aftersale_reason (6); 订单管理 → 修改备注; 定时任务 (立即执行, 暂停/恢复); 商城 → 销售报表; 商城 → 订单设置; 订单管理 → 导出明细; 商城 → 对账单 (生成, 调整) and 我的渠道 → 对账单; 订单管理 → 打印.
		// 我的审批, 表单管理 → 表单设计 (all granted to the superuser) and the role 人事 (流程, 流程申请, 我的审批)
		// with the leave form; the 退款审批 form (after-sales).
		if c["depts"] != 0 || c["dict"] != 3 || c["dict_detail"] != 17 || c["roles_menus"] != 102 || c["roles"] != 3 || c["wf_forms"] != 2 {
			t.Fatalf("base seed counts = %v", c)
		}
		// A second start prints nothing and creates nothing, even if the admin was renamed away.
		g.Model(&user.User{}).Where("id = ?", admin.ID).Update("username", "boss")
		out.Reset()
		if err := seed.Run(ctx, g, opt); err != nil || out.Len() != 0 {
			t.Fatalf("second run: %v %q", err, out.String())
		}
		if got := counts(t, g); got["users"] != 1 || got["menus"] != 102 {
			t.Fatalf("second run changed counts: %v", got)
		}
	})
}

func TestDemoSeedIsIdempotent(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		ctx := context.Background()
		var out bytes.Buffer
		rebuilt := 0
		opt := seed.Options{Demo: true, DemoShop: true, AdminPassword: "given-admin-pw", Out: &out, BcryptCost: bcrypt.MinCost,
			Rebuild: func(context.Context) error { rebuilt++; return nil }}
		if err := seed.Run(ctx, g, opt); err != nil {
			t.Fatal(err)
		}
		if s := out.String(); strings.Contains(s, "admin password") || !strings.HasPrefix(s, "demo password (staff, lead, channel): ") {
			t.Fatalf("output %q", s)
		}
		first := counts(t, g)
		if first["users"] != 4 || first["depts"] != 4 || first["dict"] != 6 || first["dict_detail"] != 26 || first["settings"] != 28 || first["dept_leaders"] != 2 || first["contracts"] != 2 || first["contract_templates"] != 1 ||
			first["leave_entitlements"] != 1 || first["agencies"] != 2 || first["goods"] != seed.DemoGoods ||
			first["orders"] != seed.DemoOrders || first["order_items"] < seed.DemoOrders || first["order_history"] < seed.DemoOrders || rebuilt != 1 {
			t.Fatalf("demo counts = %v", first)
		}
		var staff, channel user.User
		g.Where("username = ?", "staff").Take(&staff)
		g.Where("username = ?", "channel").Take(&channel)
		var ops, chd dept.Dept
		g.Where("name = ?", "运营部").Take(&ops)
		g.Where("name = ?", "渠道部").Take(&chd)
		if staff.NickName != "张三" || staff.EmpNo == nil || *staff.EmpNo != "E1001" || *staff.DeptID != ops.ID || staff.Kind != "staff" ||
			channel.NickName != "渠道小李" || channel.Kind != "channel" || *channel.DeptID != chd.ID {
			t.Fatalf("staff %+v channel %+v", staff, channel)
		}
		// 普通员工 holds 系统管理, 在线用户, 流程申请, 商城 (goods and 商品分类 without 删除, every order move, 库存流水,
		// 售后管理) and
		// the dashboard but neither the kick-out button nor 流程申请（多人）; 渠道运营 holds the
		// dashboard and 商城 without deleting goods, closing, refunding or completing orders (售后管理 without 退款).
		var perms []string
		g.Table("menus").Joins("JOIN roles_menus ON roles_menus.menu_id = menus.id").
			Joins("JOIN roles ON roles.id = roles_menus.role_id").Where("roles.name = ?", seed.StaffRole).
			Order("menus.id").Pluck("menus.title", &perms)
		if strings.Join(perms, ",") != "系统管理,在线用户,流程,流程申请,我的审批,商城,商品管理,新增,编辑,导出,订单管理,详情,发货,关闭,退款,完成,导出,商品分类,新增,编辑,数据概览,渠道,合同模板,新增,编辑,删除,合同管理,新增,编辑,删除,导出,库存流水,调整,导出,售后管理,审核,收货,退款,导出,修改备注,销售报表,导出明细,打印" {
			t.Fatalf("staff role menus = %v", perms)
		}
		var channelPerms []string
		g.Table("menus").Joins("JOIN roles_menus ON roles_menus.menu_id = menus.id").
			Joins("JOIN roles ON roles.id = roles_menus.role_id").Where("roles.name = ?", seed.ChannelRole).
			Order("menus.id").Pluck("COALESCE(NULLIF(menus.permission, ''), menus.title)", &channelPerms)
		if strings.Join(channelPerms, ",") != "商城,goods:list,goods:add,goods:edit,goods:export,order:list,order:detail,order:ship,order:export,dashboard:view,我的渠道,cert:submit,contract:list,contract:export,contractTemplate:list,contractTemplate:receive,我的渠道,stock:list,stock:adjust,stock:export,aftersale:list,aftersale:audit,aftersale:receive,aftersale:export,report:list,statement:list,order:exportDetail,order:print" {
			t.Fatalf("channel role menus = %v", channelPerms)
		}
		details, err := dict.NewStore(g).Details(ctx, "order_status")
		if err != nil || len(details) != 5 || details[0].Label != "待付款" || details[4].Label != "已取消" {
			t.Fatalf("order_status = %+v %v", details, err)
		}
		// Every later start: nothing new, nothing printed, the password kept.
		out.Reset()
		opt.DemoPassword = "another-password"
		if err := seed.Run(ctx, g, opt); err != nil || out.Len() != 0 {
			t.Fatalf("second run: %v %q", err, out.String())
		}
		if got := counts(t, g); got != nil && !equal(got, first) || rebuilt != 1 {
			t.Fatalf("second run changed counts: %v -> %v (rebuilt %d times)", first, got, rebuilt)
		}
	})
}

func equal(a, b map[string]int64) bool {
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return len(a) == len(b)
}

// shopMenus answers whether 商城, 商品管理 and 订单管理 are hidden.
func shopMenus(t *testing.T, g *gorm.DB) (dir, goods, order bool) {
	t.Helper()
	var d menu.Menu
	if err := g.Where("pid IS NULL AND title = ?", seed.ShopMenu).Take(&d).Error; err != nil {
		t.Fatal(err)
	}
	var pages []menu.Menu
	g.Where("pid = ?", d.ID).Find(&pages)
	hidden := map[string]bool{}
	for _, p := range pages {
		hidden[p.Title] = p.Hidden
	}
	if len(hidden) != 8 {
		t.Fatalf("商城 pages = %v", hidden)
	}
	return d.Hidden, hidden[seed.GoodsMenu], hidden[seed.OrderMenu]
}

// 商城 and both its pages are shown on a new database, and a manager's later choice stands: a
// restart seeds nothing again.
func TestShopMenusShown(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		ctx := context.Background()
		opt := seed.Options{AdminPassword: "given-admin-pw", Out: io.Discard, BcryptCost: bcrypt.MinCost}
		if err := seed.Run(ctx, g, opt); err != nil {
			t.Fatal(err)
		}
		if dir, goods, order := shopMenus(t, g); dir || goods || order {
			t.Fatalf("new database: hidden 商城 %v 商品管理 %v 订单管理 %v", dir, goods, order)
		}
		g.Model(&menu.Menu{}).Where("title = ?", seed.OrderMenu).Update("hidden", true)
		if err := seed.Run(ctx, g, opt); err != nil {
			t.Fatal(err)
		}
		if _, _, order := shopMenus(t, g); !order {
			t.Fatal("a later start showed 订单管理 again")
		}
	})
}
