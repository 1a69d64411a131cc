package aftersale

import (
	"errors"
	"fmt"
	"net/http"
	"testing"

	"mallconsole/bff/internal/platform/httpx"
)

// TestEveryErrorHasAnAnswer: each of the service's errors, wrapped or not, becomes its answer,
// never a 500; an illegal move names both states, an amount the most that may be refunded.
func TestEveryErrorHasAnAnswer(t *testing.T) {
	want := map[error]int{
		ErrNotFound: http.StatusNotFound, ErrOrderNotFound: http.StatusNotFound,
		ErrIllegalMove: http.StatusConflict, &MoveError{Refunded, Refunding}: http.StatusConflict,
		&OrderStatusError{"unpaid"}: http.StatusConflict, &AmountError{"amount", 1234}: http.StatusBadRequest,
		&ItemError{"7", 1}: http.StatusBadRequest, &ItemError{"X", -1}: http.StatusBadRequest,
		ErrAmountPositive: http.StatusBadRequest, ErrNoItems: http.StatusBadRequest, ErrType: http.StatusBadRequest,
		ErrReasonRequired: http.StatusBadRequest, ErrTrackingMissing: http.StatusBadRequest,
		ErrNoGateway: http.StatusBadRequest, ErrProvider: http.StatusBadRequest, ErrVoucherRequired: http.StatusBadRequest,
		ErrRefundInFlight: http.StatusConflict, ErrApproving: http.StatusConflict, ErrNoApprovals: http.StatusConflict,
		ErrOverRefund: http.StatusConflict, ErrVoucherFile: http.StatusBadRequest, ErrPhotos: http.StatusBadRequest,
	}
	for err, status := range want {
		for _, e := range []error{err, fmt.Errorf("moving: %w", err)} {
			if got := httpx.StatusOf(HTTPError(e)); got != status {
				t.Errorf("%v answers %d, want %d", e, got, status)
			}
		}
	}
	for err, msg := range map[error]string{
		&MoveError{Refunded, Refunding}: "409 status: 售后单状态为已退款，不能变为退款中",
		&AmountError{"amount", 1234}:    "400 amount: 最多可退 ¥12.34",
		ErrNoApprovals:                  "409 refund: 审批流程未配置",
		ErrNoGateway:                    "400 provider: 未配置支付网关",
		&OrderStatusError{"closed"}:     "409 orderNo: 订单状态为已关闭，不能申请售后",
		&ItemError{Ref: "A-1", Max: 2}:  "400 items: 商品A-1最多可申请2件",
		&AmountError{"freight", 0}:      "400 freight: 最多可退 ¥0.00",
		ErrRefundInFlight:               "409 refund: 退款处理中",
	} {
		if got := HTTPError(err).Error(); got != msg {
			t.Errorf("%v answers %q, want %q", err, got, msg)
		}
	}
	if other := errors.New("disk full"); HTTPError(other) != other {
		t.Error("an unknown error must stay the server's fault")
	}
}
