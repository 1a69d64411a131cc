package goods_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"
	"time"

	"gorm.io/gorm"

	"mallconsole/bff/internal/goods"
	"mallconsole/bff/internal/platform/dbtest"
	"mallconsole/bff/internal/platform/money"
)

// editSeeds are the runs of TestEditProperty: fixed, so a failure replays.
var editSeeds = []uint64{1, 7, 42}

// TestEditProperty saves random sequences of edits — a SKU's counted stock, threshold, on-sale
// flag, price or code; two codes swapped; a colour added or removed; nothing changed; the one
// SKU of a plain item edited by a client written before SKUs — and after every save checks that
// the SKUs are what was sent and that the ledger, the goods' stock and its low_skus add up. An
// edit writes only what changed and counts low_skus again only when a SKU came, went or changed
// its threshold or flag; this is what proves those shortcuts lose nothing.
func TestEditProperty(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		ctx := context.Background()
		s, clock, must := newService(t, g)
		for _, seed := range editSeeds {
			r := rand.New(rand.NewPCG(seed, 0))
			code := fmt.Sprintf("P%d", seed)
			in := shirt(code, []string{"红", "白"}, []string{"S", "M"})
			in.ID = must(s.Save(ctx, nil, in))
			plain := item(code + "-PLAIN")
			plain.ID = must(s.Save(ctx, nil, plain))
			colours, renamed := 2, 0
			for step := range 40 {
				what := editAtRandom(r, &in, &plain, &colours, &renamed)
				target := in
				if what == "legacy stock" {
					target = plain
				}
				clock.advance(time.Second)
				seen, err := s.SaveSeen(ctx, nil, target)
				if err != nil {
					t.Fatalf("seed %d step %d (%s): %v", seed, step, what, err)
				}
				ledgerAddsUp(t, g)
				leftAsRead(t, fmt.Sprintf("seed %d step %d (%s)", seed, step, what), g, seen)
				if what == "legacy stock" {
					if got := skusOf(t, g, plain.ID); len(got) != 1 || got[0].Stock != plain.Stock {
						t.Fatalf("seed %d step %d (%s): SKUs %+v, want stock %d", seed, step, what, got, plain.Stock)
					}
					continue
				}
				sameSkus(t, fmt.Sprintf("seed %d step %d (%s)", seed, step, what), skusOf(t, g, in.ID), in.Skus)
			}
		}
	})
}

// leftAsRead: the row and SKUs an edit says it left (its operation-log entry's "after", worked
// out rather than read back) are the ones a read finds, field by field.
func leftAsRead(t *testing.T, what string, g *gorm.DB, seen goods.Edit) {
	t.Helper()
	var row goods.Goods
	var skus []goods.Sku
	if err := g.Where("id = ?", seen.Before.ID).Take(&row).Error; err != nil {
		t.Fatal(err)
	}
	if err := g.Where("goods_id = ?", seen.Before.ID).Order("sort, id").Find(&skus).Error; err != nil {
		t.Fatal(err)
	}
	if got, want := comparable(seen.After), comparable(row); !reflect.DeepEqual(got, want) {
		t.Fatalf("%s: the edit left\n%+v\nthe row is\n%+v", what, got, want)
	}
	if len(seen.AfterSkus) != len(skus) {
		t.Fatalf("%s: the edit left %d SKUs, %d are there", what, len(seen.AfterSkus), len(skus))
	}
	for i, k := range skus {
		if got, want := comparableSku(seen.AfterSkus[i]), comparableSku(k); !reflect.DeepEqual(got, want) {
			t.Fatalf("%s: the edit left SKU %d\n%+v\nthe row is\n%+v", what, i, got, want)
		}
	}
}

// comparable is g with its times in one zone and nil lists empty, as a read gives them.
func comparable(g goods.Goods) goods.Goods {
	g.CreateTime, g.UpdateTime = g.CreateTime.UTC(), g.UpdateTime.UTC()
	if g.GroundingTime != nil {
		at := g.GroundingTime.UTC()
		g.GroundingTime = &at
	}
	if g.Specs == nil {
		g.Specs = goods.SpecList{}
	}
	if g.Gallery == nil {
		g.Gallery = []string{}
	}
	return g
}

func comparableSku(k goods.Sku) goods.Sku {
	k.CreateTime, k.UpdateTime = k.CreateTime.UTC(), k.UpdateTime.UTC()
	if k.Specs == nil {
		k.Specs = []string{}
	}
	return k
}

// editAtRandom changes in (or plain) the way a user might and says how.
func editAtRandom(r *rand.Rand, in, plain *goods.Input, colours, renamed *int) string {
	k := &in.Skus[r.IntN(len(in.Skus))]
	switch r.IntN(9) {
	case 0:
		k.Stock = r.Int64N(7)
		return "stock"
	case 1:
		k.LowStock = r.Int64N(6)
		return "threshold"
	case 2:
		k.OnSale = !k.OnSale
		return "on sale"
	case 3:
		k.Price = money.Fen(100 * (1 + r.Int64N(200)))
		return "price"
	case 4:
		*renamed++
		k.Code = fmt.Sprintf("%s-R%d", in.Code, *renamed)
		return "code"
	case 5:
		o := &in.Skus[r.IntN(len(in.Skus))]
		k.Code, o.Code = o.Code, k.Code
		return "codes swapped"
	case 6:
		if *colours >= 4 {
			return "nothing"
		}
		*colours++
		c := fmt.Sprintf("色%d", *colours)
		in.Specs[0].Values = append(in.Specs[0].Values, c)
		for _, size := range in.Specs[1].Values {
			in.Skus = append(in.Skus, goods.SkuInput{Code: in.Code + "-" + c + "-" + size, Specs: []string{c, size},
				Price: 9900, Cost: 4000, Stock: r.Int64N(5), LowStock: r.Int64N(4), OnSale: r.IntN(2) == 0})
		}
		return "colour added"
	case 7:
		if len(in.Specs[0].Values) < 2 {
			return "nothing"
		}
		gone := in.Specs[0].Values[r.IntN(len(in.Specs[0].Values))]
		in.Specs[0].Values = slices.DeleteFunc(slices.Clone(in.Specs[0].Values), func(v string) bool { return v == gone })
		in.Skus = slices.DeleteFunc(in.Skus, func(k goods.SkuInput) bool { return k.Specs[0] == gone })
		return "colour removed"
	case 8:
		plain.Stock = r.Int64N(9)
		return "legacy stock"
	}
	return "nothing"
}

// sameSkus: the saved SKUs are the sent ones, matched by their spec values.
func sameSkus(t *testing.T, what string, got []goods.Sku, want []goods.SkuInput) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%s: %d SKUs saved, %d sent", what, len(got), len(want))
	}
	for i, w := range want {
		k := got[i]
		if !slices.Equal(k.Specs, w.Specs) || k.Code != w.Code || k.Stock != w.Stock || k.LowStock != w.LowStock ||
			k.OnSale != w.OnSale || k.Price != w.Price || k.Cost != w.Cost || k.Sort != i {
			t.Fatalf("%s: SKU %d saved %+v, sent %+v", what, i, k, w)
		}
	}
}
