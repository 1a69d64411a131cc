package app_test

import (
	"bytes"
	"context"
	"fmt"
	"mime/multipart"
	"net/http"
	"testing"

	"mallconsole/bff/internal/agency"
	"mallconsole/bff/internal/apptest"
	"mallconsole/bff/internal/contract"
	"mallconsole/bff/internal/seed"
)

// contractSamples: the matrix samples of contracts and their templates.
func contractSamples() map[string]sample {
	return map[string]sample{
		"GET /api/contracts": get("/api/contracts?page=0&size=10&contractNo=HT&status=signed&expiring=1" +
			"&startTime=2026-01-01&endTime=2027-12-31&sort=endDate,asc"),
		"GET /api/contracts/:id": func(t *testing.T, m *matrix) apptest.Request {
			return apptest.Request{Path: fmt.Sprintf("/api/contracts/%d", m.newContract(t))}
		},
		"GET /api/contracts/:id/filled.pdf": func(t *testing.T, m *matrix) apptest.Request {
			var id int64 // a demo contract: made from the seeded template, which has a file
			m.s.DB.Table("contracts").Where("contract_no LIKE ?", "HTDEMO%").Order("id").Limit(1).Pluck("id", &id)
			return apptest.Request{Path: fmt.Sprintf("/api/contracts/%d/filled.pdf", id)}
		},
		"POST /api/contracts": func(t *testing.T, m *matrix) apptest.Request {
			return apptest.Request{Method: http.MethodPost, Path: "/api/contracts", JSON: contractBody(t, m.s)}
		},
		"PUT /api/contracts": func(t *testing.T, m *matrix) apptest.Request {
			body := contractBody(t, m.s)
			body["id"] = m.newContract(t)
			return apptest.Request{Method: http.MethodPut, Path: "/api/contracts", JSON: body}
		},
		"DELETE /api/contracts": func(t *testing.T, m *matrix) apptest.Request {
			return apptest.Request{Method: http.MethodDelete, Path: "/api/contracts", JSON: []int64{m.newContract(t)}}
		},
		"PUT /api/contracts/:id/submit":    contractMove(contract.Submit),
		"PUT /api/contracts/:id/sign":      contractMove(contract.Sign, contract.Submit),
		"PUT /api/contracts/:id/terminate": contractMove(contract.Terminate, contract.Submit),
		"POST /api/contracts/download": func(t *testing.T, m *matrix) apptest.Request {
			return apptest.Request{Method: http.MethodPost, Path: "/api/contracts/download",
				JSON: map[string]any{"headers": []string{"合同编号"}, "fields": []string{"contractNo"}, "ids": []any{m.newContract(t)}}}
		},
		"POST /api/contracts/downloadAll": func(*testing.T, *matrix) apptest.Request {
			return apptest.Request{Method: http.MethodPost, Path: "/api/contracts/downloadAll",
				JSON: map[string]any{"headers": []string{"合同编号", "状态"}, "fields": []string{"contractNo", "status"}, "status": "signed"}}
		},
		"GET /api/contractTemplates": get("/api/contractTemplates?page=0&size=10&blurry=合同&enabled=true"),
		"GET /api/contractTemplates/:id": func(t *testing.T, m *matrix) apptest.Request {
			return apptest.Request{Path: fmt.Sprintf("/api/contractTemplates/%v", m.newTemplate(t, false)["id"])}
		},
		"POST /api/contractTemplates": func(t *testing.T, m *matrix) apptest.Request {
			return apptest.Request{Method: http.MethodPost, Path: "/api/contractTemplates", JSON: templateBody(t, m.s, m.admin, m.next())}
		},
		"PUT /api/contractTemplates": put("/api/contractTemplates", func(m *matrix, t *testing.T) map[string]any {
			return m.newTemplate(t, false)
		}),
		"PUT /api/contractTemplates/:id/publish": func(t *testing.T, m *matrix) apptest.Request {
			return apptest.Request{Method: http.MethodPut, Path: fmt.Sprintf("/api/contractTemplates/%v/publish", m.newTemplate(t, false)["id"])}
		},
		"DELETE /api/contractTemplates": func(t *testing.T, m *matrix) apptest.Request {
			return apptest.Request{Method: http.MethodDelete, Path: "/api/contractTemplates", JSON: []any{m.newTemplate(t, false)["id"]}}
		},
		"POST /api/contractTemplate/receive": func(t *testing.T, m *matrix) apptest.Request {
			return apptest.Request{Method: http.MethodPost, Path: "/api/contractTemplate/receive",
				JSON: map[string]any{"templateId": m.newTemplate(t, true)["id"], "agencyId": demoAgency(t, m.s, seed.DemoAgencyCode)}}
		},
	}
}

