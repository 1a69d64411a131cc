// Package notify is the message centre (站内信): messages per user, each user's choice of
// types, the live stream to the open console (Server-Sent Events, across instances through
// Redis) and the optional outbound channels (webhook, e-mail). docs/notifications.md.
package notify

import (
	"encoding/json"
	"time"

	"mallconsole/bff/internal/platform/httpx"
)

// Types of message. A user may turn each off (Prefs).
const (
	OrderToShip      = "order_to_ship"     // an order was paid and waits to ship (those who ship)
	AftersaleOpened  = "aftersale_opened"  // an after-sales case was opened
	LowStock         = "low_stock"         // a SKU crossed its low-stock threshold
	ContractExpiring = "contract_expiring" // a contract ends soon
	ApprovalTask     = "approval_task"     // an approval task waits for you
	RequestResult    = "request_result"    // your request was approved, rejected or returned
	JobFailed        = "job_failed"        // a scheduled job failed (administrators)
)

// Types lists every type in the order the pages show them.
var Types = []string{OrderToShip, AftersaleOpened, LowStock, ContractExpiring, ApprovalTask, RequestResult, JobFailed}

// TypeLabels are the types' names for people.
var TypeLabels = map[string]string{OrderToShip: "待发货订单", AftersaleOpened: "售后申请", LowStock: "库存预警",
	ContractExpiring: "合同到期", ApprovalTask: "审批待办", RequestResult: "审批结果", JobFailed: "任务失败"}

// Message is what a producer sends: the record it is about opens from Link (a console path).
type Message struct {
	Type  string
	Title string
	Body  string
	Link  string // e.g. /look?type=order&id=12 or /shop/order?...; "" when there is nothing to open
}

// Audience is who receives a message: the listed users, and every enabled user holding
// Permission (or, with Admins, every administrator). With AgencyID set, a channel operator
// receives it only when it is of their agency; staff (accounts without an agency) receive it
// either way. Each user receives it at most once and not when they turned its type off.
type Audience struct {
	UserIDs    []int64
	Permission string
	Admins     bool
	AgencyID   *int64
}

// Stored is a message as one user has it.
type Stored struct {
	ID         int64      `json:"id"`
	Type       string     `json:"type"`
	Title      string     `json:"title"`
	Body       string     `json:"body"`
	Link       string     `json:"link"`
	Read       bool       `json:"read"`
	CreateTime time.Time  `json:"createTime"`
	ReadTime   *time.Time `json:"readTime"`
}

// MarshalJSON writes the times as every console answer does (yyyy-MM-dd HH:mm:ss in the server's
// zone, DECISIONS §3); readTime is null while unread.
func (m Stored) MarshalJSON() ([]byte, error) {
	type plain Stored
	var read *string
	if m.ReadTime != nil {
		t := httpx.FormatTime(*m.ReadTime)
		read = &t
	}
	return json.Marshal(struct {
		plain
		CreateTime string  `json:"createTime"`
		ReadTime   *string `json:"readTime"`
	}{plain(m), httpx.FormatTime(m.CreateTime), read})
}

// UnmarshalJSON reads what MarshalJSON writes (a client of this API, the tests).
func (m *Stored) UnmarshalJSON(b []byte) error {
	type plain Stored
	var v struct {
		plain
		CreateTime string  `json:"createTime"`
		ReadTime   *string `json:"readTime"`
	}
	if err := json.Unmarshal(b, &v); err != nil {
		return err
	}
	*m = Stored(v.plain)
	var err error
	if m.CreateTime, _, err = httpx.ParseTime(v.CreateTime, false); err != nil {
		return err
	}
	if v.ReadTime != nil {
		t, _, err := httpx.ParseTime(*v.ReadTime, false)
		if err != nil {
			return err
		}
		m.ReadTime = &t
	}
	return nil
}
