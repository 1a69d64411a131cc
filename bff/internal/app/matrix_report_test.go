package app_test

import (
	"net/http"
	"testing"

	"mallconsole/bff/internal/apptest"
)

// reportSamples: the matrix samples of the sales report's routes.
func reportSamples() map[string]sample {
	return map[string]sample{
		"GET /api/reports/sales": get("/api/reports/sales?start=2026-11-01&end=2026-11-30&by=goods"),
		"POST /api/reports/sales/download": func(*testing.T, *matrix) apptest.Request {
			return apptest.Request{Method: http.MethodPost, Path: "/api/reports/sales/download",
				JSON: map[string]any{"headers": []string{"日期", "净额"}, "fields": []string{"label", "net"}, "ids": []any{"2026-11-01"},
					"start": "2026-11-01", "end": "2026-11-30"}}
		},
		"POST /api/reports/sales/downloadAll": func(*testing.T, *matrix) apptest.Request {
			return apptest.Request{Method: http.MethodPost, Path: "/api/reports/sales/downloadAll",
				JSON: map[string]any{"headers": []string{"商品", "销售额"}, "fields": []string{"label", "sales"},
					"start": "2026-11-01", "end": "2026-11-30", "by": "goods"}}
		},
	}
}
