// Package tracking follows shipped parcels (物流跟踪) through a provider in the shape of the
// common Chinese tracking APIs (快递100 is the model): a query by company and number, a
// subscription, and the provider's signed pushes. Answers are kept per company and number with
// the time they were fetched, so a page shows them with their age instead of asking each time
// (docs/decisions.md "Parcel tracking").
package tracking

import "time"

// Parcel is what is known of one company + number: a corrected tracking number is another
// parcel, so nothing is ever rewritten for a correction.
type Parcel struct {
	ID         int64  `gorm:"primaryKey"`
	Company    string // value of the express_company dictionary
	TrackingNo string
	State      string // the provider's state code ("" before any event)
	Events     string // JSON []Event, newest first
	FetchedAt  *time.Time
	Subscribed bool
	UpdateTime time.Time
}

func (Parcel) TableName() string { return "tracking_parcels" }

// Event is one step of a parcel's way.
type Event struct {
	Time time.Time `json:"time"`
	Text string    `json:"text"`
}

// States are the provider's state codes with their labels (快递100's 'state').
var States = map[string]string{
	"0": "运输中", "1": "已揽收", "2": "疑难件", "3": "已签收", "4": "退签", "5": "派送中",
	"6": "退回中", "7": "转投", "8": "清关中", "14": "拒签",
}

// StateLabel is the label of a state code; "" (no event yet) is 暂无轨迹.
func StateLabel(code string) string {
	if l, ok := States[code]; ok {
		return l
	}
	if code == "" {
		return "暂无轨迹"
	}
	return "未知状态"
}
