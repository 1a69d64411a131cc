package app_test

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"gorm.io/gorm"

	"mallconsole/bff/internal/agency"
	"mallconsole/bff/internal/apptest"
	"mallconsole/bff/internal/seed"
)

// agencyQueries counts the queries s's database answers about agencies from now on.
func agencyQueries(t *testing.T, s *apptest.Server) *atomic.Int64 {
	t.Helper()
	var n atomic.Int64
	name := fmt.Sprintf("test:agency-queries-%p", &n)
	err := s.DB.Callback().Query().After("gorm:query").Register(name, func(tx *gorm.DB) {
		if tx.Statement.Table == "agencies" {
			n.Add(1)
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	return &n
}

type namedRows struct {
	Content []struct {
		ID         int64  `json:"id"`
		AgencyID   *int64 `json:"agencyId"`
		AgencyName string `json:"agencyName"`
	} `json:"content"`
}

// names maps each row's id to its agency's name.
func (l namedRows) names() map[int64]string {
	out := map[int64]string{}
	for _, r := range l.Content {
		out[r.ID] = r.AgencyName
	}
	return out
}

// TestShopAgencyNames: goods and orders carry their agency's name beside its id in the list and
// the detail, and the sheet's agencyName column writes it (自营 for the shop's own rows). A page
// names its agencies in one query, an export in one per agency met, never one per row.
func TestShopAgencyNames(t *testing.T) {
	apptest.Each(t, func(t *testing.T, s *apptest.Server) {
		ctx := context.Background()
		agencies := agency.NewStore(s.DB, s.Generation)
		a, _, _ := agencies.ByCode(ctx, seed.DemoAgencyCode)
		b, _, _ := agencies.ByCode(ctx, seed.OtherAgencyCode)
		admin := client{t, s, s.Login(t, "admin", apptest.AdminPassword)}
		queries := agencyQueries(t, s)

		own, soldA, soldA2, soldB := shopOrder(t, s, nil), shopOrder(t, s, &a.ID), shopOrder(t, s, &a.ID), shopOrder(t, s, &b.ID)
		var l namedRows
		queries.Store(0)
		admin.do(http.MethodGet, "/api/orders?size=50", nil).JSON(t, &l)
		if got := l.names(); got[own] != "" || got[soldA] != a.Name || got[soldA2] != a.Name || got[soldB] != b.Name {
			t.Fatalf("order list names = %v", got)
		}
		if n := queries.Load(); n != 1 {
			t.Fatalf("a page of orders named its agencies in %d queries, want 1", n)
		}
		var d struct {
			AgencyID   int64  `json:"agencyId"`
			AgencyName string `json:"agencyName"`
		}
		admin.do(http.MethodGet, fmt.Sprintf("/api/orders/%d", soldB), nil).JSON(t, &d)
		if d.AgencyID != b.ID || d.AgencyName != b.Name {
			t.Fatalf("order detail = %+v", d)
		}
		queries.Store(0)
		rows := sheetRows(t, admin.do(http.MethodPost, "/api/orders/download", map[string]any{"headers": []string{"编号", "渠道"},
			"fields": []string{"id", "agencyName"}, "ids": []int64{own, soldA, soldA2, soldB}}))
		wantSheet(t, "orders", rows, map[int64]string{own: agency.Own, soldA: a.Name, soldA2: a.Name, soldB: b.Name})
		if n := queries.Load(); n != 2 {
			t.Fatalf("an export of 4 orders of 2 agencies read agencies %d times, want 2", n)
		}

		goods := func(code string, agencyID *int64) int64 {
			body := map[string]any{"name": "商品" + code, "code": code, "category": "food", "price": "1", "stock": 1}
			if agencyID != nil {
				body["agencyId"] = *agencyID
			}
			return createdID(t, admin.do(http.MethodPost, "/api/goods", body))
		}
		gOwn, gA := goods("NAME-OWN", nil), goods("NAME-A", &a.ID)
		admin.do(http.MethodGet, "/api/goods?blurry=NAME-", nil).JSON(t, &l)
		if got := l.names(); len(got) != 2 || got[gOwn] != "" || got[gA] != a.Name {
			t.Fatalf("goods list names = %v", got)
		}
		admin.do(http.MethodGet, fmt.Sprintf("/api/goods/%d", gA), nil).JSON(t, &d)
		if d.AgencyID != a.ID || d.AgencyName != a.Name {
			t.Fatalf("goods detail = %+v", d)
		}
		rows = sheetRows(t, admin.do(http.MethodPost, "/api/goods/downloadAll", map[string]any{"headers": []string{"编号", "渠道"},
			"fields": []string{"id", "agencyName"}, "blurry": "NAME-"}))
		wantSheet(t, "goods", rows, map[int64]string{gOwn: agency.Own, gA: a.Name})
		// agencyId still writes the number
		rows = sheetRows(t, admin.do(http.MethodPost, "/api/goods/download", map[string]any{"headers": []string{"渠道ID"},
			"fields": []string{"agencyId"}, "ids": []int64{gA}}))
		if fmt.Sprint(rows) != fmt.Sprintf("[[渠道ID] [%d]]", a.ID) {
			t.Fatalf("agencyId column = %v", rows)
		}
	})
}

// wantSheet checks a two-column sheet of id and agency name against want, in any order.
func wantSheet(t *testing.T, what string, rows [][]string, want map[int64]string) {
	t.Helper()
	var got, exp []string
	for _, r := range rows[1:] {
		got = append(got, strings.Join(r, "="))
	}
	for id, name := range want {
		exp = append(exp, fmt.Sprintf("%d=%s", id, name))
	}
	slices.Sort(got)
	slices.Sort(exp)
	if !slices.Equal(got, exp) {
		t.Fatalf("%s sheet = %v, want %v", what, rows, exp)
	}
}

type option struct {
	ID      int64  `json:"id"`
	Name    string `json:"name"`
	Code    string `json:"code"`
	Enabled bool   `json:"enabled"`
}

func optionNames(os []option) string {
	var ns []string
	for _, o := range os {
		ns = append(ns, o.Name)
	}
	return strings.Join(ns, ",")
}

// TestAgencyOptions: the 渠道 picker's GET /api/agencies/options — at most 20 by name, name or code
// contains, disabled ones too, the names of given ids; any of agency:list, goods:list, order:list;
// bad input a 400 naming the field; a channel session is offered its own agency only.
func TestAgencyOptions(t *testing.T) {
	apptest.Each(t, func(t *testing.T, s *apptest.Server) {
		admin := client{t, s, s.Login(t, "admin", apptest.AdminPassword)}
		ids := map[string]int64{}
		for i := 22; i >= 1; i-- { // created in reverse: the answer's order is the names', not the rows'
			code := fmt.Sprintf("OPT%02d", i)
			body := map[string]any{"name": fmt.Sprintf("选项渠道%02d", i), "code": code, "contact": "某", "phone": "13900000000",
				"enabled": i != 5}
			ids[code] = createdID(t, admin.do(http.MethodPost, "/api/agencies", body))
		}
		options := func(c client, query string) []option {
			t.Helper()
			var got []option
			r := c.do(http.MethodGet, "/api/agencies/options"+query, nil)
			if r.Status != http.StatusOK {
				t.Fatalf("%s: %d %s", query, r.Status, r.Body)
			}
			r.JSON(t, &got)
			return got
		}
		got := options(admin, "?blurry=选项")
		if len(got) != agency.OptionsMax || got[0].Name != "选项渠道01" || got[19].Name != "选项渠道20" {
			t.Fatalf("options by name = %s", optionNames(got))
		}
		if got[4].Code != "OPT05" || got[4].Enabled || !got[3].Enabled || got[4].ID != ids["OPT05"] {
			t.Fatalf("a disabled agency is offered as such: %+v", got[3:5])
		}
		if n := optionNames(options(admin, "?blurry=OPT2")); n != "选项渠道20,选项渠道21,选项渠道22" {
			t.Fatalf("by code = %s", n)
		}
		if n := optionNames(options(admin, "?blurry=渠道1")); n != strings.Join([]string{"选项渠道10", "选项渠道11", "选项渠道12",
			"选项渠道13", "选项渠道14", "选项渠道15", "选项渠道16", "选项渠道17", "选项渠道18", "选项渠道19"}, ",") {
			t.Fatalf("name contains = %s", n)
		}
		if n := optionNames(options(admin, fmt.Sprintf("?ids=%d,%d", ids["OPT22"], ids["OPT03"]))); n != "选项渠道03,选项渠道22" {
			t.Fatalf("by ids = %s", n)
		}
		if n := optionNames(options(admin, fmt.Sprintf("?ids=%d&blurry=OPT04", ids["OPT03"]))); n != "" {
			t.Fatalf("ids and blurry both narrow: %s", n)
		}
		if n := optionNames(options(admin, "?blurry=%25")); n != "" {
			t.Fatalf("a LIKE wildcard is a character: %s", n)
		}

		many := strings.TrimSuffix(strings.Repeat("1,", agency.OptionsMax+1), ",")
		for query, msg := range map[string]string{
			"?ids=3,a": "ids: 必须是以逗号分隔的正整数", "?ids=0": "ids: 必须是以逗号分隔的正整数", "?ids=3,": "ids: 必须是以逗号分隔的正整数",
			"?ids=" + many: "ids: 最多20个", "?blurry=" + strings.Repeat("渠", 65): "blurry: 太长",
		} {
			want(t, admin.do(http.MethodGet, "/api/agencies/options"+query, nil), http.StatusBadRequest, msg)
		}

		// Any one of the three permissions is enough; none of them is 403.
		m := &matrix{s: s, admin: admin.tok}
		for _, p := range []string{"agency:list", "goods:list", "order:list"} {
			if n := optionNames(options(client{t, s, m.userWith(t, []string{p})}, "?blurry=OPT01")); n != "选项渠道01" {
				t.Fatalf("with %s: %s", p, n)
			}
		}
		want(t, client{t, s, m.userWith(t, []string{"goods:add", "order:detail", "agency:edit"})}.do(http.MethodGet,
			"/api/agencies/options", nil), http.StatusForbidden, "")
	})
}
