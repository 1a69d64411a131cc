package contract

import (
	"errors"
	"fmt"
	"slices"
)

// Statuses of a contract. A signed contract reads as expired once its end date has passed, and
// the contract.expire job later stores Expired (ExpireDue): reads never wait for the job
// (docs/decisions.md "Contract expiry is stored by a job").
const (
	Draft       = "draft"        // 草稿
	PendingSign = "pending_sign" // 待签署
	Signed      = "signed"       // 已签署
	Expired     = "expired"      // 已过期
	Terminated  = "terminated"   // 已终止
)

// Statuses lists every status as the filter offers them.
var Statuses = []string{Draft, PendingSign, Signed, Expired, Terminated}

// StatusLabels are the statuses' names for people.
var StatusLabels = map[string]string{Draft: "草稿", PendingSign: "待签署", Signed: "已签署", Expired: "已过期",
	Terminated: "已终止"}

// Actions move a contract.
const (
	Submit    = "submit"    // 提交签署
	Sign      = "sign"      // 标记已签署
	Terminate = "terminate" // 终止
)

// Actions lists the actions (routes PUT /api/contracts/{id}/{action}).
var Actions = []string{Submit, Sign, Terminate}

// moves is the whole machine: action → the effective statuses it may start from, and where it
// leads. An expired contract is final like a terminated one.
var moves = map[string]struct {
	from []string
	to   string
}{
	Submit:    {[]string{Draft}, PendingSign},
	Sign:      {[]string{PendingSign}, Signed},
	Terminate: {[]string{PendingSign, Signed}, Terminated},
}

// ErrIllegalMove: the action is not allowed from the contract's status.
var ErrIllegalMove = errors.New("contract: illegal status move")

// MoveError is ErrIllegalMove naming both states.
type MoveError struct{ From, To string }

func (e *MoveError) Error() string {
	return fmt.Sprintf("contract: cannot move from %s to %s", e.From, e.To)
}
func (e *MoveError) Is(target error) bool { return target == ErrIllegalMove }

// Next is the status action leads to from the effective status from, or a *MoveError.
func Next(from, action string) (string, error) {
	m, ok := moves[action]
	if !ok {
		return "", fmt.Errorf("contract: unknown action %q", action) // a programming error
	}
	if !slices.Contains(m.from, from) {
		return "", &MoveError{From: from, To: m.to}
	}
	return m.to, nil
}

// Effective is the status a contract reads as on the day today (yyyy-MM-dd).
func Effective(c Contract, today string) string {
	if c.Status == Signed && c.EndDate < today {
		return Expired
	}
	return c.Status
}

// Editable tells whether a contract in the effective status may still change its terms and
// attachments: until it is signed.
func Editable(status string) bool { return status == Draft || status == PendingSign }
