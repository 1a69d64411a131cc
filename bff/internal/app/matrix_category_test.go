package app_test

import (
	"fmt"
	"net/http"
	"testing"

	"mallconsole/bff/internal/apptest"
)

// categorySamples: the matrix samples of 商品分类's routes.
func categorySamples() map[string]sample {
	return map[string]sample{
		"GET /api/categories/tree": get("/api/categories/tree?all=1"),
		"GET /api/categories":      get("/api/categories?name=d"),
		"POST /api/categories": func(t *testing.T, m *matrix) apptest.Request {
			n := m.next()
			return apptest.Request{Method: http.MethodPost, Path: "/api/categories",
				JSON: map[string]any{"name": fmt.Sprintf("分类%d", n), "code": fmt.Sprintf("mx-%d", n)}}
		},
		"PUT /api/categories": func(t *testing.T, m *matrix) apptest.Request {
			body := m.newCategory(t)
			body["name"] = "改名"
			return apptest.Request{Method: http.MethodPut, Path: "/api/categories", JSON: body}
		},
		"DELETE /api/categories/:id": func(t *testing.T, m *matrix) apptest.Request {
			return apptest.Request{Method: http.MethodDelete, Path: fmt.Sprintf("/api/categories/%v", m.newCategory(t)["id"])}
		},
	}
}

func (m *matrix) newCategory(t *testing.T) map[string]any {
	n := m.next()
	body := map[string]any{"name": fmt.Sprintf("分类%d", n), "code": fmt.Sprintf("mxc-%d", n), "sort": 1}
	body["id"] = m.create(t, "/api/categories", body)
	return body
}
