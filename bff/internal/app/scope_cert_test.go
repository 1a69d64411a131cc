package app_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"mallconsole/bff/internal/platform/perm"
)

// certScope is the world a certification scope case runs in: the demo operator of agency A
// (holding every cert permission, cert:list and cert:audit included, to prove the server narrows
// and not the menu), and agency B's operator with B's certification and files.
type certScope struct {
	a, b    client // operators of A and of B
	bCert   int64  // B's certification
	bFile   int64  // a picture B's operator uploaded
	aFiles  [3]int64
	aAgency int64
}

// certScopeCases: for each certification route, what A must not reach of B. The channel-scope
// walker (TestChannelScopeOnEveryRoute) takes these by their keys.
func certScopeCases() map[string]func(t *testing.T, w certScope) {
	return map[string]func(t *testing.T, w certScope){
		"GET /api/olEnterpriseCert/ocrIdCard": func(t *testing.T, w certScope) {
			want(t, w.a.do(http.MethodGet, fmt.Sprintf("/api/olEnterpriseCert/ocrIdCard?fileId=%d&side=front", w.bFile), nil), 404, "文件不存在")
		},
		"GET /api/olEnterpriseCert/mine": func(t *testing.T, w certScope) {
			var mine struct {
				Cert *certRow `json:"cert"`
			}
			w.a.do(http.MethodGet, "/api/olEnterpriseCert/mine", nil).JSON(t, &mine)
			if mine.Cert != nil && mine.Cert.ID == w.bCert {
				t.Fatalf("A's mine is B's certification")
			}
		},
		"POST /api/olEnterpriseCert": func(t *testing.T, w certScope) {
			// B's file in A's submission is refused; an agencyId in the body does not move A to B
			want(t, w.a.do(http.MethodPost, "/api/olEnterpriseCert", certBody(w.bFile, w.aFiles[1], w.aFiles[2])), 400, "")
			body := certBody(w.aFiles[0], w.aFiles[1], w.aFiles[2])
			var bAgency int64
			w.b.s.DB.Table("certs").Where("id = ?", w.bCert).Pluck("agency_id", &bAgency)
			body["agencyId"] = bAgency
			id := createdID(t, w.a.do(http.MethodPost, "/api/olEnterpriseCert", body))
			if id == w.bCert {
				t.Fatalf("A's submission replaced B's certification")
			}
			var agencyOf int64
			w.a.s.DB.Table("certs").Where("id = ?", id).Pluck("agency_id", &agencyOf)
			if agencyOf != w.aAgency {
				t.Fatalf("A's submission went to agency %d, want A (%d)", agencyOf, w.aAgency)
			}
		},
		"GET /api/olEnterpriseCert": func(t *testing.T, w certScope) {
			r := w.a.do(http.MethodGet, "/api/olEnterpriseCert?page=0&size=100", nil)
			if r.Status != 200 || strings.Contains(string(r.Body), fmt.Sprintf(`"id":%d,`, w.bCert)) {
				t.Fatalf("A's list: %d %s", r.Status, r.Body)
			}
		},
		"GET /api/olEnterpriseCert/:id": func(t *testing.T, w certScope) {
			want(t, w.a.do(http.MethodGet, fmt.Sprintf("/api/olEnterpriseCert/%d", w.bCert), nil), 404, "企业认证不存在")
		},
		"PUT /api/olEnterpriseCert/:id/audit": func(t *testing.T, w certScope) {
			// the operator role is not staff's: cert:audit is refused by permission, never by luck
			r := w.a.do(http.MethodPut, fmt.Sprintf("/api/olEnterpriseCert/%d/audit", w.bCert), map[string]any{"approve": true})
			if r.Status != 404 && r.Status != 403 {
				t.Fatalf("A deciding B's certification: %d %s", r.Status, r.Body)
			}
			var status string
			w.a.s.DB.Table("certs").Where("id = ?", w.bCert).Pluck("status", &status)
			if status != "pending" {
				t.Fatalf("B's certification is %s after A's try", status)
			}
		},
	}
}

// certScopeSuite puts the certification cases into the walk over every channel route
// (TestChannelScopeOnEveryRoute): B's operator has submitted B's certification with their own
// pictures; A's operator holds cert:list and cert:audit too, to prove the server narrows.
func certScopeSuite() scopeSuite {
	return scopeSuite{
		perms:    []string{perm.CertSubmit, perm.CertList, perm.CertAudit},
		prefixes: []string{"/api/olEnterpriseCert"},
		cases: func(e *scopeEnv) map[string]func() {
			t, s := e.t, e.s
			front, back, blank := cardImages(t)
			w := certScope{a: e.ch, aAgency: e.a.ID}
			w.b = client{t, s, channelOperator(t, s, "channel_b", e.b.ID)}
			w.bFile = uploadFile(t, s, w.b.tok, "front.png", front)
			bBack, bLicence := uploadFile(t, s, w.b.tok, "back.png", back), uploadFile(t, s, w.b.tok, "l.png", blank)
			w.bCert = createdID(t, w.b.do(http.MethodPost, "/api/olEnterpriseCert", certBody(w.bFile, bBack, bLicence)))
			for i, f := range [][]byte{front, back, blank} {
				w.aFiles[i] = uploadFile(t, s, w.a.tok, fmt.Sprintf("a%d.png", i), f)
			}
			out := map[string]func(){}
			for key, run := range certScopeCases() {
				out[key] = func() { run(t, w) }
			}
			return out
		},
	}
}
