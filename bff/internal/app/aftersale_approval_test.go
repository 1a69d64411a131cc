package app_test

import (
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"

	"mallconsole/bff/internal/aftersale/gateway/gatewaytest"
	"mallconsole/bff/internal/apptest"
	"mallconsole/bff/internal/seed"
)

// TestAftersaleBigRefunds: a refund over the approval threshold (¥1,000, the setting's default)
// asked by a member of staff waits for a 退款审批 instance that admin decides in 我的待办: approved,
// a manual refund is then recorded and a gateway refund is sent and settled; rejected, the case
// is rejected with the approver's comment. The case and the instance name each other. Admin
// asking a big refund himself passes at once (nobody approves their own request).
func TestAftersaleBigRefunds(t *testing.T) {
	for _, variant := range storeVariants() {
		t.Run(variant, func(t *testing.T) { bigRefunds(t, variant) })
	}
}

func bigRefunds(t *testing.T, variant string) {
	s, gw := gatewayApp(t, variant, gatewaytest.Options{})
	if s.Config.RefundApprovalOver != 100000 {
		t.Fatalf("the approval threshold is %d fen, the test assumes ¥1,000", s.Config.RefundApprovalOver)
	}
	admin := s.Login(t, "admin", apptest.AdminPassword)
	staff := s.Login(t, seed.StaffUser, apptest.DemoPassword)
	openSku(t, s.DB, nil, "BIG-A", 60000, 100)
	shop, _ := newOpenClient(t, s, admin, nil)

	// bigCase is an approved refund-only case of ¥1,200: both units of a fresh order of ¥1,210.
	bigCase := func(t *testing.T, name string) (int64, string, string) {
		t.Helper()
		orderNo, amount := paidOrder(t, s, shop, "big-"+name, "BIG-A", 2)
		if amount != "1210.00" {
			t.Fatalf("order amount %s", amount)
		}
		caseNo := openCase(t, s, shop, orderNo, "big-case-"+name, caseBody("refund", "1200.00", "BIG-A", 2))
		id := caseID(t, s, staff, caseNo)
		if r := caseMoveAPI(t, s, staff, id, "approve", nil); r.Status != http.StatusOK {
			t.Fatalf("approve: %d %s", r.Status, r.Body)
		}
		return id, caseNo, orderNo
	}
	// ask refunds the case as staff: 202, waiting for its instance.
	ask := func(t *testing.T, id int64, body map[string]any) int64 {
		t.Helper()
		r := caseMoveAPI(t, s, staff, id, "refund", body)
		var v caseView
		r.JSON(t, &v)
		if r.Status != http.StatusAccepted || v.RefundState != "approving" || v.InstanceID == nil || v.Status != "refunding" {
			t.Fatalf("a big refund: %d %s", r.Status, r.Body)
		}
		if again := caseMoveAPI(t, s, staff, id, "refund", body); again.Status != http.StatusConflict {
			t.Errorf("refunding while approving: %d %s", again.Status, again.Body)
		}
		return *v.InstanceID
	}
	// todo finds admin's task of the instance.
	todo := func(t *testing.T, instance int64) {
		t.Helper()
		r := s.Get(t, "/api/workflow/tasks?box=todo&page=0&size=50", admin)
		var list struct {
			Content []struct {
				InstanceID int64  `json:"instanceId"`
				FormName   string `json:"formName"`
			} `json:"content"`
		}
		r.JSON(t, &list)
		for _, row := range list.Content {
			if row.InstanceID == instance {
				return
			}
		}
		t.Fatalf("admin has no task of instance %d: %d %s", instance, r.Status, r.Body)
	}
	// refOf checks the instance view names the case.
	refOf := func(t *testing.T, instance int64, caseNo string) {
		t.Helper()
		r := s.Get(t, fmt.Sprintf("/api/workflow/instances/%d", instance), admin)
		var v struct {
			Ref *struct {
				Kind string `json:"kind"`
				No   string `json:"no"`
			} `json:"ref"`
		}
		r.JSON(t, &v)
		if r.Status != http.StatusOK || v.Ref == nil || v.Ref.Kind != "aftersale" || v.Ref.No != caseNo {
			t.Errorf("instance %d's ref: %d %s", instance, r.Status, r.Body)
		}
	}
	act := func(t *testing.T, instance int64, action, comment string) {
		t.Helper()
		r := s.Do(t, apptest.Request{Method: http.MethodPost, Path: fmt.Sprintf("/api/workflow/instances/%d/%s", instance, action),
			Token: admin, JSON: map[string]any{"comment": comment}})
		if r.Status != http.StatusOK {
			t.Fatalf("%s instance %d: %d %s", action, instance, r.Status, r.Body)
		}
	}

	t.Run("manual, approved", func(t *testing.T) {
		id, caseNo, orderNo := bigCase(t, "manual")
		instance := ask(t, id, manualRefund(t, s, "V-BIG"))
		todo(t, instance)
		refOf(t, instance, caseNo)
		act(t, instance, "approve", "同意退款")
		v := getCase(t, s, staff, id)
		if v.Status != "refunding" || v.RefundState != "approved" || !strings.Contains(v.notes(), fmt.Sprintf("发起退款审批 #%d", instance)) ||
			!strings.Contains(v.notes(), "同意退款") {
			t.Fatalf("after the approval: %s %s\n%s", v.Status, v.RefundState, v.notes())
		}
		r := caseMoveAPI(t, s, staff, id, "refund", manualRefund(t, s, "V-BIG"))
		if r.Status != http.StatusOK {
			t.Fatalf("the approved refund: %d %s", r.Status, r.Body)
		}
		if v := getCase(t, s, staff, id); !refunded(v) || v.moves("refunded") != 1 {
			t.Errorf("case: %s %s", v.Status, v.RefundState)
		}
		if st, total := orderMoney(t, s, orderNo); st != "refunded" || total != 120000 {
			t.Errorf("order: %s %d", st, total)
		}
	})
	t.Run("gateway, approved", func(t *testing.T) {
		id, caseNo, orderNo := bigCase(t, "gateway")
		instance := ask(t, id, gatewayRefund)
		if gw.Paid("RF"+caseNo) != 0 {
			t.Fatal("sent before the approval")
		}
		todo(t, instance)
		refOf(t, instance, caseNo)
		act(t, instance, "approve", "")
		waitCase(t, s, staff, id, "refunded", refunded)
		gw.Wait()
		if p := gw.Paid("RF" + caseNo); p != 1 {
			t.Errorf("paid %d times", p)
		}
		if st, total := orderMoney(t, s, orderNo); st != "refunded" || total != 120000 {
			t.Errorf("order: %s %d", st, total)
		}
	})
	t.Run("rejected", func(t *testing.T) {
		id, caseNo, orderNo := bigCase(t, "rejected")
		instance := ask(t, id, manualRefund(t, s, "V-NO"))
		refOf(t, instance, caseNo)
		act(t, instance, "reject", "金额与凭证不符")
		v := getCase(t, s, staff, id)
		if v.Status != "rejected" || !strings.Contains(v.notes(), "金额与凭证不符") {
			t.Fatalf("after the rejection: %s %s\n%s", v.Status, v.RefundState, v.notes())
		}
		if st, total := orderMoney(t, s, orderNo); st != "paid" || total != 0 {
			t.Errorf("order: %s %d", st, total)
		}
	})
	t.Run("case rejected while approving", func(t *testing.T) {
		// Staff reject the case while its approval is open: an approval given afterwards pays
		// nothing.
		id, caseNo, orderNo := bigCase(t, "reject-first")
		instance := ask(t, id, gatewayRefund)
		if r := caseMoveAPI(t, s, staff, id, "reject", map[string]any{"reason": "买家已协商撤回"}); r.Status != http.StatusOK {
			t.Fatalf("reject: %d %s", r.Status, r.Body)
		}
		r := s.Do(t, apptest.Request{Method: http.MethodPost, Path: fmt.Sprintf("/api/workflow/instances/%d/approve", instance),
			Token: admin, JSON: map[string]any{"comment": "同意"}})
		t.Logf("approving the rejected case's instance: %d %s", r.Status, r.Body)
		if r.Status >= 500 {
			t.Fatalf("approve: %d %s", r.Status, r.Body)
		}
		gw.Wait()
		v := getCase(t, s, staff, id)
		if v.Status != "rejected" || v.RefundNo != "" || gw.Paid("RF"+caseNo) != 0 {
			t.Fatalf("a rejected case refunded: %s %s %s paid %d\n%s", v.Status, v.RefundState, v.RefundNo, gw.Paid("RF"+caseNo), v.notes())
		}
		if st, total := orderMoney(t, s, orderNo); st != "paid" || total != 0 {
			t.Errorf("order: %s %d", st, total)
		}
	})
	t.Run("withdrawn, asked again", func(t *testing.T) {
		id, caseNo, orderNo := bigCase(t, "withdrawn")
		first := ask(t, id, manualRefund(t, s, "V-W1"))
		r := s.Do(t, apptest.Request{Method: http.MethodPost, Path: fmt.Sprintf("/api/workflow/instances/%d/withdraw", first),
			Token: staff, JSON: map[string]any{"comment": "金额再核对"}})
		if r.Status != http.StatusOK {
			t.Fatalf("withdraw: %d %s", r.Status, r.Body)
		}
		if v := getCase(t, s, staff, id); v.Status != "refunding" || v.RefundState != "" {
			t.Fatalf("after the withdrawal: %s %q", v.Status, v.RefundState)
		}
		// Asked again: a new instance, linked to the case, whose approval reaches it.
		second := ask(t, id, manualRefund(t, s, "V-W2"))
		if second == first {
			t.Fatalf("the case still links the withdrawn instance %d", first)
		}
		refOf(t, second, caseNo)
		act(t, second, "approve", "核对无误")
		v := getCase(t, s, staff, id)
		if v.RefundState != "approved" || v.InstanceID == nil || *v.InstanceID != second {
			t.Fatalf("the second approval did not reach the case: %s %q instance %v\n%s", v.Status, v.RefundState, v.InstanceID, v.notes())
		}
		if r := caseMoveAPI(t, s, staff, id, "refund", manualRefund(t, s, "V-W2")); r.Status != http.StatusOK {
			t.Fatalf("refund: %d %s", r.Status, r.Body)
		}
		if st, total := orderMoney(t, s, orderNo); st != "refunded" || total != 120000 {
			t.Errorf("order: %s %d", st, total)
		}
	})
	t.Run("admin's own, manual", func(t *testing.T) {
		id, _, orderNo := bigCase(t, "admin-manual")
		r := caseMoveAPI(t, s, admin, id, "refund", manualRefund(t, s, "V-ADM"))
		var v caseView
		r.JSON(t, &v)
		if r.Status != http.StatusOK || v.RefundState != "approved" || v.InstanceID == nil {
			t.Fatalf("admin's big refund: %d %s", r.Status, r.Body)
		}
		if r := caseMoveAPI(t, s, admin, id, "refund", manualRefund(t, s, "V-ADM")); r.Status != http.StatusOK {
			t.Fatalf("admin's approved refund: %d %s", r.Status, r.Body)
		}
		if v := getCase(t, s, admin, id); !refunded(v) {
			t.Errorf("case: %s %s", v.Status, v.RefundState)
		}
		if st, total := orderMoney(t, s, orderNo); st != "refunded" || total != 120000 {
			t.Errorf("order: %s %d", st, total)
		}
	})
	t.Run("admin's own, gateway", func(t *testing.T) {
		id, caseNo, _ := bigCase(t, "admin-gateway")
		r := caseMoveAPI(t, s, admin, id, "refund", gatewayRefund)
		var v caseView
		r.JSON(t, &v)
		if r.Status != http.StatusOK || v.InstanceID == nil || (v.RefundState != "sent" && v.RefundState != "done") {
			t.Fatalf("admin's big gateway refund: %d %s", r.Status, r.Body)
		}
		waitCase(t, s, admin, id, "refunded", refunded)
		gw.Wait()
		if p := gw.Paid("RF" + caseNo); p != 1 {
			t.Errorf("paid %d times", p)
		}
	})
}

