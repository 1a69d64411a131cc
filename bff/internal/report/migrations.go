package report

import (
	"gorm.io/gorm"

	"mallconsole/bff/internal/platform/db"
)

// daily20261128 is sales_daily as migration 20261128_60_report created it. Frozen.
//
// The primary key starts with the day: a report reads a range of days, which on InnoDB is one
// stretch of the clustered key (no lookups from a secondary index). GoodsID is in the key
// because lines sold before SKUs all have SKU 0.
type daily20261128 struct {
	Day        string `gorm:"primaryKey;size:10"`
	SkuID      int64  `gorm:"primaryKey;autoIncrement:false"`
	AgencyID   int64  `gorm:"primaryKey;autoIncrement:false"`
	GoodsID    int64  `gorm:"primaryKey;autoIncrement:false"`
	CategoryID int64  `gorm:"not null;default:0"`
	Orders     int64  `gorm:"not null;default:0"`
	Units      int64  `gorm:"not null;default:0"`
	Sales      int64  `gorm:"not null;default:0"`
	Refunds    int64  `gorm:"not null;default:0"`
}

func (daily20261128) TableName() string { return "sales_daily" }

// totals20261129 is sales_totals as migration 20261129_20_report_rollups created it. Frozen.
type totals20261129 struct {
	Day      string `gorm:"primaryKey;size:10"`
	AgencyID int64  `gorm:"primaryKey;autoIncrement:false"`
	Orders   int64  `gorm:"not null;default:0"`
	Units    int64  `gorm:"not null;default:0"`
	Sales    int64  `gorm:"not null;default:0"`
	Refunds  int64  `gorm:"not null;default:0"`
}

func (totals20261129) TableName() string { return "sales_totals" }

// blocks20261129 is sales_blocks as migration 20261129_20_report_rollups created it. Frozen. The
// key starts with the size and the first day: a report reads a handful of whole blocks.
type blocks20261129 struct {
	Size       int    `gorm:"primaryKey;autoIncrement:false"`
	StartDay   string `gorm:"primaryKey;size:10"`
	GoodsID    int64  `gorm:"primaryKey;autoIncrement:false"`
	SkuID      int64  `gorm:"primaryKey;autoIncrement:false"`
	CategoryID int64  `gorm:"primaryKey;autoIncrement:false"`
	Orders     int64  `gorm:"not null;default:0"`
	Units      int64  `gorm:"not null;default:0"`
	Sales      int64  `gorm:"not null;default:0"`
	Refunds    int64  `gorm:"not null;default:0"`
}

func (blocks20261129) TableName() string { return "sales_blocks" }

// Migrations creates sales_daily and the indexes the refresh finds changed days by: orders and
// after-sales cases changed since the watermark, and a day's refunds by their time.
func Migrations() []db.Migration {
	return []db.Migration{{
		ID: "20261128_60_report",
		Up: func(tx *gorm.DB) error {
			if err := tx.Migrator().CreateTable(&daily20261128{}); err != nil {
				return err
			}
			for _, stmt := range []string{
				"CREATE INDEX idx_orders_update ON orders (update_time)",
				"CREATE INDEX idx_aftersale_cases_update ON aftersale_cases (update_time)",
				"CREATE INDEX idx_aftersale_cases_refund ON aftersale_cases (refund_time)",
			} {
				if err := tx.Exec(stmt).Error; err != nil {
					return err
				}
			}
			return nil
		},
	}, {
		// The rollups, filled from the daily figures already there.
		ID: "20261129_20_report_rollups",
		Up: func(tx *gorm.DB) error {
			if err := tx.Migrator().CreateTable(&totals20261129{}, &blocks20261129{}); err != nil {
				return err
			}
			return rollAll(tx)
		},
	}}
}
