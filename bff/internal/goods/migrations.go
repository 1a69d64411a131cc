package goods

import (
	"time"

	"gorm.io/gorm"

	"mallconsole/bff/internal/platform/db"
)

// The table as migration 20261123_40_goods created it. Frozen.
//
// The indexes serve the list: the DataTable filters by status and category with a creation
// range and sorts by price, stock, creation or listing time (docs/decisions.md "Goods and
// orders"). InnoDB appends the primary key to every index, so the id that breaks ties in a
// sort is already in it.
type goods20261123 struct {
	ID            int64      `gorm:"primaryKey;autoIncrement"`
	Name          string     `gorm:"size:128;not null"`
	Code          string     `gorm:"size:64;not null;uniqueIndex:uk_goods_code"`
	Category      string     `gorm:"size:64;not null;default:'';index:idx_goods_status_category_create,priority:2;index:idx_goods_status_category_price,priority:2"`
	Price         int64      `gorm:"not null;default:0;index:idx_goods_status_category_price,priority:3;index:idx_goods_price,priority:1"`
	Cost          int64      `gorm:"not null;default:0"`
	Stock         int64      `gorm:"not null;default:0;index:idx_goods_stock,priority:1"`
	Status        string     `gorm:"size:16;not null;default:'draft';index:idx_goods_status_category_create,priority:1;index:idx_goods_status_category_price,priority:1;index:idx_goods_status_grounding,priority:1"`
	GroundingTime *time.Time `gorm:"index:idx_goods_status_grounding,priority:2;index:idx_goods_grounding,priority:1"`
	AgencyID      *int64     `gorm:"index:idx_goods_agency_create,priority:1"`
	MainPicture   string     `gorm:"size:512;not null;default:''"`
	Gallery       string     `gorm:"type:text"`
	Description   string     `gorm:"size:65536"`
	CreateTime    time.Time  `gorm:"not null;index:idx_goods_status_category_create,priority:3;index:idx_goods_agency_create,priority:2;index:idx_goods_create,priority:1"`
	UpdateTime    time.Time  `gorm:"not null"`
}

func (goods20261123) TableName() string { return "goods" }

// Migrations creates the goods table and the list's indexes.
func Migrations() []db.Migration {
	return []db.Migration{{
		ID: "20261123_40_goods",
		Up: func(tx *gorm.DB) error { return tx.Migrator().CreateTable(&goods20261123{}) },
	}, {
		ID: "20261123_73_goods_list",
		Up: listIndexes20261123,
	}, {
		ID: "20261128_10_goods_code_per_agency",
		Up: codePerAgency20261128,
	}, {
		ID: "20261128_20_goods_skus",
		Up: skus20261128,
	}, {
		ID: "20261129_30_goods_category_sorts",
		Up: categorySorts20261129,
	}}
}

// categorySorts20261129 serves a category picked without a status (the list's first filter),
// sorted by listing or creation time: before, such a page read and sorted the whole table
// (EXPLAIN: ALL, filesort; the load mix's 上架时间 page of one category examined 8,464 rows of
// 10,000 for 20). With the category first, a page's ids are read from the index in order,
// forwards or backwards; the id breaks ties. Frozen.
func categorySorts20261129(tx *gorm.DB) error {
	for _, stmt := range []string{
		"CREATE INDEX idx_goods_category_grounding ON goods (category, grounding_time, id)",
		"CREATE INDEX idx_goods_category_create ON goods (category, create_time, id)",
	} {
		if err := tx.Exec(stmt).Error; err != nil {
			return err
		}
	}
	return nil
}

// codePerAgency20261128 makes a code unique per seller instead of across the shop: agency B's
// codes neither clash with nor show through agency A's. agency_id is NULL for the shop's own
// goods, and a unique index lets NULLs repeat on both databases, so the key is on agency_scope,
// a generated column that reads the NULL as 0 (agency IDs start at 1). The database derives it,
// so no write path has to keep it in step. VIRTUAL: SQLite can add no other kind to a table, and
// MariaDB indexes it without rewriting the table. Codes unique across the shop are unique per
// seller, so existing rows always fit the new key. Frozen.
func codePerAgency20261128(tx *gorm.DB) error {
	column := "ALTER TABLE goods ADD COLUMN agency_scope INTEGER GENERATED ALWAYS AS (COALESCE(agency_id, 0)) VIRTUAL"
	if db.Dialect(tx) == db.MySQL {
		column = "ALTER TABLE goods ADD COLUMN agency_scope BIGINT AS (COALESCE(agency_id, 0)) VIRTUAL"
	}
	for _, stmt := range []string{column, "CREATE UNIQUE INDEX uk_goods_agency_code ON goods (agency_scope, code)"} {
		if err := tx.Exec(stmt).Error; err != nil {
			return err
		}
	}
	return tx.Migrator().DropIndex(&goods20261123{}, "uk_goods_code")
}

