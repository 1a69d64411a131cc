package app_test

import (
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"

	"mallconsole/bff/internal/apptest"
	"mallconsole/bff/internal/contract"
	"mallconsole/bff/internal/platform/perm"
)

// contractScope is the world of a contract scope case: the channel operator of agency A (holding
// every contract permission) and agency B's rows.
type contractScope struct {
	t             *testing.T
	s             *apptest.Server
	admin, ch     client
	a, b          int64
	contractA     int64
	contractB     int64 // pending_sign, with scanB attached
	draftB        int64
	scanB         int64
	unpublished   int64
	offered       int64
	chTok, admTok string
}

// contractScopeCases: one case per route a channel role can be granted among contracts, their
// templates and their files, each proving agency A's operator never reaches B's contract or
// file. Kept as a map so the channel-scope walker over every route can take them in.
func contractScopeCases() map[string]func(w *contractScope) {
	notFound := func(method, path string) func(w *contractScope) {
		return func(w *contractScope) {
			p := strings.ReplaceAll(path, ":id", fmt.Sprint(w.contractB))
			want(w.t, w.ch.do(method, p, nil), http.StatusNotFound, "合同不存在")
		}
	}
	// templates are the shop's, shared by every agency: an operator reads the published ones and
	// receives them, and changes none (their role is never given the staff's template buttons)
	forbidden := func(method, path string, body func(w *contractScope) any) func(w *contractScope) {
		return func(w *contractScope) {
			p := strings.ReplaceAll(path, ":id", fmt.Sprint(w.offered))
			want(w.t, w.ch.do(method, p, body(w)), http.StatusForbidden, "")
		}
	}
	templateBody := func(w *contractScope) any {
		return map[string]any{"id": w.offered, "name": "改名", "version": "v9", "validMonths": 12}
	}
	return map[string]func(w *contractScope){
		"POST /api/contractTemplates":            forbidden(http.MethodPost, "/api/contractTemplates", templateBody),
		"PUT /api/contractTemplates":             forbidden(http.MethodPut, "/api/contractTemplates", templateBody),
		"PUT /api/contractTemplates/:id/publish": forbidden(http.MethodPut, "/api/contractTemplates/:id/publish", func(*contractScope) any { return nil }),
		"DELETE /api/contractTemplates":          forbidden(http.MethodDelete, "/api/contractTemplates", func(w *contractScope) any { return []int64{w.offered} }),
		"GET /api/contracts": func(w *contractScope) {
			ids := listed(w.t, w.ch.do(http.MethodGet, "/api/contracts?page=0&size=50", nil))
			if slices.Contains(ids, w.contractB) || slices.Contains(ids, w.draftB) || !slices.Contains(ids, w.contractA) {
				w.t.Fatalf("operator A lists %v (A's %d, B's %d)", ids, w.contractA, w.contractB)
			}
			ids = listed(w.t, w.ch.do(http.MethodGet, fmt.Sprintf("/api/contracts?page=0&size=50&agencyId=%d", w.b), nil))
			if len(ids) != 0 {
				w.t.Fatalf("filtering by B's agency lists %v", ids)
			}
		},
		"GET /api/contracts/:id":            notFound(http.MethodGet, "/api/contracts/:id"),
		"GET /api/contracts/:id/filled.pdf": notFound(http.MethodGet, "/api/contracts/:id/filled.pdf"),
		"PUT /api/contracts/:id/submit":     notFound(http.MethodPut, "/api/contracts/:id/submit"),
		"PUT /api/contracts/:id/sign":       notFound(http.MethodPut, "/api/contracts/:id/sign"),
		"PUT /api/contracts/:id/terminate":  notFound(http.MethodPut, "/api/contracts/:id/terminate"),
		"PUT /api/contracts": func(w *contractScope) {
			body := contractBody(w.t, w.s)
			body["id"] = w.draftB
			want(w.t, w.ch.do(http.MethodPut, "/api/contracts", body), http.StatusNotFound, "合同不存在")
		},
		"DELETE /api/contracts": func(w *contractScope) {
			want(w.t, w.ch.do(http.MethodDelete, "/api/contracts", []int64{w.draftB}), http.StatusNotFound, "合同不存在")
		},
		"POST /api/contracts": func(w *contractScope) { // naming B makes A's contract
			body := contractBody(w.t, w.s)
			body["agencyId"] = w.b
			id := createdID(w.t, w.ch.do(http.MethodPost, "/api/contracts", body))
			var got contract.Contract
			w.s.DB.Take(&got, id)
			if got.AgencyID != w.a {
				w.t.Fatalf("operator A created a contract of agency %d", got.AgencyID)
			}
		},
		"POST /api/contracts/download": func(w *contractScope) {
			rows := sheetRows(w.t, w.ch.do(http.MethodPost, "/api/contracts/download", map[string]any{
				"headers": []string{"编号"}, "fields": []string{"id"}, "ids": []any{w.contractB, w.draftB}}))
			if len(rows) != 1 {
				w.t.Fatalf("B's rows exported: %v", rows)
			}
		},
		"POST /api/contracts/downloadAll": func(w *contractScope) {
			rows := sheetRows(w.t, w.ch.do(http.MethodPost, "/api/contracts/downloadAll", map[string]any{
				"headers": []string{"渠道"}, "fields": []string{"agencyId"}}))
			for _, r := range rows[1:] {
				if r[0] != fmt.Sprint(w.a) {
					w.t.Fatalf("downloadAll holds another agency's row: %v", rows)
				}
			}
		},
		"GET /api/contractTemplates": func(w *contractScope) {
			ids := listed(w.t, w.ch.do(http.MethodGet, "/api/contractTemplates?page=0&size=50", nil))
			if slices.Contains(ids, w.unpublished) || !slices.Contains(ids, w.offered) {
				w.t.Fatalf("operator lists templates %v (unpublished %d, offered %d)", ids, w.unpublished, w.offered)
			}
		},
		"GET /api/contractTemplates/:id": func(w *contractScope) {
			want(w.t, w.ch.do(http.MethodGet, fmt.Sprintf("/api/contractTemplates/%d", w.unpublished), nil), http.StatusNotFound, "合同模板不存在")
		},
		"POST /api/contractTemplate/receive": func(w *contractScope) { // naming B receives for A
			id := createdID(w.t, w.ch.do(http.MethodPost, "/api/contractTemplate/receive", map[string]any{"templateId": w.offered, "agencyId": w.b}))
			var got contract.Contract
			w.s.DB.Take(&got, id)
			if got.AgencyID != w.a || got.Status != contract.PendingSign {
				w.t.Fatalf("received contract %+v", got)
			}
			want(w.t, w.ch.do(http.MethodPost, "/api/contractTemplate/receive", map[string]any{"templateId": w.offered}),
				http.StatusConflict, "templateId: 该模板已领取，不能重复领取")
		},
		"POST /api/contract/upload": func(w *contractScope) {
			contractUpload(w.t, w.s, w.chTok, map[string]string{"type": contract.ContractFile, "businessId": fmt.Sprint(w.contractB)},
				"scan.pdf", contract.MinimalPDF("x"), http.StatusNotFound)
		},
		"DELETE /api/actattach/delete/:id": func(w *contractScope) {
			want(w.t, w.ch.do(http.MethodDelete, fmt.Sprintf("/api/actattach/delete/%d", w.scanB), nil), http.StatusNotFound, "合同不存在")
		},
	}
}

