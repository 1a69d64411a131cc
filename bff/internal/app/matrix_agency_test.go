package app_test

import (
	"fmt"
	"net/http"
	"testing"

	"mallconsole/bff/internal/agency"
	"mallconsole/bff/internal/apptest"
)

// pngHead is the smallest content the upload sniffing takes for a PNG picture.
var pngHead = append([]byte("\x89PNG\r\n\x1a\n"), make([]byte, 64)...)

// agencySamples: the matrix samples of 渠道管理 and 我的渠道.
func agencySamples() map[string]sample {
	channel := func(t *testing.T, m *matrix) string { return m.s.ChannelLogin(t, "channel", apptest.DemoPassword) }
	return map[string]sample{
		"GET /api/agencies": get("/api/agencies?page=0&size=10&blurry=a&enabled=true&certStatus=none" +
			"&startTime=2026-01-01&endTime=2026-12-31&sort=name,asc"),
		"GET /api/agencies/options": get("/api/agencies/options?blurry=杭州&ids=1,2"),
		"GET /api/agencies/:id": func(t *testing.T, m *matrix) apptest.Request {
			return apptest.Request{Path: fmt.Sprintf("/api/agencies/%v", m.newAgency(t)["id"])}
		},
		"POST /api/agencies": func(_ *testing.T, m *matrix) apptest.Request {
			return apptest.Request{Method: http.MethodPost, Path: "/api/agencies", JSON: agencyBody(m.next())}
		},
		"PUT /api/agencies":    put("/api/agencies", (*matrix).newAgency),
		"DELETE /api/agencies": del("/api/agencies", (*matrix).newAgency),
		"POST /api/agencies/download": func(t *testing.T, m *matrix) apptest.Request {
			return apptest.Request{Method: http.MethodPost, Path: "/api/agencies/download",
				JSON: map[string]any{"headers": []string{"名称"}, "fields": []string{"name"}, "ids": []any{m.newAgency(t)["id"]}}}
		},
		"POST /api/agencies/downloadAll": func(*testing.T, *matrix) apptest.Request {
			return apptest.Request{Method: http.MethodPost, Path: "/api/agencies/downloadAll",
				JSON: map[string]any{"headers": []string{"名称", "状态"}, "fields": []string{"name", "enabled"}, "enabled": "true"}}
		},
		"GET /api/agencies/:id/operators": func(t *testing.T, m *matrix) apptest.Request {
			return apptest.Request{Path: fmt.Sprintf("/api/agencies/%v/operators", m.newAgency(t)["id"])}
		},
		"POST /api/agencies/:id/operators": func(t *testing.T, m *matrix) apptest.Request {
			return apptest.Request{Method: http.MethodPost, Path: fmt.Sprintf("/api/agencies/%v/operators", m.newAgency(t)["id"]),
				JSON: operatorBody(m.next())}
		},
		"PUT /api/agencies/:id/operators/:userId/enabled": func(t *testing.T, m *matrix) apptest.Request {
			a, u := m.newOperator(t)
			return apptest.Request{Method: http.MethodPut, Path: fmt.Sprintf("/api/agencies/%d/operators/%d/enabled", a, u),
				JSON: map[string]any{"enabled": false}}
		},
		"PUT /api/agencies/:id/operators/:userId/password": func(t *testing.T, m *matrix) apptest.Request {
			a, u := m.newOperator(t)
			return apptest.Request{Method: http.MethodPut, Path: fmt.Sprintf("/api/agencies/%d/operators/%d/password", a, u),
				JSON: map[string]any{"password": "another-pass"}}
		},
		// 我的渠道: signed-in routes about the caller's own agency, sampled as the demo operator
		"GET /api/agencies/mine": func(t *testing.T, m *matrix) apptest.Request {
			return apptest.Request{Path: "/api/agencies/mine", Token: channel(t, m)}
		},
		"PUT /api/agencies/mine": func(t *testing.T, m *matrix) apptest.Request {
			return apptest.Request{Method: http.MethodPut, Path: "/api/agencies/mine", Token: channel(t, m),
				JSON: map[string]any{"contact": "李明", "phone": "13900000011", "address": "云栖小镇"}}
		},
		"POST " + agency.LogoRoute: func(t *testing.T, m *matrix) apptest.Request {
			body, ctype := fileUpload(t, "file", "logo.png", pngHead)
			return apptest.Request{Method: http.MethodPost, Path: agency.LogoRoute, Token: m.admin, Raw: body, RawType: ctype}
		},
	}
}

func agencyBody(n int) map[string]any {
	return map[string]any{"name": fmt.Sprintf("矩阵渠道%d", n), "code": fmt.Sprintf("MX%d", n), "contact": "联系人",
		"phone": "13900000000", "region": "浙江省/杭州市", "address": "文一西路"}
}

func operatorBody(n int) map[string]any {
	return map[string]any{"username": fmt.Sprintf("op%d", n), "nickName": "运营", "phone": "13900000001",
		"password": "matrix-pass"}
}

func (m *matrix) newAgency(t *testing.T) map[string]any {
	body := agencyBody(m.next())
	body["id"] = m.create(t, "/api/agencies", body)
	return body
}

// newOperator: a fresh agency with one operator; their IDs.
func (m *matrix) newOperator(t *testing.T) (agencyID, userID int64) {
	a := m.newAgency(t)["id"].(int64)
	return a, m.create(t, fmt.Sprintf("/api/agencies/%d/operators", a), operatorBody(m.next()))
}
