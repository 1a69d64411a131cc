package app_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"mallconsole/bff/internal/apptest"
	"mallconsole/bff/internal/menu"
	"mallconsole/bff/internal/order"
	"mallconsole/bff/internal/role"
	"mallconsole/bff/internal/seed"
)

type goodsList struct {
	Content []struct {
		ID            int64    `json:"id"`
		Code          string   `json:"code"`
		Price         string   `json:"price"`
		Cost          string   `json:"cost"`
		Stock         int64    `json:"stock"`
		Status        string   `json:"status"`
		GroundingTime string   `json:"groundingTime"`
		Gallery       []string `json:"gallery"`
		Description   *string  `json:"description"`
	} `json:"content"`
	TotalElements int `json:"totalElements"`
}

// codes lists the codes of a goods list answer, and the total.
func (l goodsList) codes() string {
	var cs []string
	for _, g := range l.Content {
		cs = append(cs, g.Code)
	}
	return fmt.Sprintf("%s/%d", strings.Join(cs, ","), l.TotalElements)
}

// grant gives a seeded role the menus that carry perms.
func grant(t *testing.T, s *apptest.Server, roleName string, perms ...string) {
	t.Helper()
	var menuIDs []int64
	var r role.Role
	if err := s.DB.Model(&menu.Menu{}).Where("permission IN ?", perms).Pluck("id", &menuIDs).Error; err != nil {
		t.Fatal(err)
	}
	if err := s.DB.Where("name = ?", roleName).Take(&r).Error; err != nil {
		t.Fatal(err)
	}
	if err := role.NewStore(s.DB, s.Generation).Grant(context.Background(), r.ID, menuIDs); err != nil {
		t.Fatal(err)
	}
}

