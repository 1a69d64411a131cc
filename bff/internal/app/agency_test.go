package app_test

import (
	"bytes"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"mallconsole/bff/internal/agency"
	"mallconsole/bff/internal/apptest"
)

type agencyList struct {
	Content []struct {
		ID         int64  `json:"id"`
		Code       string `json:"code"`
		Enabled    bool   `json:"enabled"`
		CertStatus string `json:"certStatus"`
		Region     string `json:"region"`
		Logo       string `json:"logo"`
	} `json:"content"`
	TotalElements int `json:"totalElements"`
}

func (l agencyList) codes() string {
	var out []string
	for _, r := range l.Content {
		out = append(out, r.Code)
	}
	return strings.Join(out, ",")
}

// TestAgencies: 渠道管理's HTTP contract: field checks, the unique code, search, sort and paging,
// the export, the delete refused while operators exist, and /look's figures.
func TestAgencies(t *testing.T) {
	apptest.Each(t, func(t *testing.T, s *apptest.Server) {
		admin := client{t, s, s.Login(t, "admin", apptest.AdminPassword)}
		r := admin.do(http.MethodPost, "/api/agencies", map[string]any{"name": "", "code": "a b", "contact": "", "phone": "123"})
		want(t, r, http.StatusBadRequest, "")
		fields := map[string]string{}
		for _, f := range r.Error(t).Errors {
			fields[f.Field] = f.Message
		}
		if fields["name"] != "不能为空" || fields["code"] != "只能包含字母、数字、-和_" || fields["contact"] != "不能为空" ||
			fields["phone"] == "" {
			t.Fatalf("field errors = %v", fields)
		}
		want(t, admin.do(http.MethodPost, "/api/agencies", map[string]any{"name": "外链", "code": "LOGO1", "contact": "某",
			"phone": "13900000000", "logo": "https://evil.example/x.png"}), http.StatusBadRequest, "logo: 请上传图片")
		body := func(code string, enabled bool) map[string]any {
			return map[string]any{"name": "测试渠道" + code, "code": code, "contact": "赵六", "phone": "13900000001",
				"region": "江苏省/南京市", "address": "中山路 1 号", "enabled": enabled}
		}
		x := createdID(t, admin.do(http.MethodPost, "/api/agencies", body("T-X", true)))
		y := createdID(t, admin.do(http.MethodPost, "/api/agencies", body("T-Y", false)))
		want(t, admin.do(http.MethodPost, "/api/agencies", body("T-X", true)), http.StatusConflict, "code: 渠道编码已存在")

		var l agencyList
		admin.do(http.MethodGet, "/api/agencies?blurry=T-&sort=code,desc&page=0&size=1", nil).JSON(t, &l)
		if l.TotalElements != 2 || l.codes() != "T-Y" {
			t.Fatalf("page 0 of blurry T-, code desc = %+v", l)
		}
		admin.do(http.MethodGet, "/api/agencies?blurry=T-&enabled=false", nil).JSON(t, &l)
		if l.codes() != "T-Y" || l.Content[0].CertStatus != agency.CertNone || l.Content[0].Region != "江苏省/南京市" {
			t.Fatalf("停用 filter = %+v", l)
		}
		admin.do(http.MethodGet, "/api/agencies?blurry=T-&startTime=2000-01-01&endTime=2000-01-02", nil).JSON(t, &l)
		if l.TotalElements != 0 {
			t.Fatalf("created in 2000: %+v", l)
		}
		want(t, admin.do(http.MethodGet, "/api/agencies?enabled=maybe", nil), http.StatusBadRequest, "")
		want(t, admin.do(http.MethodGet, "/api/agencies?sort=phone,asc", nil), http.StatusBadRequest, "")

		edit := body("T-X2", true)
		edit["id"] = x
		want(t, admin.do(http.MethodPut, "/api/agencies", edit), http.StatusNoContent, "")
		edit["id"] = 999999
		want(t, admin.do(http.MethodPut, "/api/agencies", edit), http.StatusNotFound, "渠道不存在")

		got := fmt.Sprint(sheetRows(t, admin.do(http.MethodPost, "/api/agencies/downloadAll", map[string]any{
			"headers": []string{"编码", "状态", "认证"}, "fields": []string{"code", "enabled", "certStatus"}, "blurry": "T-",
			"sort": "code,asc"})))
		if got != "[[编码 状态 认证] [T-X2 启用 未认证] [T-Y 停用 未认证]]" {
			t.Fatalf("export = %s", got)
		}

		// an operator blocks the delete; without one it goes
		op := createdID(t, admin.do(http.MethodPost, fmt.Sprintf("/api/agencies/%d/operators", x),
			map[string]any{"username": "t-op", "nickName": "运营", "phone": "13900000002", "password": "t-op-pass"}))
		want(t, admin.do(http.MethodPost, fmt.Sprintf("/api/agencies/%d/operators", y),
			map[string]any{"username": "T-OP", "nickName": "运营", "phone": "13900000002", "password": "t-op-pass"}),
			http.StatusConflict, "username: 用户名与已有用户名仅大小写或写法不同")
		want(t, admin.do(http.MethodPost, fmt.Sprintf("/api/agencies/%d/operators", y),
			map[string]any{"username": "short", "nickName": "运营", "phone": "13900000002", "password": "123"}),
			http.StatusBadRequest, "")
		want(t, admin.do(http.MethodDelete, "/api/agencies", []int64{x, y}), http.StatusConflict, "ids: 渠道下还有运营账号，不能删除")
		want(t, admin.do(http.MethodPut, fmt.Sprintf("/api/agencies/%d/operators/%d/enabled", y, op), map[string]any{"enabled": false}),
			http.StatusNotFound, "该渠道没有这个运营账号")
		var look struct {
			Code       string `json:"code"`
			OrderCount int64  `json:"orderCount"`
			Sales      string `json:"sales"`
			Operators  []struct {
				Username string `json:"username"`
			} `json:"operators"`
		}
		shopOrder(t, s, &y, "pay")
		admin.do(http.MethodGet, fmt.Sprintf("/api/agencies/%d", x), nil).JSON(t, &look)
		if look.Code != "T-X2" || len(look.Operators) != 1 || look.Operators[0].Username != "t-op" || look.OrderCount != 0 {
			t.Fatalf("look x = %+v", look)
		}
		admin.do(http.MethodGet, fmt.Sprintf("/api/agencies/%d", y), nil).JSON(t, &look)
		if look.OrderCount != 1 || look.Sales == "0.00" {
			t.Fatalf("look y = %+v", look)
		}
		want(t, admin.do(http.MethodDelete, "/api/agencies", []int64{y}), http.StatusConflict, "ids: 渠道已有订单，不能删除")
		z := createdID(t, admin.do(http.MethodPost, "/api/agencies", body("T-Z", true)))
		want(t, admin.do(http.MethodDelete, "/api/agencies", []int64{z}), http.StatusOK, "")
		want(t, admin.do(http.MethodDelete, "/api/agencies", []int64{z}), http.StatusNotFound, "渠道不存在")
		want(t, admin.do(http.MethodGet, "/api/agencies/mine", nil), http.StatusNotFound, "当前账号不属于任何渠道")
	})
}