func listed(t *testing.T, r apptest.Response) []int64 {
	t.Helper()
	var l struct {
		Content []struct {
			ID int64 `json:"id"`
		} `json:"content"`
	}
	if r.Status != http.StatusOK {
		t.Fatalf("list: %d %s", r.Status, r.Body)
	}
	r.JSON(t, &l)
	var ids []int64
	for _, x := range l.Content {
		ids = append(ids, x.ID)
	}
	return ids
}

// contractScopeSuite puts the contract cases into the walk over every channel route
// (TestChannelScopeOnEveryRoute): agency B gets a pending contract with a scan and a draft, A a
// pending contract, and there is a published and an unpublished template.
func contractScopeSuite() scopeSuite {
	return scopeSuite{
		perms: []string{perm.ContractList, perm.ContractAdd, perm.ContractEdit, perm.ContractDel, perm.ContractExport,
			perm.ContractTemplateList, perm.ContractTemplateReceive},
		prefixes: []string{"/api/contract", "/api/contracts", "/api/contractTemplate", "/api/contractTemplates", "/api/actattach"},
		cases: func(e *scopeEnv) map[string]func() {
			t, s := e.t, e.s
			w := &contractScope{t: t, s: s, a: e.a.ID, b: e.b.ID, admin: e.admin, ch: e.ch, admTok: e.admin.tok, chTok: e.ch.tok}
			newContract := func(agencyID int64, submit bool) int64 {
				body := contractBody(t, s)
				body["agencyId"] = agencyID
				id := createdID(t, w.admin.do(http.MethodPost, "/api/contracts", body))
				if submit {
					want(t, w.admin.do(http.MethodPut, fmt.Sprintf("/api/contracts/%d/submit", id), nil), http.StatusNoContent, "")
				}
				return id
			}
			w.contractA, w.contractB, w.draftB = newContract(w.a, true), newContract(w.b, true), newContract(w.b, false)
			w.scanB = contractUpload(t, s, w.admTok, map[string]string{"type": contract.ContractFile, "businessId": fmt.Sprint(w.contractB)},
				"scan.pdf", contract.MinimalPDF("B"), http.StatusCreated)
			m := &matrix{s: s, admin: w.admTok}
			w.unpublished = int64(m.newTemplate(t, false)["id"].(int64))
			w.offered = int64(m.newTemplate(t, true)["id"].(int64))
			out := map[string]func(){}
			for key, run := range contractScopeCases() {
				out[key] = func() { run(w) }
			}
			return out
		},
		after: func(e *scopeEnv) {
			var n int64
			e.s.DB.Model(&contract.Contract{}).Where("agency_id = ? AND status = ?", e.b.ID, contract.PendingSign).Count(&n)
			if n == 0 {
				e.t.Fatalf("B's pending contract changed")
			}
		},
	}
}

