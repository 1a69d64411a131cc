package goods_test

import (
	"testing"
	"time"

	"gorm.io/gorm"

	"mallconsole/bff/internal/goods"
	"mallconsole/bff/internal/platform/dbtest"
)

func TestPageIndexes(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		dbtest.PageIndexesServe(t, g, "goods", goods.PageIndexes, map[string]any{"status": goods.OnSale, "category": "digital", "agency_id": 1})
	})
	agency, now := int64(3), time.Now()
	for _, c := range []struct {
		q    goods.Query
		want string
	}{
		{goods.Query{}, "idx_goods_create"},
		{goods.Query{Status: goods.OnSale, Categories: []string{"digital"}, Order: "price ASC, id ASC"}, "idx_goods_list_price"},
		{goods.Query{Status: goods.OffSale, Category: "food", Order: "stock DESC, id DESC"}, "idx_goods_list_stock"},
		{goods.Query{Category: "food", Categories: []string{"food"}, Order: "grounding_time DESC, id DESC"}, "idx_goods_category_grounding"},
		{goods.Query{Scope: &agency, From: &now}, "idx_goods_agency_create"},
		{goods.Query{Status: goods.OnSale, GroundingFrom: &now, Order: "grounding_time ASC, id ASC"}, "idx_goods_status_grounding"},
		// no index of its own: the optimizer chooses
		{goods.Query{Status: goods.OffSale, Order: "stock DESC, id DESC"}, ""},
		{goods.Query{Status: goods.OnSale, Categories: []string{"digital", "phone"}, Order: "price ASC, id ASC"}, ""},
		{goods.Query{Blurry: "压测", Order: "create_time DESC, id DESC"}, ""},
		{goods.Query{LowStock: true}, ""},
		{goods.Query{From: &now, Order: "price ASC, id ASC"}, ""},
		{goods.Query{IDs: []int64{1, 2}}, ""},
		{goods.Query{Order: "price ASC, id DESC"}, ""},
	} {
		if got := goods.PageIndex(c.q); got != c.want {
			t.Errorf("%+v: index %q, want %q", c.q, got, c.want)
		}
	}
}
