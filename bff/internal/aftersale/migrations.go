package aftersale

import (
	"time"

	"gorm.io/gorm"

	"mallconsole/bff/internal/platform/db"
)

// Tables as migration 20261128_40_aftersale created them. Frozen.
//
// The list filters by status (the tabs) and agency over a creation range, and finds a case by its
// number, its order's number or the phone; a gateway notification finds it by refund number, an
// approval's end by its instance.
type (
	case20261128 struct {
		ID               int64  `gorm:"primaryKey;autoIncrement"`
		CaseNo           string `gorm:"size:32;not null;uniqueIndex:uk_aftersale_cases_case_no"`
		OrderID          int64  `gorm:"not null;index:idx_aftersale_cases_order"`
		OrderNo          string `gorm:"size:32;not null;index:idx_aftersale_cases_order_no"`
		AgencyID         *int64 `gorm:"index:idx_aftersale_cases_agency_status,priority:1"`
		CustomerName     string `gorm:"size:64;not null;default:''"`
		Phone            string `gorm:"size:32;not null;default:'';index:idx_aftersale_cases_phone"`
		Type             string `gorm:"size:16;not null"`
		Status           string `gorm:"size:16;not null;index:idx_aftersale_cases_status_create,priority:1;index:idx_aftersale_cases_agency_status,priority:2"`
		Reason           string `gorm:"size:32;not null;default:''"`
		Description      string `gorm:"size:500;not null;default:''"`
		Photos           string `gorm:"size:500;not null;default:'[]'"`
		Amount           int64  `gorm:"not null"`
		Freight          int64  `gorm:"not null;default:0"`
		ReturnAddress    string `gorm:"size:255;not null;default:''"`
		ReturnCompany    string `gorm:"size:32;not null;default:''"`
		ReturnTrackingNo string `gorm:"size:64;not null;default:''"`
		Damaged          bool   `gorm:"not null;default:false"`
		Provider         string `gorm:"size:16;not null;default:''"`
		VoucherNo        string `gorm:"size:64;not null;default:''"`
		VoucherFileID    *int64
		RefundNo         *string   `gorm:"size:48;uniqueIndex:uk_aftersale_cases_refund_no"`
		RefundState      string    `gorm:"size:16;not null;default:''"`
		GatewayRef       string    `gorm:"size:64;not null;default:''"`
		InstanceID       *int64    `gorm:"index:idx_aftersale_cases_instance"`
		Source           string    `gorm:"size:16;not null;default:'console'"`
		CreateBy         string    `gorm:"size:64;not null;default:''"`
		CreateTime       time.Time `gorm:"not null;index:idx_aftersale_cases_status_create,priority:2;index:idx_aftersale_cases_agency_status,priority:3;index:idx_aftersale_cases_create"`
		UpdateTime       time.Time `gorm:"not null"`
		RefundTime       *time.Time
	}
	item20261128 struct {
		ID          int64        `gorm:"primaryKey;autoIncrement"`
		CaseID      int64        `gorm:"not null;index:idx_aftersale_items_case"`
		Case        case20261128 `gorm:"foreignKey:CaseID;constraint:OnDelete:CASCADE"`
		OrderItemID int64        `gorm:"not null;index:idx_aftersale_items_order_item"`
		SkuID       *int64
		SkuCode     string `gorm:"size:64;not null;default:''"`
		GoodsName   string `gorm:"size:128;not null"`
		SpecText    string `gorm:"size:255;not null;default:''"`
		UnitPrice   int64  `gorm:"not null"`
		Quantity    int64  `gorm:"not null"`
		Refunded    int64  `gorm:"not null;default:0"`
	}
	history20261128 struct {
		ID         int64        `gorm:"primaryKey;autoIncrement"`
		CaseID     int64        `gorm:"not null;index:idx_aftersale_history_case"`
		Case       case20261128 `gorm:"foreignKey:CaseID;constraint:OnDelete:CASCADE"`
		FromStatus string       `gorm:"size:16;not null;default:''"`
		ToStatus   string       `gorm:"size:16;not null"`
		Operator   string       `gorm:"size:64;not null"`
		Note       string       `gorm:"size:255;not null;default:''"`
		CreateTime time.Time    `gorm:"not null"`
	}
)

func (case20261128) TableName() string    { return "aftersale_cases" }
func (item20261128) TableName() string    { return "aftersale_items" }
func (history20261128) TableName() string { return "aftersale_history" }

// Migrations creates the cases, their lines and their history.
func Migrations() []db.Migration {
	return []db.Migration{{
		ID: "20261128_40_aftersale",
		Up: func(tx *gorm.DB) error {
			return tx.Migrator().CreateTable(&case20261128{}, &item20261128{}, &history20261128{})
		},
	}}
}
