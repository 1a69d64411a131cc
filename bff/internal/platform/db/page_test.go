package db_test

import (
	"fmt"
	"slices"
	"testing"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"mallconsole/bff/internal/platform/db"
	"mallconsole/bff/internal/platform/dbtest"
)

type pageRow struct {
	ID   int64
	Head string `gorm:"size:4"`
	Tail string `gorm:"size:4"`
	Rank int
	Kind string `gorm:"size:8"`
}

// A page of rows matching either of two filters is the page the plain OR gives, in every order:
// the union of each side's first rows for plain columns (one row found by both sides once), the
// plain OR for an order that is not plain columns.
func TestPageByIDsEither(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		if err := g.AutoMigrate(&pageRow{}); err != nil {
			t.Fatal(err)
		}
		rows := make([]pageRow, 300)
		for i := range rows {
			rows[i] = pageRow{Head: fmt.Sprint(i % 3), Tail: fmt.Sprint(i % 5), Rank: i * 37 % 50, Kind: []string{"a", "b"}[i%2]}
		}
		if err := g.CreateInBatches(&rows, 100).Error; err != nil {
			t.Fatal(err)
		}
		either := []clause.Expr{{SQL: "head = ?", Vars: []any{"1"}}, {SQL: "tail = ?", Vars: []any{"2"}}}
		for _, order := range []string{"rank DESC, id DESC", "rank ASC, id ASC", "id ASC", "(rank % 7) ASC, id ASC"} {
			for _, page := range [][2]int{{0, 20}, {20, 20}, {130, 20}, {5, 7}, {500, 20}} {
				got, err := db.PageByIDs[pageRow](g.Model(&pageRow{}).Where("kind = ?", "a"), order, page[0], page[1], either...)
				if err != nil {
					t.Fatal(err)
				}
				var want []int64
				g.Raw("SELECT id FROM page_rows WHERE kind = ? AND (head = ? OR tail = ?) ORDER BY "+order+" LIMIT ? OFFSET ?",
					"a", "1", "2", page[1], page[0]).Scan(&want)
				ids := []int64{}
				for _, r := range got {
					ids = append(ids, r.ID)
				}
				if len(want) == 0 {
					want = []int64{}
				}
				if !slices.Equal(ids, want) {
					t.Fatalf("%q %v: %v, want %v", order, page, ids, want)
				}
			}
		}
	})
}
