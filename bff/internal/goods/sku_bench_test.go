package goods_test

import (
	"context"
	"fmt"
	"testing"

	"mallconsole/bff/internal/category"
	"mallconsole/bff/internal/goods"
	"mallconsole/bff/internal/platform/db"
	"mallconsole/bff/internal/platform/dbtest"
	"mallconsole/bff/internal/platform/richtext"
)

// BenchmarkSaveSkus: creating and then editing a goods item of the most SKUs (10 × 20 = 200,
// every stock counted again), on MariaDB: the save's transaction at its largest.
func BenchmarkSaveSkus(b *testing.B) {
	g := dbtest.Open(b, db.MySQL)
	ctx := context.Background()
	cats := category.NewService(category.NewStore(g), goods.NewStore(g))
	if err := cats.Save(ctx, &category.Category{Name: "数码", Code: "digital", Enabled: true}); err != nil {
		b.Fatal(err)
	}
	s := goods.NewService(goods.NewStore(g), cats, richtext.New(), db.Now)
	var colours, sizes []string
	for i := range 10 {
		colours = append(colours, fmt.Sprintf("色%d", i))
	}
	for i := range 20 {
		sizes = append(sizes, fmt.Sprintf("码%d", i))
	}
	for i := 0; b.Loop(); i++ {
		in := shirt(fmt.Sprintf("B%d", i), colours, sizes)
		id, err := s.Save(ctx, nil, in)
		if err != nil {
			b.Fatal(err)
		}
		in.ID = id
		for k := range in.Skus {
			in.Skus[k].Stock = 3
		}
		if _, err := s.Save(ctx, nil, in); err != nil {
			b.Fatal(err)
		}
	}
}
