package category_test

import (
	"context"
	"strings"
	"testing"

	"mallconsole/bff/internal/category"
	"mallconsole/bff/internal/goods"
	"mallconsole/bff/internal/platform/db"
	"mallconsole/bff/internal/platform/dbtest"
	"mallconsole/bff/internal/platform/richtext"
	"mallconsole/bff/internal/schema"
)

// TestMigrationFromTheDictionary: on a database of the previous release, every goods_category
// entry becomes a root category (code = value, name = label, nameEn = its English label, its
// sort), other dictionaries are
// not copied, the goods keep their category and are found by it, and new goods can use it.
func TestMigrationFromTheDictionary(t *testing.T) {
	for _, backend := range dbtest.Backends() {
		t.Run(backend, func(t *testing.T) {
			t.Parallel()
			g := dbtest.OpenBefore(t, backend, "20261128_31_category")
			ctx := context.Background()
			now := db.Now()
			for _, d := range []struct {
				id   int64
				name string
			}{{1, "goods_category"}, {2, "express_company"}} {
				if err := g.Exec("INSERT INTO dict (id, name, description, create_time, update_time) VALUES (?, ?, '', ?, ?)",
					d.id, d.name, now, now).Error; err != nil {
					t.Fatal(err)
				}
			}
			for _, e := range []struct {
				dict       int64
				label, val string
				sort       int
			}{{1, "数码", "digital", 2}, {1, "服装", "clothing", 1}, {1, "太长", strings.Repeat("x", 70), 3}, {2, "顺丰速运", "SF", 1}} {
				if err := g.Exec("INSERT INTO dict_detail (dict_id, label, label_en, value, sort, create_time, update_time) VALUES (?, ?, ?, ?, ?, ?, ?)",
					e.dict, e.label, e.val+"-en", e.val, e.sort, now, now).Error; err != nil {
					t.Fatal(err)
				}
			}
			for i, cat := range []string{"digital", "clothing", "digital"} {
				if err := g.Exec("INSERT INTO goods (name, code, category, status, gallery, description, create_time, update_time) "+
					"VALUES (?, ?, ?, 'draft', '[]', '', ?, ?)", "旧商品", "OLD-"+string(rune('A'+i)), cat, now, now).Error; err != nil {
					t.Fatal(err)
				}
			}
			if _, err := db.Migrate(ctx, g, schema.Migrations()); err != nil {
				t.Fatal(err)
			}
			cats := category.NewService(category.NewStore(g), goods.NewStore(g))
			all, err := cats.All(ctx)
			if err != nil || len(all) != 2 {
				t.Fatalf("categories after migrating: %+v %v", all, err)
			}
			if c := all[0]; c.Code != "clothing" || c.Name != "服装" || c.Sort != 1 || c.ParentID != 0 || !c.Enabled {
				t.Fatalf("first category: %+v", c)
			}
			if c := all[1]; c.Code != "digital" || c.Name != "数码" || c.NameEn != "digital-en" || c.Sort != 2 {
				t.Fatalf("second category: %+v", c)
			}
			var dictRows int64
			g.Table("dict_detail").Where("dict_id = 1").Count(&dictRows)
			if dictRows != 3 {
				t.Fatalf("the dictionary's rows stay: %d", dictRows)
			}
			s := goods.NewService(goods.NewStore(g), cats, richtext.New(), db.Now)
			if _, n, err := s.List(ctx, goods.Query{Category: "digital", Limit: 10}); err != nil || n != 2 {
				t.Fatalf("goods of digital: %d %v", n, err)
			}
			if _, err := s.Save(ctx, nil, goods.Input{Name: "新商品", Code: "NEW-1", Category: "clothing", Status: goods.Draft}); err != nil {
				t.Fatalf("a new goods in a migrated category: %v", err)
			}
		})
	}
}