// TestContractUploads: a template or scan must be a PDF by its content (a PNG named .pdf is
// refused, nothing kept); a scan needs an editable contract in the caller's scope and
// contract:edit; once signed, its scans can be neither added nor deleted.
func TestContractUploads(t *testing.T) {
	s := apptest.Start(t, "sqlite")
	admin := s.Login(t, "admin", apptest.AdminPassword)
	png := append([]byte("\x89PNG\r\n\x1a\n"), make([]byte, 64)...)
	var before int64
	s.DB.Table("attachments").Count(&before)
	contractUpload(t, s, admin, map[string]string{"type": contract.TemplateFile}, "伪装.pdf", png, http.StatusBadRequest)
	contractUpload(t, s, admin, map[string]string{"type": contract.TemplateFile}, "x.pdf", []byte("not a pdf at all"), http.StatusBadRequest)
	// over 20 MB (under the service's 50): 413, while it streams
	big := append([]byte("%PDF-1.4\n"), make([]byte, contract.MaxPDF)...)
	contractUpload(t, s, admin, map[string]string{"type": contract.TemplateFile}, "big.pdf", big, http.StatusRequestEntityTooLarge)
	m := &matrix{s: s, admin: admin}
	id := m.newContract(t, contract.Submit)
	scanFields := map[string]string{"type": contract.ContractFile, "businessId": fmt.Sprint(id)}
	contractUpload(t, s, admin, scanFields, "scan.png", png, http.StatusBadRequest)
	contractUpload(t, s, admin, map[string]string{"type": contract.ContractFile, "businessId": "abc"}, "scan.pdf", contract.MinimalPDF("x"), http.StatusBadRequest)
	contractUpload(t, s, admin, map[string]string{"type": contract.ContractFile, "businessId": "999999"}, "scan.pdf", contract.MinimalPDF("x"), http.StatusNotFound)
	nobody := m.userWith(t, []string{"contract:list"})
	contractUpload(t, s, nobody, scanFields, "scan.pdf", contract.MinimalPDF("x"), http.StatusForbidden)
	var after int64
	s.DB.Table("attachments").Count(&after)
	if after != before {
		t.Fatalf("refused uploads left %d rows", after-before)
	}
	// the type field after the file: checked all the same
	scan := contractUpload(t, s, admin, scanFields, "签署扫描件.pdf", contract.MinimalPDF("signed"), http.StatusCreated)
	ad := client{t, s, admin}
	var d struct {
		Files []struct {
			ID           int64  `json:"id"`
			OriginalName string `json:"originalName"`
			DownloadURL  string `json:"downloadUrl"`
		} `json:"files"`
	}
	ad.do(http.MethodGet, fmt.Sprintf("/api/contracts/%d", id), nil).JSON(t, &d)
	if len(d.Files) != 1 || d.Files[0].ID != scan || d.Files[0].OriginalName != "签署扫描件.pdf" {
		t.Fatalf("files %+v", d.Files)
	}
	dl := s.Do(t, apptest.Request{Path: d.Files[0].DownloadURL})
	if dl.Status != http.StatusOK || !strings.Contains(dl.Header.Get("Content-Disposition"), "attachment") ||
		!strings.Contains(dl.Header.Get("Content-Disposition"), "%E7%AD%BE") || !strings.HasPrefix(string(dl.Body), "%PDF-") {
		t.Fatalf("download: %d %v", dl.Status, dl.Header)
	}
	want(t, ad.do(http.MethodPut, fmt.Sprintf("/api/contracts/%d/sign", id), nil), http.StatusNoContent, "")
	contractUpload(t, s, admin, scanFields, "again.pdf", contract.MinimalPDF("x"), http.StatusConflict)
	want(t, ad.do(http.MethodDelete, fmt.Sprintf("/api/actattach/delete/%d", scan), nil), http.StatusConflict, "status: 合同已签署，附件不能再更改")
	want(t, ad.do(http.MethodPut, fmt.Sprintf("/api/contracts/%d/sign", id), nil), http.StatusConflict, "status: 合同状态为已签署，不能变为已签署")
}
