package menu_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"mallconsole/bff/internal/apptest"
	"mallconsole/bff/internal/menu"
	"mallconsole/bff/internal/platform/authz"
)

const systemTree = `[{"name":"系统管理","path":"/system","hidden":false,"redirect":"noredirect","component":"Layout",` +
	`"alwaysShow":true,"meta":{"title":"系统管理","icon":"setting","noCache":true},"children":[{"name":"OnlineUser",` +
	`"path":"online","hidden":false,"component":"system/online/index","meta":{"title":"在线用户","icon":"monitor","noCache":false}}]},` +
	// 流程 → 流程申请 points at the fixed route /applyForm, 我的审批 at /workflow/tasks
	`{"name":"流程","path":"/workflow","hidden":false,"redirect":"noredirect","component":"Layout","alwaysShow":true,` +
	`"meta":{"title":"流程","icon":"form","noCache":true},"children":[{"name":"ApplyForm","path":"/applyForm","hidden":false,` +
	`"component":"workflow/applyForm/index","meta":{"title":"流程申请","icon":"form","noCache":false}},{"name":"WorkflowTasks",` +
	`"path":"/workflow/tasks","hidden":false,"component":"workflow/tasks/index","meta":{"title":"我的审批","icon":"list","noCache":false}}]},` +
	staffShopTree + `,` + channelTree + `]`

// 渠道 with 合同模板 and 合同管理: the demo's staff role manages contracts (issue 12).
const channelTree = `{"name":"渠道","path":"/channel","hidden":false,"redirect":"noredirect","component":"Layout","alwaysShow":true,` +
	`"meta":{"title":"渠道","icon":"peoples","noCache":true},"children":[{"name":"ContractTemplate","path":"contractTemplate",` +
	`"hidden":false,"component":"channel/contractTemplate/index","meta":{"title":"合同模板","icon":"doc","noCache":false}},` +
	`{"name":"Contract","path":"contract","hidden":false,"component":"channel/contract/index","meta":{"title":"合同管理","icon":"doc","noCache":false}}]}`

// 我的渠道: the operator's own agency, certification, contracts and the templates to receive (issue 12).
const mineTree = `{"name":"我的渠道","path":"/mine","hidden":false,"redirect":"noredirect","component":"Layout","alwaysShow":true,"meta":{"title":"我的渠道","icon":"peoples","noCache":true},"children":[{"name":"MineAgency","path":"agency","hidden":false,"component":"channel/mine/index","meta":{"title":"我的渠道","icon":"peoples","noCache":false}},{"name":"MineCert","path":"/mine/cert","hidden":false,"component":"channel/mine/cert/index","meta":{"title":"企业认证","icon":"validCode","noCache":false}},{"name":"MineContract","path":"contract","hidden":false,"component":"channel/contract/index","meta":{"title":"合同","icon":"doc","noCache":false}},{"name":"MineContractTemplate","path":"contractTemplate","hidden":false,"component":"channel/contractTemplate/index","meta":{"title":"合同模板","icon":"doc","noCache":false}},{"name":"MineStatement","path":"statement","hidden":false,"component":"mall/statement/index","meta":{"title":"对账单","icon":"doc","noCache":false}}]}`

// 商城 with 商品管理, 订单管理, 库存流水 and 售后管理: the demo's staff and channel roles hold these pages;
// staff also 商品分类 (the channel role picks categories but does not manage the tree).
const shopTree = `{"name":"商城","path":"/mall","hidden":false,"redirect":"noredirect","component":"Layout","alwaysShow":true,` +
	`"meta":{"title":"商城","icon":"shopping","noCache":true},"children":[{"name":"Goods","path":"goods","hidden":false,` +
	`"component":"mall/goods/index","meta":{"title":"商品管理","icon":"shopping","noCache":false}},` + shopPages + `]}`

const staffShopTree = `{"name":"商城","path":"/mall","hidden":false,"redirect":"noredirect","component":"Layout","alwaysShow":true,` +
	`"meta":{"title":"商城","icon":"shopping","noCache":true},"children":[{"name":"Goods","path":"goods","hidden":false,` +
	`"component":"mall/goods/index","meta":{"title":"商品管理","icon":"shopping","noCache":false}},` +
	`{"name":"Category","path":"category","hidden":false,"component":"mall/category/index","meta":{"title":"商品分类","icon":"list","noCache":false}},` +
	shopPages + `]}`