// TestAgencyOperators: staff create an operator, who signs in at /newLogin's endpoint; 停用 of
// the agency through the page's edit ends their session at once (405), as do disabling the
// operator and resetting their password.
func TestAgencyOperators(t *testing.T) {
	apptest.Each(t, func(t *testing.T, s *apptest.Server) {
		admin := client{t, s, s.Login(t, "admin", apptest.AdminPassword)}
		body := map[string]any{"name": "停用测试", "code": "T-OFF", "contact": "某", "phone": "13900000003"}
		id := createdID(t, admin.do(http.MethodPost, "/api/agencies", body))
		ops := fmt.Sprintf("/api/agencies/%d/operators", id)
		op := createdID(t, admin.do(http.MethodPost, ops,
			map[string]any{"username": "off-op", "nickName": "运营", "phone": "13900000004", "password": "off-op-pass"}))
		ch := client{t, s, s.ChannelLogin(t, "off-op", "off-op-pass")}
		var mine struct {
			Code string `json:"code"`
		}
		ch.do(http.MethodGet, "/api/agencies/mine", nil).JSON(t, &mine)
		if mine.Code != "T-OFF" {
			t.Fatalf("mine = %+v", mine)
		}
		body["id"], body["enabled"] = id, false
		want(t, admin.do(http.MethodPut, "/api/agencies", body), http.StatusNoContent, "")
		want(t, ch.do(http.MethodGet, "/api/agencies/mine", nil), http.StatusMethodNotAllowed, "登录状态已过期，请重新登录")
		body["enabled"] = true
		want(t, admin.do(http.MethodPut, "/api/agencies", body), http.StatusNoContent, "")

		ch.tok = s.ChannelLogin(t, "off-op", "off-op-pass")
		want(t, admin.do(http.MethodPut, fmt.Sprintf("%s/%d/password", ops, op), map[string]any{"password": "new-pass-1"}),
			http.StatusNoContent, "")
		want(t, ch.do(http.MethodGet, "/api/agencies/mine", nil), http.StatusMethodNotAllowed, "")
		ch.tok = s.ChannelLogin(t, "off-op", "new-pass-1")
		want(t, admin.do(http.MethodPut, fmt.Sprintf("%s/%d/enabled", ops, op), map[string]any{"enabled": false}),
			http.StatusNoContent, "")
		want(t, ch.do(http.MethodGet, "/api/agencies/mine", nil), http.StatusMethodNotAllowed, "")
		var list []struct {
			Username string `json:"username"`
			Enabled  bool   `json:"enabled"`
		}
		admin.do(http.MethodGet, ops, nil).JSON(t, &list)
		if len(list) != 1 || list[0].Username != "off-op" || list[0].Enabled {
			t.Fatalf("operators = %+v", list)
		}
	})
}

