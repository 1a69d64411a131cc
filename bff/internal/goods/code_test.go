package goods_test

import (
	"context"
	"testing"

	"gorm.io/gorm"

	"mallconsole/bff/internal/goods"
	"mallconsole/bff/internal/platform/db"
	"mallconsole/bff/internal/platform/dbtest"
	"mallconsole/bff/internal/schema"
)

// sold is item(code) sold by agency (nil: the shop's own).
func sold(code string, agency *int64) goods.Input {
	in := item(code)
	in.AgencyID = agency
	return in
}

// TestCodesArePerAgency: a code is unique per seller — each agency, and the shop's own goods —
// so agencies A and B both have MZ-0010 while neither A nor the shop has it twice, however the
// second one comes (created, renamed, moved from another seller, created in A's scope).
func TestCodesArePerAgency(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		ctx := context.Background()
		s, _, must := newService(t, g)
		a, b := ptr(int64(3)), ptr(int64(4))
		aID := must(s.Save(ctx, nil, sold("MZ-0010", a)))
		bID := must(s.Save(ctx, a, sold("MZ-0011", nil))) // A's operator: A's row
		must(s.Save(ctx, nil, sold("MZ-0010", b)))
		shop := must(s.Save(ctx, nil, sold("MZ-0010", nil)))

		_, err := s.Save(ctx, nil, sold("MZ-0010", a))
		wantErr(t, "A's second MZ-0010", err, goods.ErrCodeConflict)
		_, err = s.Save(ctx, a, sold("MZ-0010", b)) // in A's scope the row is A's
		wantErr(t, "A's second MZ-0010 from A's scope", err, goods.ErrCodeConflict)
		_, err = s.Save(ctx, nil, sold("MZ-0010", nil))
		wantErr(t, "the shop's second MZ-0010", err, goods.ErrCodeConflict)
		in := sold("MZ-0010", a)
		in.ID = bID
		_, err = s.Save(ctx, a, in)
		wantErr(t, "renaming A's MZ-0011 to MZ-0010", err, goods.ErrCodeConflict)
		in = sold("MZ-0010", a)
		in.ID = shop
		_, err = s.Save(ctx, nil, in)
		wantErr(t, "moving the shop's MZ-0010 to A", err, goods.ErrCodeConflict)
		in.AgencyID = ptr(int64(5))
		must(s.Save(ctx, nil, in)) // to an agency without it

		var codes []string
		g.Table("goods").Where("code = ?", "MZ-0010").Order("id").Pluck("code", &codes)
		if len(codes) != 3 {
			t.Fatalf("%d rows of MZ-0010, want A's, B's and agency 5's", len(codes))
		}
		if got, err := s.Get(ctx, a, aID); err != nil || got.Code != "MZ-0010" {
			t.Fatalf("A's row: %+v %v", got, err)
		}
	})
}

// TestCodePerAgencyMigration: migrating a database that holds goods keeps every row as it was,
// and then lets another seller take a code.
func TestCodePerAgencyMigration(t *testing.T) {
	for _, backend := range dbtest.Backends() {
		t.Run(backend, func(t *testing.T) {
			t.Parallel()
			g := dbtest.OpenBefore(t, backend, "20261128_10_goods_code_per_agency")
			ctx := context.Background()
			now := db.Now()
			for i, agency := range []any{nil, 3, 4} {
				if err := g.Exec("INSERT INTO goods (name, code, category, status, agency_id, gallery, description, create_time, update_time) "+
					"VALUES (?, ?, 'digital', 'draft', ?, '[]', '', ?, ?)", "旧商品", "OLD-"+string(rune('A'+i)), agency, now, now).Error; err != nil {
					t.Fatal(err)
				}
			}
			if _, err := db.Migrate(ctx, g, schema.Migrations()); err != nil {
				t.Fatal(err)
			}
			if !g.Migrator().HasIndex("goods", "uk_goods_agency_code") || g.Migrator().HasIndex("goods", "uk_goods_code") {
				t.Fatal("uk_goods_agency_code must replace uk_goods_code")
			}
			var rows []goods.Goods
			g.Order("id").Find(&rows)
			if len(rows) != 3 || rows[0].Code != "OLD-A" || rows[0].AgencyID != nil || *rows[1].AgencyID != 3 || rows[2].Code != "OLD-C" {
				t.Fatalf("rows after migrating: %+v", rows)
			}
			s, _, must := newService(t, g)
			must(s.Save(ctx, nil, sold("OLD-A", ptr(int64(3)))))
			_, err := s.Save(ctx, nil, sold("OLD-A", nil))
			wantErr(t, "the shop's second OLD-A", err, goods.ErrCodeConflict)
		})
	}
}