// contractMove is a sample of a status move on a fresh draft brought there by before (a scan
// attached before signing).
func contractMove(action string, before ...string) sample {
	return func(t *testing.T, m *matrix) apptest.Request {
		id := m.newContract(t, before...)
		if action == contract.Sign {
			contractUpload(t, m.s, m.admin, map[string]string{"type": contract.ContractFile, "businessId": fmt.Sprint(id)},
				"scan.pdf", contract.MinimalPDF("signed"), http.StatusCreated)
		}
		return apptest.Request{Method: http.MethodPut, Path: fmt.Sprintf("/api/contracts/%d/%s", id, action)}
	}
}

func demoAgency(t testing.TB, s *apptest.Server, code string) int64 {
	t.Helper()
	a, found, err := agency.NewStore(s.DB, s.Generation).ByCode(context.Background(), code)
	if err != nil || !found {
		t.Fatalf("agency %s: %v", code, err)
	}
	return a.ID
}

func contractBody(t testing.TB, s *apptest.Server) map[string]any {
	return map[string]any{"name": "年度合作合同", "agencyId": demoAgency(t, s, seed.DemoAgencyCode),
		"startDate": "2026-01-01", "endDate": "2026-12-31", "amount": "12000.50", "remark": "矩阵"}
}

// newContract creates a draft as the admin and moves it through actions.
func (m *matrix) newContract(t *testing.T, actions ...string) int64 {
	t.Helper()
	id := m.create(t, "/api/contracts", contractBody(t, m.s))
	for _, a := range actions {
		if r := m.s.Do(t, apptest.Request{Method: http.MethodPut, Path: fmt.Sprintf("/api/contracts/%d/%s", id, a), Token: m.admin}); r.Status != http.StatusNoContent {
			t.Fatalf("%s: %d %s", a, r.Status, r.Body)
		}
	}
	return id
}

// contractUpload posts one file with the form's text fields as token and wants status; it returns
// the attachment's id (0 unless created).
func contractUpload(t testing.TB, s *apptest.Server, token string, fields map[string]string, name string, content []byte, status int) int64 {
	t.Helper()
	r := postFile(t, s, "/api/contract/upload", token, fields, name, content)
	if r.Status != status {
		t.Fatalf("upload %s %v: %d %s, want %d", name, fields, r.Status, r.Body, status)
	}
	var got struct {
		ID int64 `json:"id"`
	}
	if status == http.StatusCreated {
		r.JSON(t, &got)
	}
	return got.ID
}

// postFile posts one file with the form's text fields (before the file) to path as token.
func postFile(t testing.TB, s *apptest.Server, path, token string, fields map[string]string, name string, content []byte) apptest.Response {
	t.Helper()
	return postPart(t, s, path, token, "file", fields, name, content)
}

// postPart is postFile with the file under the form field part.
func postPart(t testing.TB, s *apptest.Server, path, token, part string, fields map[string]string, name string, content []byte) apptest.Response {
	t.Helper()
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	for k, v := range fields {
		_ = mw.WriteField(k, v)
	}
	w, err := mw.CreateFormFile(part, name)
	if err != nil {
		t.Fatal(err)
	}
	_, _ = w.Write(content)
	_ = mw.Close()
	return s.Do(t, apptest.Request{Method: http.MethodPost, Path: path, Token: token, Raw: buf.Bytes(), RawType: mw.FormDataContentType()})
}

func templateBody(t testing.TB, s *apptest.Server, token string, n int) map[string]any {
	file := contractUpload(t, s, token, map[string]string{"type": contract.TemplateFile}, "模板.pdf", contract.MinimalPDF("template"), http.StatusCreated)
	return map[string]any{"name": fmt.Sprintf("合作协议%d", n), "version": "v1", "fileId": file, "validMonths": 12,
		"variables": []map[string]string{{"key": "agencyName", "label": "渠道名称"}, {"key": "rate", "label": "佣金比例", "value": "5%"}}}
}

// newTemplate creates a template as the admin, published when asked.
func (m *matrix) newTemplate(t *testing.T, published bool) map[string]any {
	t.Helper()
	body := templateBody(t, m.s, m.admin, m.next())
	body["id"] = m.create(t, "/api/contractTemplates", body)
	if published {
		if r := m.s.Do(t, apptest.Request{Method: http.MethodPut, Path: fmt.Sprintf("/api/contractTemplates/%v/publish", body["id"]),
			Token: m.admin}); r.Status != http.StatusNoContent {
			t.Fatalf("publish: %d %s", r.Status, r.Body)
		}
	}
	return body
}