// TestAgencyLogo: the logo is an image by its content and at most 2 MB; staff upload for an
// agency by id, or before it exists (the create form).
func TestAgencyLogo(t *testing.T) {
	apptest.Each(t, func(t *testing.T, s *apptest.Server) {
		admin := client{t, s, s.Login(t, "admin", apptest.AdminPassword)}
		upload := func(tok, query, name string, content []byte) apptest.Response {
			body, ctype := fileUpload(t, "file", name, content)
			return s.Do(t, apptest.Request{Method: http.MethodPost, Path: agency.LogoRoute + query, Token: tok, Raw: body, RawType: ctype})
		}
		r := upload(admin.tok, "", "logo.png", []byte("<svg xmlns='http://www.w3.org/2000/svg'></svg>"))
		if r.Status != http.StatusBadRequest {
			t.Fatalf("svg named .png: %d %s", r.Status, r.Body)
		}
		big := append(append([]byte{}, pngHead...), bytes.Repeat([]byte{0}, 2<<20)...)
		if r := upload(admin.tok, "", "big.png", big); r.Status != http.StatusRequestEntityTooLarge {
			t.Fatalf("2 MB + : %d %s", r.Status, r.Body)
		}
		var got struct {
			Logo string `json:"logo"`
		}
		upload(admin.tok, "", "logo.png", pngHead).JSON(t, &got)
		id := createdID(t, admin.do(http.MethodPost, "/api/agencies", map[string]any{"name": "有标志", "code": "T-LOGO",
			"contact": "某", "phone": "13900000005", "logo": got.Logo}))
		var l agencyList
		admin.do(http.MethodGet, "/api/agencies?blurry=T-LOGO", nil).JSON(t, &l)
		if l.Content[0].Logo != got.Logo || s.Do(t, apptest.Request{Path: got.Logo, Token: admin.tok}).Status != http.StatusOK {
			t.Fatalf("logo %q in the list: %+v", got.Logo, l)
		}
		if r := upload(admin.tok, "?id=999999", "logo.png", pngHead); r.Status != http.StatusNotFound {
			t.Fatalf("logo for a missing agency: %d %s", r.Status, r.Body)
		}
		upload(admin.tok, fmt.Sprintf("?id=%d", id), "logo.png", pngHead).JSON(t, &got)
		admin.do(http.MethodGet, "/api/agencies?blurry=T-LOGO", nil).JSON(t, &l)
		if l.Content[0].Logo != got.Logo {
			t.Fatalf("replaced logo %q, list %+v", got.Logo, l)
		}
	})
}