const shopPages = `{"name":"Order","path":"order",` +
	`"hidden":false,"component":"mall/order/index","meta":{"title":"订单管理","icon":"list","noCache":false}},` +
	`{"name":"Stock","path":"stock","hidden":false,"component":"mall/stock/index","meta":{"title":"库存流水","icon":"chart","noCache":false}},` +
	`{"name":"Aftersale","path":"aftersale","hidden":false,"component":"mall/aftersale/index","meta":{"title":"售后管理","icon":"list","noCache":false}},` +
	`{"name":"SalesReport","path":"report","hidden":false,"component":"mall/report/index","meta":{"title":"销售报表","icon":"chart","noCache":false}}`

func TestBuild(t *testing.T) {
	apptest.Each(t, func(t *testing.T, s *apptest.Server) {
		admin := s.Login(t, "admin", apptest.AdminPassword)
		staff := s.Login(t, "staff", apptest.DemoPassword)
		channel := s.ChannelLogin(t, "channel", apptest.DemoPassword)
		r := s.Get(t, "/api/menus/build", staff)
		if r.Status != 200 || string(r.Body) != systemTree || !strings.HasPrefix(r.Header.Get("Content-Type"), "application/json") {
			t.Fatalf("staff tree: %d %s", r.Status, r.Body)
		}
		// The administrator sees every page of 系统管理.
		r = s.Get(t, "/api/menus/build", admin)
		for _, page := range []string{"system/user/index", "system/role/index", "system/menu/index", "system/dept/index",
			"system/dict/index", "system/online/index", "system/log/index", "workflow/applyForm/index", "workflow/startBatch/index"} {
			if r.Status != 200 || !strings.Contains(string(r.Body), `"component":"`+page+`"`) {
				t.Fatalf("admin tree lacks %s: %d %s", page, r.Status, r.Body)
			}
		}
		// 我的渠道 is the channel operator's: the administrator, with no agency, has it hidden.
		if !strings.Contains(string(r.Body), `{"name":"我的渠道","path":"/mine","hidden":true,`) {
			t.Fatalf("admin tree lacks a hidden 我的渠道: %s", r.Body)
		}
		if r := s.Get(t, "/api/menus/build", channel); r.Status != 200 || string(r.Body) != "["+shopTree+","+mineTree+"]" {
			t.Fatalf("channel tree: %d %s", r.Status, r.Body)
		}
		if r := s.Get(t, "/api/menus/build", ""); r.Status != 401 {
			t.Fatalf("no token: %d", r.Status)
		}

		// A menu write reaches the cached trees at once.
		_, err := menu.NewStore(s.DB, s.Generation).Ensure(context.Background(), menu.Menu{Type: menu.TypeMenu,
			Title: "首页", Name: "Home", Path: "home", Component: "home/index", Sort: 0, Breadcrumb: true})
		if err != nil {
			t.Fatal(err)
		}
		if r := s.Get(t, "/api/menus/build", admin); !strings.Contains(string(r.Body), `"title":"首页"`) {
			t.Fatalf("admin tree after the write: %s", r.Body)
		}
		if r := s.Get(t, "/api/menus/build", staff); string(r.Body) != systemTree {
			t.Fatalf("staff got an ungranted menu: %s", r.Body)
		}
	})
}

// A channel-only directory is hidden for a principal without an agency and shown to one with an
// agency, even under the same role key: the cached tree is per role key and agency-or-not.
func TestHideWithoutAgency(t *testing.T) {
	apptest.Each(t, func(t *testing.T, s *apptest.Server) {
		svc := menu.NewService(menu.NewStore(s.DB, s.Generation), nil, s.Generation, time.Now)
		svc.HideWithoutAgency("mine")
		ctx := context.Background()
		agencyID := int64(1)
		without := &authz.Principal{IsAdmin: true, RoleKey: "k"}
		with := &authz.Principal{IsAdmin: true, RoleKey: "k", AgencyID: &agencyID}
		for _, c := range []struct {
			p    *authz.Principal
			mine bool
		}{{without, false}, {with, true}, {without, false}} {
			b, err := svc.TreeJSON(ctx, c.p)
			if err != nil {
				t.Fatal(err)
			}
			if got := strings.Contains(string(b), `"path":"/mine","hidden":false`); got != c.mine ||
				!strings.Contains(string(b), `"path":"/mine"`) || !strings.Contains(string(b), `"path":"/channel","hidden":false`) {
				t.Fatalf("agency %v: /mine shown %v, want %v: %s", c.p.AgencyID != nil, got, c.mine, b)
			}
		}
	})
}
