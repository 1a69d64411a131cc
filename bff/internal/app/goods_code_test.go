package app_test

import (
	"net/http"
	"testing"

	"mallconsole/bff/internal/apptest"
	"mallconsole/bff/internal/platform/perm"
	"mallconsole/bff/internal/seed"
)

// TestGoodsCodesPerAgency: a goods code is unique per seller, so agency B's operator neither
// learns nor blocks agency A's codes; within one seller — an agency, or the shop's own goods —
// a second row with the code is a 409 naming it.
func TestGoodsCodesPerAgency(t *testing.T) {
	for _, variant := range []string{"sqlite", "mysql"} {
		t.Run(variant, func(t *testing.T) {
			t.Parallel()
			s := apptest.Start(t, variant)
			grant(t, s, seed.ChannelRole, perm.GoodsList, perm.GoodsAdd)
			admin := client{t, s, s.Login(t, "admin", apptest.AdminPassword)}
			a := client{t, s, s.ChannelLogin(t, seed.ChannelUser, apptest.DemoPassword)}
			b := client{t, s, channelOperator(t, s, "channel_b", demoAgency(t, s, seed.OtherAgencyCode))}
			body := func(code string, agency int64) map[string]any {
				out := map[string]any{"name": "商品" + code, "code": code, "category": "digital", "price": "1", "stock": 1}
				if agency != 0 {
					out["agencyId"] = agency
				}
				return out
			}
			const taken = "code: 商品编码 MZ-0010 已存在"
			createdID(t, a.do(http.MethodPost, "/api/goods", body("MZ-0010", 0)))
			createdID(t, b.do(http.MethodPost, "/api/goods", body("MZ-0010", 0)))
			want(t, a.do(http.MethodPost, "/api/goods", body("MZ-0010", 0)), http.StatusConflict, taken)
			want(t, admin.do(http.MethodPost, "/api/goods", body("MZ-0010", demoAgency(t, s, seed.DemoAgencyCode))), http.StatusConflict, taken)
			createdID(t, admin.do(http.MethodPost, "/api/goods", body("MZ-0010", 0)))
			want(t, admin.do(http.MethodPost, "/api/goods", body("MZ-0010", 0)), http.StatusConflict, taken)
			for _, c := range []client{a, b} {
				var l goodsList
				c.do(http.MethodGet, "/api/goods?page=0&size=10", nil).JSON(t, &l)
				if l.codes() != "MZ-0010/1" {
					t.Fatalf("an operator lists %s", l.codes())
				}
			}
		})
	}
}