// listIndexes20261123 serves the usual list at a million rows: status + category + a creation
// range, sorted by price (or stock), ties by id. The index is (status, category, price, id,
// create_time): the order is read from it as is, forwards or backwards, and the creation range
// is checked in the index too, so a page's ids — however deep the page — come from the index
// alone (db.PageByIDs). It replaces (status, category, price), a prefix of it. Frozen.
func listIndexes20261123(tx *gorm.DB) error {
	for _, stmt := range []string{
		"CREATE INDEX idx_goods_list_price ON goods (status, category, price, id, create_time)",
		"CREATE INDEX idx_goods_list_stock ON goods (status, category, stock, id, create_time)",
	} {
		if err := tx.Exec(stmt).Error; err != nil {
			return err
		}
	}
	return tx.Migrator().DropIndex(&goods20261123{}, "idx_goods_status_category_price")
}

// sku20261128 is goods_skus as migration 20261128_20_goods_skus created it. Frozen.
type sku20261128 struct {
	ID         int64     `gorm:"primaryKey;autoIncrement"`
	GoodsID    int64     `gorm:"not null;index:idx_goods_skus_goods,priority:1"`
	ScopeID    int64     `gorm:"not null;default:0;uniqueIndex:uk_goods_skus_scope_code,priority:1;index:idx_goods_skus_scope_low,priority:1"`
	Code       string    `gorm:"size:64;not null;uniqueIndex:uk_goods_skus_scope_code,priority:2"`
	Barcode    string    `gorm:"size:64;not null;default:''"`
	Specs      string    `gorm:"size:512;not null;default:'[]'"`
	Price      int64     `gorm:"not null;default:0"`
	Cost       int64     `gorm:"not null;default:0"`
	Stock      int64     `gorm:"not null;default:0"`
	LowStock   int64     `gorm:"not null;default:10"`
	OnSale     bool      `gorm:"not null;default:true"`
	Sort       int       `gorm:"not null;default:0;index:idx_goods_skus_goods,priority:2"`
	CreateTime time.Time `gorm:"not null"`
	UpdateTime time.Time `gorm:"not null"`
}

func (sku20261128) TableName() string { return "goods_skus" }

// skus20261128 gives goods their SKUs: the table, the goods' spec dimensions (specs, JSON), the
// top of their price range (max_price; price becomes the bottom) and the number of their SKUs
// at or under their threshold (low_skus, kept with every stock move, so 库存预警 stays an index
// read at a million rows). Every existing row becomes a goods item with one SKU of the same
// code, price, cost and stock, on sale, with the old shop-wide rule as its threshold (under 10
// was low; a SKU is low at or under its threshold, so 9). Frozen.
func skus20261128(tx *gorm.DB) error {
	if err := tx.Migrator().CreateTable(&sku20261128{}); err != nil {
		return err
	}
	for _, stmt := range []string{
		"ALTER TABLE goods ADD COLUMN specs VARCHAR(2048) NOT NULL DEFAULT '[]'",
		"ALTER TABLE goods ADD COLUMN max_price BIGINT NOT NULL DEFAULT 0",
		"ALTER TABLE goods ADD COLUMN low_skus INTEGER NOT NULL DEFAULT 0",
		"UPDATE goods SET max_price = price",
		"INSERT INTO goods_skus (goods_id, scope_id, code, barcode, specs, price, cost, stock, low_stock, on_sale, sort, create_time, update_time) " +
			"SELECT id, COALESCE(agency_id, 0), code, '', '[]', price, cost, stock, 9, 1, 0, create_time, update_time FROM goods",
		"UPDATE goods SET low_skus = CASE WHEN stock <= 9 THEN 1 ELSE 0 END",
		"CREATE INDEX idx_goods_low_skus ON goods (low_skus, status, id)",
	} {
		if err := tx.Exec(stmt).Error; err != nil {
			return err
		}
	}
	return nil
}
