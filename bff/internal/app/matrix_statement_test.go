package app_test

import (
	"fmt"
	"net/http"
	"testing"
	"time"

	"mallconsole/bff/internal/apptest"
	"mallconsole/bff/internal/statement"
)

// statementOf makes (again) the first agency's statement of the running month as the admin and
// gives its ID.
func (m *matrix) statementOf(t *testing.T) int64 {
	t.Helper()
	var agencyID int64
	m.s.DB.Raw("SELECT id FROM agencies ORDER BY id").Limit(1).Scan(&agencyID)
	return m.create(t, "/api/statements/generate", map[string]any{"agencyId": agencyID,
		"month": m.s.Clock.Now().In(time.Local).Format(statement.MonthLayout)})
}

// statementSamples: the matrix samples of the statements' routes.
func statementSamples() map[string]sample {
	at := func(suffix string) sample {
		return func(t *testing.T, m *matrix) apptest.Request {
			return apptest.Request{Path: fmt.Sprintf("/api/statements/%d%s", m.statementOf(t), suffix)}
		}
	}
	return map[string]sample{
		"GET /api/statements":              get("/api/statements?month=2026-11&page=0&size=10"),
		"GET /api/statements/:id":          at(""),
		"GET /api/statements/:id/download": at("/download?format=xlsx"),
		"POST /api/statements/generate": func(t *testing.T, m *matrix) apptest.Request {
			var agencyID int64
			m.s.DB.Raw("SELECT id FROM agencies ORDER BY id").Limit(1).Scan(&agencyID)
			return apptest.Request{Method: http.MethodPost, Path: "/api/statements/generate",
				JSON: map[string]any{"agencyId": agencyID, "month": m.s.Clock.Now().In(time.Local).Format(statement.MonthLayout)}}
		},
		"POST /api/statements/:id/adjustments": func(t *testing.T, m *matrix) apptest.Request {
			return apptest.Request{Method: http.MethodPost, Path: fmt.Sprintf("/api/statements/%d/adjustments", m.statementOf(t)),
				JSON: map[string]any{"amount": "-1.00", "reason": "矩阵"}}
		},
	}
}
