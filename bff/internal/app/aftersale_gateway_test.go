package app_test

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"strings"
	"testing"
	"time"

	"mallconsole/bff/internal/aftersale/gateway"
	"mallconsole/bff/internal/aftersale/gateway/gatewaytest"
	"mallconsole/bff/internal/apptest"
	"mallconsole/bff/internal/platform/dbtest"
	"mallconsole/bff/internal/seed"
)

// storeVariants are the databases the after-sales end-to-end tests run on: SQLite always,
// MariaDB when the test environment has one.
func storeVariants() []string {
	if os.Getenv(dbtest.EnvMySQL) != "" {
		return []string{"sqlite", "mysql"}
	}
	return []string{"sqlite"}
}

// TestAftersaleGatewayRefunds: refund-only cases under the approval threshold refunded through a
// payment gateway of our own, through the whole app (the notification comes back over HTTP to
// /api/aftersales/gateway/notify), once per way a gateway misbehaves. Each case ends refunded
// exactly once, the gateway pays it once, and the order's refunded total follows.
func TestAftersaleGatewayRefunds(t *testing.T) {
	for _, variant := range storeVariants() {
		t.Run(variant, func(t *testing.T) {
			s, gw := gatewayApp(t, variant, gatewaytest.Options{Delay: 300 * time.Millisecond, SlowAnswer: 500 * time.Millisecond})
			admin := s.Login(t, "admin", apptest.AdminPassword)
			staff := s.Login(t, seed.StaffUser, apptest.DemoPassword)
			openSku(t, s.DB, nil, "GW-A", 1250, 100)
			shop, _ := newOpenClient(t, s, admin, nil)

			// refundCase opens and approves a refund-only case of units of a fresh order of two,
			// tells the gateway how to behave with its refund, and asks the refund.
			refundCase := func(t *testing.T, name string, units int64, b gatewaytest.Behaviour) (int64, string, string) {
				t.Helper()
				orderNo, _ := paidOrder(t, s, shop, "gw-"+name, "GW-A", 2)
				caseNo := openCase(t, s, shop, orderNo, "gw-case-"+name, caseBody("refund", fmt.Sprintf("%d.%02d", 1250*units/100, 1250*units%100), "GW-A", units))
				id := caseID(t, s, staff, caseNo)
				if r := caseMoveAPI(t, s, staff, id, "approve", nil); r.Status != http.StatusOK {
					t.Fatalf("approve: %d %s", r.Status, r.Body)
				}
				gw.Behave("RF"+caseNo, b)
				r := caseMoveAPI(t, s, staff, id, "refund", gatewayRefund)
				var v caseView
				r.JSON(t, &v)
				if r.Status != http.StatusOK || v.Provider != "gateway" || v.RefundNo != "RF"+caseNo || (v.RefundState != "sent" && v.RefundState != "done" && v.RefundState != "failed") {
					t.Fatalf("refund through the gateway: %d %s", r.Status, r.Body)
				}
				return id, caseNo, orderNo
			}
			// settledOnce checks the case was refunded once and paid once, and the order's money.
			settledOnce := func(t *testing.T, id int64, refundNo, orderNo, status string, total int64) {
				t.Helper()
				v := getCase(t, s, staff, id)
				if !refunded(v) || v.moves("refunded") != 1 {
					t.Errorf("case %s: %s %s, %d moves to refunded\n%s", v.CaseNo, v.Status, v.RefundState, v.moves("refunded"), v.notes())
				}
				if p := gw.Paid(refundNo); p != 1 {
					t.Errorf("the gateway paid %s %d times", refundNo, p)
				}
				if st, got := orderMoney(t, s, orderNo); st != status || got != total {
					t.Errorf("order %s: %s refunded %d, want %s %d", orderNo, st, got, status, total)
				}
			}
			notified := func(refundNo string) []gatewaytest.Notification {
				var out []gatewaytest.Notification
				for _, n := range gw.Sent() {
					if n.RefundNo == refundNo {
						out = append(out, n)
					}
				}
				return out
			}

			t.Run("normal: the whole order", func(t *testing.T) {
				id, caseNo, orderNo := refundCase(t, "normal", 2, gatewaytest.Normal)
				waitCase(t, s, staff, id, "refunded", refunded)
				gw.Wait()
				settledOnce(t, id, "RF"+caseNo, orderNo, "refunded", 2500)
			})
			t.Run("twice", func(t *testing.T) {
				id, caseNo, orderNo := refundCase(t, "twice", 1, gatewaytest.Twice)
				waitCase(t, s, staff, id, "refunded", refunded)
				gw.Wait()
				ns := notified("RF" + caseNo)
				if len(ns) != 2 || ns[0].HTTPStatus != http.StatusOK || ns[1].HTTPStatus != http.StatusOK || strings.TrimSpace(ns[1].Body) != gateway.NotifyOK {
					t.Errorf("notifications: %+v", ns)
				}
				settledOnce(t, id, "RF"+caseNo, orderNo, "paid", 1250)
			})
			t.Run("reorder", func(t *testing.T) {
				id, caseNo, orderNo := refundCase(t, "reorder", 1, gatewaytest.Reorder)
				waitCase(t, s, staff, id, "refunded", refunded)
				gw.Wait()
				ns := notified("RF" + caseNo)
				if len(ns) != 2 || ns[1].Status != gateway.StatusProcessing || ns[1].HTTPStatus != http.StatusOK {
					t.Errorf("notifications: %+v", ns)
				}
				settledOnce(t, id, "RF"+caseNo, orderNo, "paid", 1250)
			})
			t.Run("late", func(t *testing.T) {
				id, caseNo, orderNo := refundCase(t, "late", 1, gatewaytest.Late)
				if v := getCase(t, s, staff, id); v.Status != "refunding" || v.RefundState != "sent" {
					t.Errorf("before the late notification: %s %s", v.Status, v.RefundState)
				}
				waitCase(t, s, staff, id, "refunded", refunded)
				gw.Wait()
				settledOnce(t, id, "RF"+caseNo, orderNo, "paid", 1250)
			})
			t.Run("forged notification", func(t *testing.T) {
				id, caseNo, orderNo := refundCase(t, "badsig", 1, gatewaytest.BadSig)
				gw.Wait()
				ns := notified("RF" + caseNo)
				if len(ns) != 1 || !ns[0].Forged || ns[0].HTTPStatus != http.StatusUnauthorized {
					t.Fatalf("the forged notification: %+v", ns)
				}
				if v := getCase(t, s, staff, id); v.Status != "refunding" || v.RefundState != "sent" {
					t.Fatalf("a forged notification settled the case: %s %s", v.Status, v.RefundState)
				}
				// The sweep's query finds what the gateway did.
				s.Clock.Advance(2 * time.Minute)
				if _, err := s.App.Aftersales.SweepStuck(context.Background(), time.Minute); err != nil {
					t.Fatal(err)
				}
				settledOnce(t, id, "RF"+caseNo, orderNo, "paid", 1250)
			})
			t.Run("no notification", func(t *testing.T) {
				id, caseNo, orderNo := refundCase(t, "none", 1, gatewaytest.None)
				gw.Wait()
				if ns := notified("RF" + caseNo); len(ns) != 0 {
					t.Fatalf("notifications: %+v", ns)
				}
				// Not stuck yet: the sweep leaves a refund just sent alone.
				if _, err := s.App.Aftersales.SweepStuck(context.Background(), time.Minute); err != nil {
					t.Fatal(err)
				}
				if v := getCase(t, s, staff, id); v.RefundState != "sent" {
					t.Fatalf("swept before its time: %s %s", v.Status, v.RefundState)
				}
				s.Clock.Advance(2 * time.Minute)
				if _, err := s.App.Aftersales.SweepStuck(context.Background(), time.Minute); err != nil {
					t.Fatal(err)
				}
				settledOnce(t, id, "RF"+caseNo, orderNo, "paid", 1250)
			})
			t.Run("slow answer", func(t *testing.T) {
				// The notification comes while the request still waits for its answer (PROCESSING,
				// out of date by then): the answer does not undo the refund.
				start := time.Now()
				id, caseNo, orderNo := refundCase(t, "slow", 1, gatewaytest.Slow)
				if d := time.Since(start); d < 400*time.Millisecond {
					t.Errorf("the slow answer came after %v", d)
				}
				waitCase(t, s, staff, id, "refunded", refunded)
				gw.Wait()
				settledOnce(t, id, "RF"+caseNo, orderNo, "paid", 1250)
			})
			t.Run("never arrived", func(t *testing.T) {
				// The app stopped between recording the refund as sent and calling the gateway:
				// the sweep's query answers NOT_FOUND and the refund is asked then, under its number.
				orderNo, _ := paidOrder(t, s, shop, "gw-lost", "GW-A", 2)
				caseNo := openCase(t, s, shop, orderNo, "gw-case-lost", caseBody("refund", "12.50", "GW-A", 1))
				id := caseID(t, s, staff, caseNo)
				if r := caseMoveAPI(t, s, staff, id, "approve", nil); r.Status != http.StatusOK {
					t.Fatalf("approve: %d %s", r.Status, r.Body)
				}
				if err := s.DB.Exec("UPDATE aftersale_cases SET provider = ?, refund_no = ?, refund_state = ? WHERE id = ?",
					"gateway", "RF"+caseNo, "sent", id).Error; err != nil {
					t.Fatal(err)
				}
				s.Clock.Advance(2 * time.Minute)
				if _, err := s.App.Aftersales.SweepStuck(context.Background(), time.Minute); err != nil {
					t.Fatal(err)
				}
				if rec, ok := gw.Refund("RF" + caseNo); !ok || rec.Requests != 1 {
					t.Fatalf("the sweep did not ask the refund: %+v", rec)
				}
				waitCase(t, s, staff, id, "refunded", refunded)
				gw.Wait()
				settledOnce(t, id, "RF"+caseNo, orderNo, "paid", 1250)
			})
			t.Run("failed, then sent again", func(t *testing.T) {
				id, caseNo, orderNo := refundCase(t, "fail", 1, gatewaytest.Fail)
				v := waitCase(t, s, staff, id, "failed", func(v caseView) bool { return v.RefundState == "failed" })
				gw.Wait()
				if v.Status != "refunding" || gw.Paid("RF"+caseNo) != 0 {
					t.Fatalf("failed refund: %s, paid %d", v.Status, gw.Paid("RF"+caseNo))
				}
				if st, got := orderMoney(t, s, orderNo); st != "paid" || got != 0 {
					t.Errorf("order after a failed refund: %s %d", st, got)
				}
				r := caseMoveAPI(t, s, staff, id, "refund", gatewayRefund)
				r.JSON(t, &v)
				if r.Status != http.StatusOK || v.RefundNo != "RF"+caseNo+"-2" {
					t.Fatalf("sent again: %d %s", r.Status, r.Body)
				}
				waitCase(t, s, staff, id, "refunded", refunded)
				gw.Wait()
				settledOnce(t, id, "RF"+caseNo+"-2", orderNo, "paid", 1250)
				if p := gw.Paid("RF" + caseNo); p != 0 {
					t.Errorf("the failed refund paid %d times", p)
				}
				// Refunded: a third ask is refused.
				if r := caseMoveAPI(t, s, staff, id, "refund", gatewayRefund); r.Status != http.StatusConflict {
					t.Errorf("refunding a refunded case: %d %s", r.Status, r.Body)
				}
			})
		})
	}
}
