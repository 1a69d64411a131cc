package app_test

import (
	"fmt"
	"net/http"
	"testing"

	"mallconsole/bff/internal/apptest"
)

type categoryNode struct {
	ID       int64          `json:"id"`
	PID      int64          `json:"pid"`
	Code     string         `json:"code"`
	Name     string         `json:"name"`
	Enabled  bool           `json:"enabled"`
	Children []categoryNode `json:"children"`
}

// find is the node with code in the tree, or nil.
func find(ns []categoryNode, code string) *categoryNode {
	for i := range ns {
		if ns[i].Code == code {
			return &ns[i]
		}
		if n := find(ns[i].Children, code); n != nil {
			return n
		}
	}
	return nil
}

// TestCategories: 商品分类 as the pages call it — a child under a seeded top category, goods in
// it found by the parent's filter, a disabled category hidden from the picker and refused for
// new goods but kept by its goods, and a channel session reading the tree without managing it.
func TestCategories(t *testing.T) {
	apptest.Each(t, func(t *testing.T, s *apptest.Server) {
		admin := client{t, s, s.Login(t, "admin", apptest.AdminPassword)}
		var tree []categoryNode
		admin.do(http.MethodGet, "/api/categories/tree", nil).JSON(t, &tree)
		clothing := find(tree, "clothing")
		if clothing == nil || clothing.Name != "服装" || len(tree) != 5 {
			t.Fatalf("seeded tree = %+v", tree)
		}
		men := createdID(t, admin.do(http.MethodPost, "/api/categories", map[string]any{"pid": clothing.ID, "name": "男装", "code": "men"}))
		tee := createdID(t, admin.do(http.MethodPost, "/api/categories", map[string]any{"pid": men, "name": "T恤", "code": "men-tee", "sort": 1}))
		want(t, admin.do(http.MethodPost, "/api/categories", map[string]any{"pid": tee, "name": "短袖", "code": "short"}), 400, "pid: 商品分类最多3级")
		want(t, admin.do(http.MethodPut, "/api/categories", map[string]any{"id": men, "pid": tee, "name": "男装", "code": "men"}), 400,
			"pid: 上级分类不能是自己或自己的下级")
		want(t, admin.do(http.MethodPost, "/api/categories", map[string]any{"name": "重复", "code": "men"}), 409, "code: 分类编码已存在")

		goods := func(code, cat string) apptest.Response {
			return admin.do(http.MethodPost, "/api/goods", map[string]any{"name": "商品" + code, "code": code, "category": cat, "price": "9.90", "stock": 1})
		}
		createdID(t, goods("TEE-1", "men-tee"))
		createdID(t, goods("CL-1", "clothing"))
		createdID(t, goods("DG-1", "digital"))
		var l goodsList
		admin.do(http.MethodGet, "/api/goods?page=0&size=10&sort=createTime,asc&category=clothing", nil).JSON(t, &l)
		if got := l.codes(); got != "TEE-1,CL-1/2" {
			t.Fatalf("goods of 服装 = %s, want the child's T恤 too", got)
		}
		want(t, admin.do(http.MethodDelete, fmt.Sprintf("/api/categories/%d", tee), nil), 409, "id: 分类下还有1件商品，不能删除")
		want(t, admin.do(http.MethodDelete, fmt.Sprintf("/api/categories/%d", men), nil), 409, "id: 分类下还有1个子分类，不能删除")

		// 男装 off: the picker drops it with T恤, new goods cannot use it, the filter still works.
		want(t, admin.do(http.MethodPut, "/api/categories", map[string]any{"id": men, "pid": clothing.ID, "name": "男装", "code": "men", "enabled": false}), 204, "")
		admin.do(http.MethodGet, "/api/categories/tree", nil).JSON(t, &tree)
		if find(tree, "men") != nil || find(tree, "men-tee") != nil || find(tree, "clothing") == nil {
			t.Fatalf("picker tree with 男装 off = %+v", tree)
		}
		admin.do(http.MethodGet, "/api/categories/tree?all=1", nil).JSON(t, &tree)
		if n := find(tree, "men-tee"); n == nil || n.PID != men {
			t.Fatalf("tree?all=1 = %+v", tree)
		}
		want(t, goods("TEE-2", "men-tee"), 400, "category: 商品分类已停用，请选择其他分类")
		admin.do(http.MethodGet, "/api/goods?page=0&size=10&category=men", nil).JSON(t, &l)
		if l.TotalElements != 1 {
			t.Fatalf("goods of a disabled 男装 = %s", l.codes())
		}

		ch := client{t, s, s.ChannelLogin(t, "channel", apptest.DemoPassword)}
		if r := ch.do(http.MethodGet, "/api/categories/tree", nil); r.Status != http.StatusOK {
			t.Fatalf("a channel session's picker tree: %d %s", r.Status, r.Body)
		}
		for _, r := range []apptest.Response{ch.do(http.MethodGet, "/api/categories", nil),
			ch.do(http.MethodPost, "/api/categories", map[string]any{"name": "渠道", "code": "ch"})} {
			if r.Status != http.StatusForbidden {
				t.Fatalf("a channel session managing categories: %d %s", r.Status, r.Body)
			}
		}
	})
}
