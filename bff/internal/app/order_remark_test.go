package app_test

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"mallconsole/bff/internal/apptest"
)

// TestOrderRemark: staff (order:edit) change an order's remark; the history gets 修改备注 with
// before → after and the operation log the change, field by field; a too long remark is 400
// naming the field, an unknown order 404, a session without order:edit 403.
func TestOrderRemark(t *testing.T) {
	apptest.Each(t, func(t *testing.T, s *apptest.Server) {
		staff := client{t, s, s.Login(t, "staff", apptest.DemoPassword)}
		channel := client{t, s, s.ChannelLogin(t, "channel", apptest.DemoPassword)}
		id := shopOrder(t, s, nil)
		path := fmt.Sprintf("/api/orders/%d/remark", id)

		want(t, staff.do(http.MethodPut, path, map[string]any{"remark": strings.Repeat("长", 256)}), http.StatusBadRequest,
			"remark: 太长（最多255个字符）")
		want(t, staff.do(http.MethodPut, "/api/orders/999999/remark", map[string]any{"remark": "x"}), http.StatusNotFound, "订单不存在")
		want(t, channel.do(http.MethodPut, path, map[string]any{"remark": "x"}), http.StatusForbidden, "")
		want(t, staff.do(http.MethodPut, path, map[string]any{"remark": " 周末送货 "}), http.StatusNoContent, "")
		want(t, staff.do(http.MethodPut, path, map[string]any{"remark": strings.Repeat("改", 255)}), http.StatusNoContent, "")

		var d struct {
			Remark  string `json:"remark"`
			Status  string `json:"status"`
			History []struct {
				From, To, Operator, Note string
			} `json:"history"`
		}
		staff.do(http.MethodGet, fmt.Sprintf("/api/orders/%d", id), nil).JSON(t, &d)
		if d.Remark != strings.Repeat("改", 255) || len(d.History) != 3 {
			t.Fatalf("order after two remarks = %+v", d)
		}
		if h := d.History[1]; h.From != "unpaid" || h.To != "unpaid" || h.Operator != "staff" || h.Note != "修改备注：无 → 周末送货" {
			t.Fatalf("history of the first remark = %+v", h)
		}
		if h := d.History[2]; len([]rune(h.Note)) > 255 || !strings.HasPrefix(h.Note, "修改备注：周末送货 → 改改") || !strings.HasSuffix(h.Note, "…") {
			t.Fatalf("history of a long remark = %q", h.Note)
		}

		admin := client{t, s, s.Login(t, "admin", apptest.AdminPassword)}
		var logs struct {
			Content []struct {
				Action  string `json:"action"`
				Changes []struct {
					Field         string
					Before, After any
				} `json:"changes"`
			} `json:"content"`
		}
		admin.do(http.MethodGet, "/api/logs?action="+url.QueryEscape("修改订单备注")+"&success=true&size=10", nil).JSON(t, &logs)
		if len(logs.Content) != 2 {
			t.Fatalf("remark log entries = %+v", logs.Content)
		}
		if c := logs.Content[1].Changes; len(c) != 1 || c[0].Field != "remark" || c[0].Before != "" || c[0].After != "周末送货" {
			t.Fatalf("first remark's changes = %+v", c)
		}
		if c := logs.Content[0].Changes; len(c) != 1 || c[0].Before != "周末送货" || !strings.HasPrefix(fmt.Sprint(c[0].After), "改改") {
			t.Fatalf("second remark's changes = %+v", c)
		}
	})
}