// TestGoods: the goods page's calls as the front end makes them — create with validation, the
// list with both date ranges and sorts, 上架, edit, export, delete — and a channel session
// seeing only its agency's goods.
func TestGoods(t *testing.T) {
	apptest.Each(t, func(t *testing.T, s *apptest.Server) {
		admin := client{t, s, s.Login(t, "admin", apptest.AdminPassword)}
		body := func(code string, price any, stock any) map[string]any {
			return map[string]any{"name": "商品" + code, "code": code, "category": "digital", "price": price,
				"cost": "1", "stock": stock, "mainPicture": "/files/a.png", "gallery": []string{"https://cdn.example.com/b.png"},
				"description": `<p>好<img src=/api/files/x.png onerror="alert(1)"><img src=javascript:alert(2)></p>`}
		}
		// Validation: a 400 naming the field, nothing written.
		for _, c := range []struct {
			body map[string]any
			msg  string
		}{
			{body("V1", "-1", 1), "price: 必须是不小于0的金额，最多两位小数"},
			{body("V1", "1.005", 1), "price: 必须是不小于0的金额，最多两位小数"},
			{body("V1", "1", 1.5), "stock: 必须是0到1000000000之间的整数"},
			{body("V1", "1", -1), "stock: 必须是0到1000000000之间的整数"},
			{body("V1", nil, 1), "price: 不能为空"},
			{body("V1", "abc", 1), "price: 必须是不小于0的金额，最多两位小数"},
			{body("V1", json.RawMessage("1e3"), 1), "price: 必须是不小于0的金额，最多两位小数"},
			{body("V1", true, 1), "price: 类型错误"},
			{body("V1", "1", "5x"), "stock: 必须是0到1000000000之间的整数"},
			{map[string]any{"name": "x", "code": "V1", "category": "weapons", "price": 1, "stock": 1}, "category: 商品分类不存在"},
			{map[string]any{"name": "x", "code": "V1", "category": "digital", "price": 1, "stock": 1, "status": "sold"}, "status: 必须是draft、on_sale、off_sale之一"},
			{map[string]any{"name": "x", "code": "V1", "category": "digital", "price": 1, "stock": 1, "mainPicture": "javascript:alert(1)"}, "mainPicture: 图片地址必须以/、http://或https://开头"},
		} {
			want(t, admin.do(http.MethodPost, "/api/goods", c.body), http.StatusBadRequest, c.msg)
		}
		a := createdID(t, admin.do(http.MethodPost, "/api/goods", body("G-A", "12.5", 3)))
		want(t, admin.do(http.MethodPost, "/api/goods", body("G-A", "1", 1)), http.StatusConflict, "code: 商品编码 G-A 已存在")
		s.Clock.Advance(24 * time.Hour) // a day later, signed in again
		admin.tok = s.Login(t, "admin", apptest.AdminPassword)
		b := createdID(t, admin.do(http.MethodPost, "/api/goods", body("G-B", 99, 0)))

		var l goodsList
		admin.do(http.MethodGet, "/api/goods?page=0&size=10&sort=price,asc", nil).JSON(t, &l)
		if l.codes() != "G-A,G-B/2" || l.Content[0].Price != "12.50" || l.Content[1].Price != "99.00" ||
			l.Content[0].Cost != "1.00" || l.Content[0].Status != "draft" || l.Content[0].Description != nil ||
			len(l.Content[0].Gallery) != 1 {
			t.Fatalf("list = %s %+v", l.codes(), l.Content)
		}
		// The DataTable's createDate arrives as startTime/endTime (the test clock starts 2026-11-21 09:00 UTC).
		admin.do(http.MethodGet, "/api/goods?startTime=2026-11-22&endTime=2026-11-22&blurry=G-", nil).JSON(t, &l)
		if l.codes() != "G-B/1" {
			t.Fatalf("created on the 22nd = %s", l.codes())
		}
		want(t, admin.do(http.MethodGet, "/api/goods?sort=secret,asc", nil), http.StatusBadRequest, "sort: 不支持按secret排序")
		want(t, admin.do(http.MethodGet, "/api/goods?startTime=yesterday", nil), http.StatusBadRequest, "startTime: 时间格式必须是yyyy-MM-dd HH:mm:ss")
		want(t, admin.do(http.MethodGet, "/api/goods?groundingEndTime=0000-01-01", nil), http.StatusBadRequest, "groundingEndTime: 年份必须在1000到9999之间")

		// 上架 lists it now; the listing range (createDate1) finds it.
		want(t, admin.do(http.MethodPut, "/api/goods/status", map[string]any{"ids": []int64{a}, "status": "on_sale"}), http.StatusNoContent, "")
		want(t, admin.do(http.MethodPut, "/api/goods/status", map[string]any{"ids": []int64{a}, "status": "draft"}), http.StatusBadRequest, "status: 必须是on_sale、off_sale之一")
		admin.do(http.MethodGet, "/api/goods?groundingStartTime=2026-11-22&groundingEndTime=2026-11-22&status=on_sale", nil).JSON(t, &l)
		if l.codes() != "G-A/1" || l.Content[0].GroundingTime == "" {
			t.Fatalf("listed on the 22nd = %s %+v", l.codes(), l.Content)
		}
		// 库存预警 (the dashboard's link): on sale with a SKU at or under its threshold (10 for these).
		admin.do(http.MethodGet, "/api/goods?status=on_sale&lowStock=1", nil).JSON(t, &l)
		if l.codes() != "G-A/1" {
			t.Fatalf("low stock on sale = %s", l.codes())
		}
		admin.do(http.MethodGet, "/api/goods?lowStock=1&sort=stock,asc", nil).JSON(t, &l)
		if l.codes() != "G-B,G-A/2" {
			t.Fatalf("low stock = %s", l.codes())
		}
		want(t, admin.do(http.MethodGet, "/api/goods?lowStock=yes", nil), http.StatusBadRequest, "lowStock: 必须是1或0")

		// Edit (204) and the detail with its cleaned description.
		edit := body("G-B", "0.1", 7)
		edit["id"] = b
		want(t, admin.do(http.MethodPut, "/api/goods", edit), http.StatusNoContent, "")
		var one struct {
			Price       string `json:"price"`
			Stock       int64  `json:"stock"`
			Description string `json:"description"`
		}
		admin.do(http.MethodGet, fmt.Sprintf("/api/goods/%d", b), nil).JSON(t, &one)
		if one.Price != "0.10" || one.Stock != 7 || one.Description != `<p>好<img src="/api/files/x.png"></p>` {
			t.Fatalf("detail = %+v", one)
		}
		want(t, admin.do(http.MethodGet, "/api/goods/999999", nil), http.StatusNotFound, "商品不存在")

		// Export all on sale: money as numbers shown with two decimals (a sheet sums them), the
		// category by its dictionary label, the status in words.
		r := admin.do(http.MethodPost, "/api/goods/downloadAll", map[string]any{"headers": []string{"编码", "分类", "价格", "状态"},
			"fields": []string{"code", "category", "price", "status"}, "createDate": []string{"2026-11-01 00:00:00", "2026-11-30 23:59:59"}, "sort": "price,desc"})
		if rows := sheetRows(t, r); fmt.Sprint(rows) != "[[编码 分类 价格 状态] [G-A 数码 12.50 在售] [G-B 数码 0.10 草稿]]" {
			t.Fatalf("export = %v", rows)
		}
		if sum := apptest.Sum(t, r.Workbook(t), "C2:C3"); sum != "12.6" {
			t.Fatalf("SUM(价格) = %s", sum)
		}

		var bare map[string]any
		admin.do(http.MethodGet, fmt.Sprintf("/api/goods/%d", createdID(t, admin.do(http.MethodPost, "/api/goods",
			map[string]any{"name": "无描述", "code": "G-C", "category": "food", "price": 1, "stock": 1}))), nil).JSON(t, &bare)
		if d, ok := bare["description"]; !ok || d != "" {
			t.Fatalf("a detail without a description must still carry the field: %v", bare)
		}
		// A channel session with goods:list sees none of the shop's goods (its agency has none).
		grant(t, s, seed.ChannelRole, "goods:list")
		ch := client{t, s, s.ChannelLogin(t, "channel", apptest.DemoPassword)}
		ch.do(http.MethodGet, "/api/goods", nil).JSON(t, &l)
		if l.TotalElements != 0 {
			t.Fatalf("a channel session sees %s", l.codes())
		}
		want(t, ch.do(http.MethodGet, fmt.Sprintf("/api/goods/%d", a), nil), http.StatusNotFound, "商品不存在")

		want(t, admin.do(http.MethodDelete, "/api/goods", []int64{a, b, int64(bare["id"].(float64))}), http.StatusOK, "")
		admin.do(http.MethodGet, "/api/goods", nil).JSON(t, &l)
		if l.TotalElements != 0 {
			t.Fatalf("after delete: %s", l.codes())
		}
	})
}

