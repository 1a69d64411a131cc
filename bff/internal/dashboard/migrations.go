package dashboard

import (
	"time"

	"gorm.io/gorm"

	"mallconsole/bff/internal/platform/db"
)

// Tables as migration 20261123_60_dashboard created them. Frozen.
//
// Every figure table is keyed by day first: the overview reads a range of days, which on InnoDB
// is one stretch of the clustered primary key.
type (
	day20261123 struct {
		Day          string `gorm:"primaryKey;size:10"`
		AgencyKey    int64  `gorm:"primaryKey;autoIncrement:false"`
		Sales        int64  `gorm:"not null;default:0"`
		NewCustomers int64  `gorm:"not null;default:0"`
		OnSaleDelta  int64  `gorm:"not null;default:0"`
	}
	statusDay20261123 struct {
		Day       string `gorm:"primaryKey;size:10"`
		AgencyKey int64  `gorm:"primaryKey;autoIncrement:false"`
		Status    string `gorm:"primaryKey;size:16"`
		Orders    int64  `gorm:"not null;default:0"`
	}
	// The ranking reads each day's best sellers (day, agency, sales) and then the candidates'
	// totals (goods, agency, day): see store.go top.
	goodsDay20261123 struct {
		Day       string `gorm:"primaryKey;size:10;index:idx_dashboard_goods_day_rank,priority:1;index:idx_dashboard_goods_day_goods,priority:3"`
		AgencyKey int64  `gorm:"primaryKey;autoIncrement:false;index:idx_dashboard_goods_day_rank,priority:2;index:idx_dashboard_goods_day_goods,priority:2"`
		GoodsID   int64  `gorm:"primaryKey;autoIncrement:false;index:idx_dashboard_goods_day_goods,priority:1"`
		GoodsName string `gorm:"size:128;not null;default:''"`
		Quantity  int64  `gorm:"not null;default:0"`
		Sales     int64  `gorm:"not null;default:0;index:idx_dashboard_goods_day_rank,priority:3"`
	}
	customer20261123 struct {
		Phone     string    `gorm:"primaryKey;size:32"`
		AgencyKey int64     `gorm:"not null;default:0"`
		FirstTime time.Time `gorm:"not null"`
		FirstDay  string    `gorm:"size:10;not null"`
	}
	listing20261123 struct {
		ID        int64     `gorm:"primaryKey;autoIncrement"`
		GoodsID   int64     `gorm:"not null;index:idx_dashboard_listing_goods"`
		AgencyKey int64     `gorm:"not null;default:0"`
		Delta     int64     `gorm:"not null"`
		At        time.Time `gorm:"not null"`
		Day       string    `gorm:"size:10;not null"`
	}
)

func (day20261123) TableName() string       { return "dashboard_day" }
func (statusDay20261123) TableName() string { return "dashboard_status_day" }
func (goodsDay20261123) TableName() string  { return "dashboard_goods_day" }
func (customer20261123) TableName() string  { return "dashboard_customer" }
func (listing20261123) TableName() string   { return "dashboard_listing" }

// Migrations creates the figure tables, and the goods index that counts low stock (库存预警:
// on sale, stock under goods.LowStock, per agency) without reading the rows.
func Migrations() []db.Migration {
	return []db.Migration{{
		ID: "20261123_60_dashboard",
		Up: func(tx *gorm.DB) error {
			err := tx.Migrator().CreateTable(&day20261123{}, &statusDay20261123{}, &goodsDay20261123{},
				&customer20261123{}, &listing20261123{})
			if err != nil {
				return err
			}
			return tx.Exec("CREATE INDEX idx_goods_status_stock ON goods (status, stock, agency_id)").Error
		},
	}, {
		ID: "20261130_20_dashboard_status_indexes",
		Up: statusIndexes20261130,
	}}
}

// statusIndexes20261130 serves the two reads of the status table that every shipment's new
// overview makes again (docs/figures.md "Sixth pass"): the period's orders per day and status,
// read in the order they are grouped in (no temporary table: a third of the time), and the
// orders in one status now (待发货), read from the index instead of the whole table. Frozen.
func statusIndexes20261130(tx *gorm.DB) error {
	for _, stmt := range []string{
		"CREATE INDEX " + statusDayIndex + " ON dashboard_status_day (day, status, agency_key, orders)",
		"CREATE INDEX idx_dashboard_status_now ON dashboard_status_day (status, agency_key, orders)",
	} {
		if err := tx.Exec(stmt).Error; err != nil {
			return err
		}
	}
	return nil
}
