package app_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"net/http"
	"testing"

	"mallconsole/bff/internal/aftersale"
	"mallconsole/bff/internal/apptest"
	"mallconsole/bff/internal/order"
)

// aftersaleSamples: the matrix samples of 售后管理's routes. The gateway's notification is public
// and has none: with no gateway configured it answers 404.
func aftersaleSamples() map[string]sample {
	return map[string]sample{
		"GET /api/aftersales": get("/api/aftersales?page=0&size=10&status=applied&type=return&caseNo=AS&orderNo=2026" +
			"&phone=138&startTime=2026-01-01&endTime=2026-12-31"),
		"GET /api/aftersales/counts": get("/api/aftersales/counts?type=refund"),
		"GET /api/aftersales/:id": func(t *testing.T, m *matrix) apptest.Request {
			return apptest.Request{Path: fmt.Sprintf("/api/aftersales/%d", m.newCase(t, aftersale.TypeRefund).ID)}
		},
		"POST /api/aftersales": func(t *testing.T, m *matrix) apptest.Request {
			id := m.newOrder(t, order.Pay)
			var item int64
			m.s.DB.Raw("SELECT id FROM order_items WHERE order_id = ?", id).Scan(&item)
			return apptest.Request{Method: http.MethodPost, Path: "/api/aftersales", JSON: map[string]any{
				"orderNo": orderNoOf(t, m.s, id), "type": "return", "reason": "quality", "description": "矩阵",
				"items": []any{map[string]any{"orderItemId": item, "quantity": 1}}, "amount": "19.99"}}
		},
		"POST /api/aftersales/:id/approve": caseMove("approve", aftersale.TypeReturn, nil, nil),
		"POST /api/aftersales/:id/reject":  caseMove("reject", aftersale.TypeReturn, nil, map[string]any{"reason": "矩阵"}),
		"POST /api/aftersales/:id/receive": caseMove("receive", aftersale.TypeReturn, func(t *testing.T, s *aftersale.Service, d aftersale.Detail) {
			ctx := context.Background()
			if _, err := s.Approve(ctx, nil, d.ID, "shop", ""); err != nil {
				t.Fatal(err)
			}
			if _, err := s.ReturnShipment(ctx, nil, d.CaseNo, "SF", "SF1", "buyer"); err != nil {
				t.Fatal(err)
			}
		}, map[string]any{"damaged": false}),
		"POST /api/aftersales/:id/refund": func(t *testing.T, m *matrix) apptest.Request {
			d := m.newCase(t, aftersale.TypeRefund)
			if _, err := m.cases().Approve(context.Background(), nil, d.ID, "shop", ""); err != nil {
				t.Fatal(err)
			}
			return apptest.Request{Method: http.MethodPost, Path: fmt.Sprintf("/api/aftersales/%d/refund", d.ID),
				JSON: map[string]any{"provider": "manual", "voucherNo": "V1", "voucherFileId": picture(t, m.s)}}
		},
		"POST /api/aftersales/download": func(t *testing.T, m *matrix) apptest.Request {
			return apptest.Request{Method: http.MethodPost, Path: "/api/aftersales/download",
				JSON: map[string]any{"headers": []string{"售后单号"}, "fields": []string{"caseNo"}, "ids": []any{m.newCase(t, aftersale.TypeRefund).ID}}}
		},
		"POST /api/aftersales/downloadAll": func(*testing.T, *matrix) apptest.Request {
			return apptest.Request{Method: http.MethodPost, Path: "/api/aftersales/downloadAll",
				JSON: map[string]any{"headers": []string{"售后单号", "原因"}, "fields": []string{"caseNo", "reason"}, "status": "applied"}}
		},
	}
}

// caseMove is a sample of a move on a fresh case of typ, brought there by before.
func caseMove(action, typ string, before func(*testing.T, *aftersale.Service, aftersale.Detail), body map[string]any) sample {
	return func(t *testing.T, m *matrix) apptest.Request {
		d := m.newCase(t, typ)
		if before != nil {
			before(t, m.cases(), d)
		}
		return apptest.Request{Method: http.MethodPost, Path: fmt.Sprintf("/api/aftersales/%d/%s", d.ID, action), JSON: body}
	}
}

func (m *matrix) cases() *aftersale.Service {
	return aftersale.NewService(aftersale.NewStore(m.s.DB), aftersale.Deps{Now: m.s.Clock.Now, ApprovalOver: 100000})
}

// newCase opens a case of typ for one unit of a fresh paid order (¥19.99 a unit).
func (m *matrix) newCase(t *testing.T, typ string) aftersale.Detail {
	t.Helper()
	id := m.newOrder(t, order.Pay)
	var item int64
	m.s.DB.Raw("SELECT id FROM order_items WHERE order_id = ?", id).Scan(&item)
	d, err := m.cases().Open(context.Background(), nil, aftersale.OpenInput{OrderNo: orderNoOf(t, m.s, id), Type: typ,
		Reason: "quality", Items: []aftersale.ItemInput{{OrderItemID: item, Quantity: 1}}, Amount: 1999, Operator: "shop"})
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// picture records an uploaded picture (a transfer's voucher) and returns its id.
func picture(t *testing.T, s *apptest.Server) int64 {
	t.Helper()
	name := fmt.Sprintf("v%d.png", rand.Int64())
	var id int64
	err := s.DB.Exec("INSERT INTO attachments (stored_name, original_name, content_type, size, owner_id, create_time) VALUES (?, 'v.png', 'image/png', 1, 1, ?)",
		name, s.Clock.Now().UTC()).Error
	if err == nil {
		err = s.DB.Raw("SELECT id FROM attachments WHERE stored_name = ?", name).Scan(&id).Error
	}
	if err != nil {
		t.Fatal(err)
	}
	return id
}
