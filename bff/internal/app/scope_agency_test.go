package app_test

import (
	"context"
	"fmt"
	"net/http"

	"mallconsole/bff/internal/agency"
	"mallconsole/bff/internal/apptest"
	"mallconsole/bff/internal/platform/perm"
)

// agencyScope: 渠道管理's routes are the back office's: an operator is refused (403) even when
// their role holds every agency permission, and nothing of B's changes; 我的渠道 and the logo
// upload reach A's own agency only, whatever the request names.
func agencyScope() scopeSuite {
	return scopeSuite{
		perms:    []string{perm.AgencyList, perm.AgencyAdd, perm.AgencyEdit, perm.AgencyDel, perm.AgencyExport},
		prefixes: []string{"/api/agencies", "/api/agencyBasicInfo"},
		cases:    agencyScopeCases,
	}
}

func agencyScopeCases(e *scopeEnv) map[string]func() {
	t, s, a, b, admin, ch := e.t, e.s, e.a, e.b, e.admin, e.ch
	ctx := context.Background()
	store := agency.NewStore(s.DB, s.Generation)
	row := func(id int64) agency.Agency {
		got, found, err := store.ByID(ctx, id)
		if err != nil || !found {
			t.Fatalf("agency %d: %v %v", id, found, err)
		}
		return got
	}
	opB := createdID(t, admin.do(http.MethodPost, fmt.Sprintf("/api/agencies/%d/operators", b.ID),
		map[string]any{"username": "scope-op-b", "nickName": "B运营", "phone": "13900000021", "password": "scope-pass"}))
	const refused = "渠道账号不能管理渠道"
	staffOnly := func(method, path string, body any) func() {
		return func() {
			before := row(b.ID)
			want(t, ch.do(method, path, body), http.StatusForbidden, refused)
			if after := row(b.ID); after != before {
				t.Fatalf("%s %s changed B: %+v -> %+v", method, path, before, after)
			}
		}
	}
	bPath := fmt.Sprintf("/api/agencies/%d", b.ID)
	ops := fmt.Sprintf("%s/operators/%d", bPath, opB)
	return map[string]func(){
		"GET /api/agencies":     staffOnly(http.MethodGet, "/api/agencies", nil),
		"GET /api/agencies/:id": staffOnly(http.MethodGet, bPath, nil),
		"POST /api/agencies": func() {
			staffOnly(http.MethodPost, "/api/agencies", map[string]any{"name": "渠道自建", "code": "SCOPE-NEW",
				"contact": "某", "phone": "13900000000"})()
			if _, found, _ := store.ByCode(ctx, "SCOPE-NEW"); found {
				t.Fatal("a channel session created an agency")
			}
		},
		"PUT /api/agencies": staffOnly(http.MethodPut, "/api/agencies", map[string]any{"id": b.ID, "name": "改", "code": b.Code,
			"contact": "某", "phone": "13900000000", "enabled": false}),
		"DELETE /api/agencies": staffOnly(http.MethodDelete, "/api/agencies", []int64{b.ID}),
		"POST /api/agencies/download": staffOnly(http.MethodPost, "/api/agencies/download",
			map[string]any{"headers": []string{"名称"}, "fields": []string{"name"}, "ids": []int64{a.ID, b.ID}}),
		"POST /api/agencies/downloadAll": staffOnly(http.MethodPost, "/api/agencies/downloadAll",
			map[string]any{"headers": []string{"名称"}, "fields": []string{"name"}}),
		"GET /api/agencies/:id/operators": staffOnly(http.MethodGet, bPath+"/operators", nil),
		"POST /api/agencies/:id/operators": staffOnly(http.MethodPost, bPath+"/operators",
			map[string]any{"username": "scope-op-x", "nickName": "X", "phone": "13900000022", "password": "scope-pass"}),
		"PUT /api/agencies/:id/operators/:userId/enabled":  staffOnly(http.MethodPut, ops+"/enabled", map[string]any{"enabled": false}),
		"PUT /api/agencies/:id/operators/:userId/password": staffOnly(http.MethodPut, ops+"/password", map[string]any{"password": "taken-over"}),
		// the 渠道 picker (goods:list is enough): A alone, whatever the search or the ids name
		"GET /api/agencies/options": func() {
			onlyA := fmt.Sprint([]int64{a.ID})
			for q, want := range map[string]string{"": onlyA, "?blurry=" + b.Code: "[]", fmt.Sprintf("?ids=%d,%d", a.ID, b.ID): onlyA} {
				var got []struct {
					ID int64 `json:"id"`
				}
				ch.do(http.MethodGet, "/api/agencies/options"+q, nil).JSON(t, &got)
				ids := []int64{}
				for _, o := range got {
					ids = append(ids, o.ID)
				}
				if fmt.Sprint(ids) != want {
					t.Fatalf("options%s = %v, want %s", q, ids, want)
				}
			}
		},
		"GET /api/agencies/mine": func() {
			var got struct {
				ID   int64  `json:"id"`
				Code string `json:"code"`
			}
			ch.do(http.MethodGet, "/api/agencies/mine?id="+fmt.Sprint(b.ID), nil).JSON(t, &got)
			if got.ID != a.ID || got.Code != a.Code {
				t.Fatalf("mine = %+v, want agency %d", got, a.ID)
			}
		},
		"PUT /api/agencies/mine": func() {
			before := row(b.ID)
			want(t, ch.do(http.MethodPut, "/api/agencies/mine", map[string]any{"id": b.ID, "contact": "A联系人",
				"phone": "13900000031", "address": "A地址"}), http.StatusNoContent, "")
			if got := row(a.ID); got.Contact != "A联系人" || got.Address != "A地址" {
				t.Fatalf("A after edit = %+v", got)
			}
			if row(b.ID) != before {
				t.Fatal("editing my agency changed B")
			}
		},
		"POST " + agency.LogoRoute: func() {
			before := row(b.ID)
			body, ctype := fileUpload(t, "file", "logo.png", pngHead)
			r := s.Do(t, apptest.Request{Method: http.MethodPost, Path: agency.LogoRoute + "?id=" + fmt.Sprint(b.ID),
				Token: ch.tok, Raw: body, RawType: ctype})
			var got struct {
				Logo string `json:"logo"`
			}
			r.JSON(t, &got)
			if r.Status != http.StatusOK || row(a.ID).Logo != got.Logo || row(b.ID) != before {
				t.Fatalf("logo upload as A naming B: %d %s; A %q, B %+v", r.Status, r.Body, row(a.ID).Logo, row(b.ID))
			}
		},
	}
}
