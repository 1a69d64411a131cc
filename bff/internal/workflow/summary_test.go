package workflow_test

import (
	"context"
	"strings"
	"testing"

	"gorm.io/gorm"

	"mallconsole/bff/internal/platform/dbtest"
	"mallconsole/bff/internal/workflow"
)

// TestTaskSummary: 我的待办 sums a request up from its first fields with a value, as labels and
// readable values (option labels, ¥ amounts, the leave's times and days), leaving out a field
// some node hides; the 退款审批 shows its case, order and amount.
func TestTaskSummary(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		o, _ := refundOrg(t, g)
		ctx := context.Background()
		n1 := approver("n1", "or", users(o.ref("lead")), pass)
		n1.Props.FieldPerms = map[string]string{"amount": workflow.PermHidden}
		form := o.publish(t, start(n1))
		o.start(t, form, "ann", map[string]any{"amount": 1234.5, "kind": "b",
			"days": []any{"2026-06-01 09:00:00", "2026-06-02 18:00:00"}, "note": "第一行\n第二行"})
		rows, _, err := o.s.Tasks(ctx, o.p["lead"], workflow.BoxTodo, "", 0, 10)
		if err != nil || len(rows) != 1 {
			t.Fatalf("todo: %v %+v", err, rows)
		}
		got := rows[0].Summary
		if !strings.HasPrefix(got, "类别：乙，请假：2026-06-01 09:00 ~ 2026-06-02 18:00（") || !strings.HasSuffix(got, "天），备注：第一行") ||
			strings.Contains(got, "金额") {
			t.Fatalf("summary %q", got)
		}
		// The applicant's 我发起的 shows the same line.
		if mine, _, err := o.s.Tasks(ctx, o.p["ann"], workflow.BoxMine, "", 0, 10); err != nil || mine[0].Summary != got {
			t.Fatalf("mine: %v %+v", err, mine)
		}
		if _, err := o.s.StartFor(ctx, nil, workflow.RefundFormCode, o.users["ann"], refundData("AS20261128")); err != nil {
			t.Fatal(err)
		}
		rows, _, err = o.s.Tasks(ctx, o.p["sam"], workflow.BoxTodo, "", 0, 10)
		if err != nil || len(rows) != 1 || rows[0].Summary != "售后单号：AS20261128，订单号：O1，退款金额：¥1234.56" {
			t.Fatalf("refund todo: %v %+v", err, rows)
		}
	})
}