// TestAftersaleRefundRace: two members of staff refunding the same case at the same moment make
// one refund: one 2xx, one 409 (the case's row is locked by the first) — recorded by hand, sent
// to the gateway (paid once), or a big refund asking for approval (one 退款审批 instance).
func TestAftersaleRefundRace(t *testing.T) {
	for _, variant := range storeVariants() {
		t.Run(variant, func(t *testing.T) {
			s, gw := gatewayApp(t, variant, gatewaytest.Options{})
			admin := s.Login(t, "admin", apptest.AdminPassword)
			tokens := []string{s.Login(t, seed.StaffUser, apptest.DemoPassword), s.Login(t, seed.LeadUser, apptest.DemoPassword)}
			openSku(t, s.DB, nil, "RACE-A", 1000, 100)
			openSku(t, s.DB, nil, "RACE-BIG", 110000, 100)
			shop, _ := newOpenClient(t, s, admin, nil)
			rounds := []struct {
				sku, amount, provider string
				ok                    int // the winner's status
			}{{"RACE-A", "10.00", "manual", http.StatusOK}, {"RACE-A", "10.00", "manual", http.StatusOK},
				{"RACE-A", "10.00", "manual", http.StatusOK}, {"RACE-A", "10.00", "gateway", http.StatusOK},
				{"RACE-A", "10.00", "gateway", http.StatusOK}, {"RACE-BIG", "1100.00", "manual", http.StatusAccepted},
				{"RACE-BIG", "1100.00", "gateway", http.StatusAccepted}}
			for round, rd := range rounds {
				orderNo, _ := paidOrder(t, s, shop, fmt.Sprintf("race-%d", round), rd.sku, 1)
				caseNo := openCase(t, s, shop, orderNo, fmt.Sprintf("race-case-%d", round), caseBody("refund", rd.amount, rd.sku, 1))
				id := caseID(t, s, admin, caseNo)
				if r := caseMoveAPI(t, s, admin, id, "approve", nil); r.Status != http.StatusOK {
					t.Fatalf("approve: %d %s", r.Status, r.Body)
				}
				statuses := make([]int, 2)
				bodies := make([]string, 2)
				start := make(chan struct{})
				var wg sync.WaitGroup
				for i, tok := range tokens {
					body := gatewayRefund
					if rd.provider == "manual" { // the picture uploaded before the race
						body = manualRefund(t, s, fmt.Sprintf("V-%d-%d", round, i))
					}
					wg.Add(1)
					go func() {
						defer wg.Done()
						<-start
						r := s.Do(t, apptest.Request{Method: http.MethodPost, Path: fmt.Sprintf("/api/aftersales/%d/refund", id), Token: tok, JSON: body})
						statuses[i], bodies[i] = r.Status, string(r.Body)
					}()
				}
				close(start)
				wg.Wait()
				won, conflict := 0, 0
				for _, st := range statuses {
					switch st {
					case rd.ok:
						won++
					case http.StatusConflict:
						conflict++
					}
				}
				if won != 1 || conflict != 1 {
					t.Fatalf("round %d (%s %s): %v\n%s\n%s", round, rd.provider, rd.amount, statuses, bodies[0], bodies[1])
				}
				if rd.ok == http.StatusAccepted {
					var n int64
					s.DB.Table("aftersale_history").Where("case_id = ? AND note LIKE ?", id, "发起退款审批%").Count(&n)
					if v := getCase(t, s, admin, id); v.RefundState != "approving" || n != 1 {
						t.Errorf("round %d: %s %s, %d instances\n%s", round, v.Status, v.RefundState, n, v.notes())
					}
					continue
				}
				v := waitCase(t, s, admin, id, "refunded", refunded)
				if v.moves("refunded") != 1 {
					t.Errorf("round %d: %d moves to refunded\n%s", round, v.moves("refunded"), v.notes())
				}
				if rd.provider == "gateway" {
					gw.Wait()
					if p := gw.Paid("RF" + caseNo); p != 1 {
						t.Errorf("round %d: paid %d times", round, p)
					}
				}
				if st, total := orderMoney(t, s, orderNo); st != "refunded" || total != 1000 {
					t.Errorf("round %d order: %s %d", round, st, total)
				}
			}
		})
	}
}
