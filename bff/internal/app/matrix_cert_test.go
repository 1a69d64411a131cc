package app_test

import (
	"context"
	"fmt"
	"net/http"
	"testing"

	"mallconsole/bff/internal/agency"
	"mallconsole/bff/internal/apptest"
	"mallconsole/bff/internal/cert/ocr/specimen"
)

// certSamples: the matrix samples of the certification's routes. The staff user holding only the
// permission submits for a fresh agency (one certification an agency) with the admin's uploads.
func certSamples() map[string]sample {
	return map[string]sample{
		"GET /api/olEnterpriseCert/ocrIdCard": func(t *testing.T, m *matrix) apptest.Request {
			front, err := specimen.FrontPNG(specimen.SampleFront)
			if err != nil {
				t.Skipf("the specimen card: %v", err)
			}
			return apptest.Request{Path: fmt.Sprintf("/api/olEnterpriseCert/ocrIdCard?fileId=%d&side=front", uploadFile(t, m.s, m.admin, "f.png", front))}
		},
		"GET /api/olEnterpriseCert/mine": get("/api/olEnterpriseCert/mine"),
		"GET /api/olEnterpriseCert":      get("/api/olEnterpriseCert?page=0&size=10&status=pending&blurry=公司"),
		"POST /api/olEnterpriseCert": func(t *testing.T, m *matrix) apptest.Request {
			return apptest.Request{Method: http.MethodPost, Path: "/api/olEnterpriseCert", JSON: m.certBody(t)}
		},
		"GET /api/olEnterpriseCert/:id": func(t *testing.T, m *matrix) apptest.Request {
			return apptest.Request{Path: fmt.Sprintf("/api/olEnterpriseCert/%d", m.newCert(t))}
		},
		"PUT /api/olEnterpriseCert/:id/audit": func(t *testing.T, m *matrix) apptest.Request {
			return apptest.Request{Method: http.MethodPut, Path: fmt.Sprintf("/api/olEnterpriseCert/%d/audit", m.newCert(t)),
				JSON: map[string]any{"approve": false, "reason": "矩阵"}}
		},
	}
}

// certBody is a submission for a fresh agency, with pictures the admin uploaded.
func (m *matrix) certBody(t *testing.T) map[string]any {
	n := m.next()
	a, err := agency.NewStore(m.s.DB, m.s.Generation).Ensure(context.Background(),
		agency.Agency{Name: fmt.Sprintf("矩阵渠道%d", n), Code: fmt.Sprintf("MX%d", n), Enabled: true})
	if err != nil {
		t.Fatal(err)
	}
	blank, err := specimen.BlankPNG()
	if err != nil {
		t.Fatal(err)
	}
	id := uploadFile(t, m.s, m.admin, "p.png", blank)
	body := certBody(id, id, id)
	body["agencyId"] = a.ID
	return body
}

// newCert is a pending certification of a fresh agency, submitted by the admin.
func (m *matrix) newCert(t *testing.T) int64 {
	return m.create(t, "/api/olEnterpriseCert", m.certBody(t))
}