func sheetRows(t *testing.T, r apptest.Response) [][]string {
	t.Helper()
	return r.Sheet(t)
}

// TestOrders: the order page's calls — the list with masked phones and filters, the tab
// counts, the detail with the full phone, items and history, shipping with its checks, an
// illegal move, export — and a channel session seeing only its agency's orders.
func TestOrders(t *testing.T) {
	apptest.Each(t, func(t *testing.T, s *apptest.Server) {
		admin := client{t, s, s.Login(t, "admin", apptest.AdminPassword)}
		unpaid := shopOrder(t, s, nil)
		paid := shopOrder(t, s, nil, order.Pay)
		shopOrder(t, s, ptr(int64(3)), order.Pay, order.Ship)

		var l struct {
			Content []struct {
				ID      int64   `json:"id"`
				OrderNo string  `json:"orderNo"`
				Phone   string  `json:"phone"`
				Amount  string  `json:"amount"`
				Status  string  `json:"status"`
				Address *string `json:"address"`
			} `json:"content"`
			TotalElements int `json:"totalElements"`
		}
		admin.do(http.MethodGet, "/api/orders?page=0&size=10&status=paid&phone=138", nil).JSON(t, &l)
		if l.TotalElements != 1 || l.Content[0].ID != paid || l.Content[0].Phone != "138****5678" ||
			l.Content[0].Amount != "47.98" || l.Content[0].Address != nil {
			t.Fatalf("paid orders = %+v", l)
		}
		admin.do(http.MethodGet, "/api/orders?agencyId=3", nil).JSON(t, &l)
		if l.TotalElements != 1 || l.Content[0].Status != "shipped" {
			t.Fatalf("agency 3's orders = %+v", l)
		}
		want(t, admin.do(http.MethodGet, "/api/orders?status=lost", nil), http.StatusBadRequest,
			"status: 必须是unpaid、paid、shipped、completed、closed、refunded之一")
		want(t, admin.do(http.MethodGet, "/api/orders?phone=1%25", nil), http.StatusBadRequest, "phone: 只能包含字母、数字和-")
		want(t, admin.do(http.MethodGet, "/api/orders?startTime=0999-01-01", nil), http.StatusBadRequest, "startTime: 年份必须在1000到9999之间")

		var counts map[string]int64
		admin.do(http.MethodGet, "/api/orders/counts?status=paid", nil).JSON(t, &counts)
		if fmt.Sprint(counts) != "map[all:3 closed:0 completed:0 paid:1 refunded:0 shipped:1 unpaid:1]" {
			t.Fatalf("counts = %v", counts)
		}

		// Shipping: both fields, a company of the dictionary, then 204; shipping again is illegal.
		ship := fmt.Sprintf("/api/orders/%d/ship", paid)
		want(t, admin.do(http.MethodPut, ship, map[string]any{"expressCompany": "SF"}), http.StatusBadRequest, "trackingNo: 不能为空")
		want(t, admin.do(http.MethodPut, ship, map[string]any{"expressCompany": "UFO", "trackingNo": "1"}), http.StatusBadRequest, "expressCompany: 快递公司不存在")
		want(t, admin.do(http.MethodPut, ship, map[string]any{"expressCompany": "SF", "trackingNo": "SF 1"}), http.StatusBadRequest, "trackingNo: 只能包含字母、数字和-")
		want(t, admin.do(http.MethodPut, ship, map[string]any{"expressCompany": "SF", "trackingNo": "SF100200", "note": "加急"}), http.StatusNoContent, "")
		want(t, admin.do(http.MethodPut, ship, map[string]any{"expressCompany": "SF", "trackingNo": "SF100200"}), http.StatusConflict, "status: 订单状态为已发货，不能变为已发货")
		want(t, admin.do(http.MethodPut, fmt.Sprintf("/api/orders/%d/refund", paid), nil), http.StatusConflict, "status: 订单状态为已发货，不能变为已退款")
		want(t, admin.do(http.MethodPut, fmt.Sprintf("/api/orders/%d/complete", unpaid), nil), http.StatusConflict, "status: 订单状态为待付款，不能变为已完成")
		want(t, admin.do(http.MethodPut, "/api/orders/999999/close", nil), http.StatusNotFound, "订单不存在")

		var d struct {
			Phone          string `json:"phone"`
			Address        string `json:"address"`
			Status         string `json:"status"`
			ExpressCompany string `json:"expressCompany"`
			TrackingNo     string `json:"trackingNo"`
			Items          []struct {
				GoodsName string `json:"goodsName"`
				UnitPrice string `json:"unitPrice"`
				Quantity  int64  `json:"quantity"`
			} `json:"items"`
			History []struct {
				From, To, Operator, Note string
			} `json:"history"`
		}
		admin.do(http.MethodGet, fmt.Sprintf("/api/orders/%d", paid), nil).JSON(t, &d)
		if d.Phone != "13812345678" || d.Address != "上海市浦东新区" || d.Status != "shipped" || d.TrackingNo != "SF100200" ||
			len(d.Items) != 1 || d.Items[0].UnitPrice != "19.99" || d.Items[0].Quantity != 2 ||
			len(d.History) != 3 || d.History[2].From != "paid" || d.History[2].To != "shipped" || d.History[2].Operator != "admin" || d.History[2].Note != "加急" {
			t.Fatalf("detail = %+v", d)
		}

		// the amount a number, the express company by its name (not its code SF)
		r := admin.do(http.MethodPost, "/api/orders/downloadAll", map[string]any{"headers": []string{"手机", "金额", "状态", "快递公司", "快递单号"},
			"fields": []string{"phone", "amount", "status", "expressCompany", "trackingNo"}, "status": "shipped", "agencyId": 3})
		if rows := sheetRows(t, r); fmt.Sprint(rows) != "[[手机 金额 状态 快递公司 快递单号] [138****5678 47.98 已发货 顺丰速运 SF1]]" {
			t.Fatalf("export = %v", rows)
		}
		if sum := apptest.Sum(t, r.Workbook(t), "B2:B2"); sum != "47.98" {
			t.Fatalf("SUM(金额) = %s", sum)
		}

		// A channel session with order:list and order:close reaches none of the shop's orders.
		grant(t, s, seed.ChannelRole, "order:list", "order:close")
		ch := client{t, s, s.ChannelLogin(t, "channel", apptest.DemoPassword)}
		ch.do(http.MethodGet, "/api/orders", nil).JSON(t, &l)
		if l.TotalElements != 0 {
			t.Fatalf("a channel session sees %+v", l)
		}
		want(t, ch.do(http.MethodPut, fmt.Sprintf("/api/orders/%d/close", unpaid), nil), http.StatusNotFound, "订单不存在")
	})
}

func ptr[T any](v T) *T { return &v }
