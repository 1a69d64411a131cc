package app_test

import (
	"fmt"
	"net/http"
	"strings"
	"time"

	"mallconsole/bff/internal/platform/perm"
	"mallconsole/bff/internal/statement"
)

// statementScope: agency A's operator holding every statement permission lists, reads and
// downloads A's statements only (B's: 404), and can neither make nor adjust one (403), whatever
// the request names.
func statementScope() scopeSuite {
	return scopeSuite{
		perms:    []string{perm.StatementList, perm.StatementGenerate, perm.StatementAdjust},
		prefixes: []string{"/api/statements"},
		cases:    statementScopeCases,
	}
}

func statementScopeCases(e *scopeEnv) map[string]func() {
	t, s, a, b, admin, ch := e.t, e.s, e.a, e.b, e.admin, e.ch
	month := s.Clock.Now().In(time.Local).Format(statement.MonthLayout)
	var idA, idB int64
	fixture := func() {
		if idA == 0 {
			idA = createdID(t, admin.do(http.MethodPost, "/api/statements/generate", map[string]any{"agencyId": a.ID, "month": month}))
			idB = createdID(t, admin.do(http.MethodPost, "/api/statements/generate", map[string]any{"agencyId": b.ID, "month": month}))
		}
	}
	const staffOnly = "渠道账号不能生成或调整对账单"
	return map[string]func(){
		"GET /api/statements": func() {
			fixture()
			r := ch.do(http.MethodGet, fmt.Sprintf("/api/statements?agencyId=%d&size=100", b.ID), nil)
			body := string(r.Body)
			if r.Status != http.StatusOK || !strings.Contains(body, fmt.Sprintf(`"id":%d,`, idA)) ||
				strings.Contains(body, fmt.Sprintf(`"id":%d,`, idB)) || !strings.Contains(body, `"totalElements":1`) {
				t.Fatalf("statements as A: %d %s", r.Status, body)
			}
		},
		"GET /api/statements/:id": func() {
			fixture()
			want(t, ch.do(http.MethodGet, fmt.Sprintf("/api/statements/%d", idB), nil), http.StatusNotFound, "对账单不存在")
			if r := ch.do(http.MethodGet, fmt.Sprintf("/api/statements/%d", idA), nil); r.Status != http.StatusOK {
				t.Fatalf("A's statement as A: %d %s", r.Status, r.Body)
			}
		},
		"GET /api/statements/:id/download": func() {
			fixture()
			want(t, ch.do(http.MethodGet, fmt.Sprintf("/api/statements/%d/download?format=xlsx", idB), nil), http.StatusNotFound, "对账单不存在")
			if r := ch.do(http.MethodGet, fmt.Sprintf("/api/statements/%d/download?format=xlsx", idA), nil); r.Status != http.StatusOK ||
				!strings.HasPrefix(string(r.Body), "PK") {
				t.Fatalf("A's statement's download as A: %d", r.Status)
			}
		},
		"POST /api/statements/generate": func() {
			fixture()
			want(t, ch.do(http.MethodPost, "/api/statements/generate", map[string]any{"agencyId": a.ID, "month": month}),
				http.StatusForbidden, staffOnly)
		},
		"POST /api/statements/:id/adjustments": func() {
			fixture()
			for _, id := range []int64{idA, idB} {
				want(t, ch.do(http.MethodPost, fmt.Sprintf("/api/statements/%d/adjustments", id), map[string]any{"amount": "1.00", "reason": "x"}),
					http.StatusForbidden, staffOnly)
			}
			var n int64
			s.DB.Raw("SELECT COUNT(*) FROM statement_lines WHERE kind = 'adjustment'").Scan(&n)
			if n != 0 {
				t.Fatal("an operator adjusted a statement")
			}
		},
	}
}
