package goods

import (
	"database/sql/driver"
	"encoding/json"
	"fmt"
	"time"

	"mallconsole/bff/internal/platform/money"
)

// MaxSpecs is how many spec dimensions (颜色, 尺码, …) a goods item may have.
const MaxSpecs = 3

// DefaultLowStock is a new SKU's low-stock threshold (库存预警) when none is given.
const DefaultLowStock = 10

// Spec is one dimension of a goods item and its values, in the order the dialog shows them.
type Spec struct {
	Name   string   `json:"name"`
	Values []string `json:"values"`
}

// SpecList is a goods item's dimensions as stored (goods.specs, JSON text): never NULL, so a
// row written without specs (a bulk insert, an old caller) stores [] rather than failing.
type SpecList []Spec

// Value writes the list as JSON, [] when empty.
func (l SpecList) Value() (driver.Value, error) {
	if len(l) == 0 {
		return "[]", nil
	}
	b, err := json.Marshal([]Spec(l))
	return string(b), err
}

// Scan reads the JSON text back.
func (l *SpecList) Scan(v any) error {
	var b []byte
	switch x := v.(type) {
	case nil:
		*l = SpecList{}
		return nil
	case string:
		b = []byte(x)
	case []byte:
		b = x
	default:
		return fmt.Errorf("goods: specs of type %T", v)
	}
	out := SpecList{}
	if err := json.Unmarshal(b, &out); err != nil {
		return err
	}
	*l = out
	return nil
}

// Sku is one sellable combination of a goods item's spec values (a goods item without specs has
// exactly one). Its stock is changed only through package stock, which writes the ledger.
type Sku struct {
	ID      int64 `gorm:"primaryKey"`
	GoodsID int64
	// ScopeID is the seller: the goods' agency, 0 for the shop's own. Codes are unique per scope.
	ScopeID    int64
	Code       string
	Barcode    string
	Specs      []string `gorm:"serializer:json"` // one value per dimension of the goods' Specs
	Price      money.Fen
	Cost       money.Fen
	Stock      int64 // units free to sell
	LowStock   int64 // at or under this, the SKU needs restocking
	OnSale     bool
	Sort       int
	CreateTime time.Time `gorm:"autoCreateTime"`
	UpdateTime time.Time `gorm:"autoUpdateTime"`
}

func (Sku) TableName() string { return "goods_skus" }
