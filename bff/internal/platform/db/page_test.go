package db_test

import (
	"fmt"
	"slices"
	"strings"
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
	Note string `gorm:"type:text"` // a detail's column, which a list omits
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
		for _, order := range []string{"rank DESC, id DESC", "rank ASC, id ASC", "id ASC", "(rank % 7) ASC, id ASC", "kind, rank DESC, id"} {
			for _, page := range [][2]int{{0, 20}, {20, 20}, {130, 20}, {5, 7}, {500, 20}} {
				got, err := db.PageByIDs[pageRow](g.Model(&pageRow{}).Where("kind = ?", "a"), order, page[0], page[1], either...)
				if err != nil {
					t.Fatal(err)
				}
				var want []int64
				g.Raw("SELECT id FROM page_rows WHERE kind = ? AND (head = ? OR tail = ?) ORDER BY "+order+" LIMIT ? OFFSET ?",
					"a", "1", "2", page[1], page[0]).Scan(&want)
				all, err := db.PageByIDs[pageRow](g.Model(&pageRow{}).Where("kind = ?", "a"), order, page[0], page[1])
				if err != nil {
					t.Fatal(err)
				}
				var wantAll []int64
				g.Raw("SELECT id FROM page_rows WHERE kind = ? ORDER BY "+order+" LIMIT ? OFFSET ?", "a", page[1], page[0]).Scan(&wantAll)
				if got := idsOf(all); !slices.Equal(got, wantAll) && len(got)+len(wantAll) > 0 {
					t.Fatalf("%q %v without either: %v, want %v", order, page, got, wantAll)
				}
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

func idsOf(rows []pageRow) []int64 {
	ids := make([]int64, len(rows))
	for i, r := range rows {
		ids[i] = r.ID
	}
	return ids
}

// A page leaves out the columns its query omits and reads the rest. On MariaDB it sorts the
// page's ids before the join, never the joined rows in a temporary table (on disk for a row with
// a TEXT column: twice the time of a goods page).
func TestPageByIDsOmitsAndSortsTheIDs(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		if err := g.AutoMigrate(&pageRow{}); err != nil {
			t.Fatal(err)
		}
		rows := make([]pageRow, 100)
		for i := range rows {
			rows[i] = pageRow{Head: "h", Rank: i % 10, Kind: "a", Note: fmt.Sprintf("note %d", i)}
		}
		if err := g.CreateInBatches(&rows, 100).Error; err != nil {
			t.Fatal(err)
		}
		var statements []string
		record := true
		if err := g.Callback().Query().After("gorm:query").Register("test:page_sql", func(tx *gorm.DB) {
			if record && !tx.DryRun { // a subquery's SQL is built in a dry run
				statements = append(statements, tx.Explain(tx.Statement.SQL.String(), tx.Statement.Vars...))
			}
		}); err != nil {
			t.Fatal(err)
		}
		page, err := db.PageByIDs[pageRow](g.Model(&pageRow{}).Omit("note"), "rank DESC, id DESC", 30, 20)
		if err != nil {
			t.Fatal(err)
		}
		record = false
		if len(page) != 20 || page[0].Rank != 6 || page[0].Head != "h" {
			t.Fatalf("page: %+v", page)
		}
		for _, r := range page {
			if r.Note != "" {
				t.Fatalf("row %d read its omitted note %q", r.ID, r.Note)
			}
		}
		full, err := db.PageByIDs[pageRow](g.Model(&pageRow{}), "rank DESC, id DESC", 30, 20)
		if err != nil || !slices.Equal(idsOf(full), idsOf(page)) || full[0].Note == "" {
			t.Fatalf("without omit: %v %+v", err, full)
		}
		if g.Name() != "mysql" {
			return
		}
		if len(statements) != 1 {
			t.Fatalf("statements: %q", statements)
		}
		var plan []struct{ Table, Extra string }
		if err := g.Raw("EXPLAIN " + statements[0]).Scan(&plan).Error; err != nil {
			t.Fatal(err)
		}
		for _, p := range plan {
			if strings.Contains(p.Extra, "temporary") {
				t.Fatalf("the page sorts joined rows in a temporary table: %+v\n%s", plan, statements[0])
			}
		}
	})
}
