package category_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"mallconsole/bff/internal/apptest"
	"mallconsole/bff/internal/category"
	"mallconsole/bff/internal/goods"
	"mallconsole/bff/internal/platform/dbtest"
)

// A remembered tree: a change through the store shows at once (disabling a category refuses it
// to goods on the next check); a change the store did not make (another instance's) shows once
// RememberFor has passed, and not before.
func TestARememberedTreeForgetsOnWrite(t *testing.T) {
	for _, backend := range dbtest.Backends() {
		t.Run(backend, func(t *testing.T) {
			t.Parallel()
			ctx := context.Background()
			g := dbtest.Open(t, backend)
			clk := apptest.NewClock()
			store := category.NewStore(g)
			store.Remember(category.RememberFor, clk.Now)
			s := category.NewService(store, goods.NewStore(g))
			c := category.Category{Name: "服装", Code: "clothing", Enabled: true}
			if err := s.Save(ctx, &c); err != nil {
				t.Fatal(err)
			}
			if err := s.Valid(ctx, "clothing"); err != nil {
				t.Fatalf("enabled: %v", err)
			}
			// through the store: forgotten at once
			c.Enabled = false
			if err := s.Save(ctx, &c); err != nil {
				t.Fatal(err)
			}
			if err := s.Valid(ctx, "clothing"); !errors.Is(err, goods.ErrCategoryDisabled) {
				t.Fatalf("disabled here: %v, want ErrCategoryDisabled at once", err)
			}
			// around the store (another instance): remembered until RememberFor has passed
			if err := g.Model(&category.Category{}).Where("id = ?", c.ID).Update("enabled", true).Error; err != nil {
				t.Fatal(err)
			}
			clk.Advance(category.RememberFor - time.Millisecond)
			if err := s.Valid(ctx, "clothing"); !errors.Is(err, goods.ErrCategoryDisabled) {
				t.Fatalf("enabled elsewhere, inside RememberFor: %v, want the remembered tree", err)
			}
			clk.Advance(time.Millisecond)
			if err := s.Valid(ctx, "clothing"); err != nil {
				t.Fatalf("enabled elsewhere, RememberFor later: %v", err)
			}
			// a caller changing its copy leaves the remembered tree as read
			all, err := s.All(ctx)
			if err != nil || len(all) != 1 {
				t.Fatal(all, err)
			}
			all[0].Code = "changed"
			if again, _ := s.All(ctx); again[0].Code != "clothing" {
				t.Fatalf("remembered tree changed through a copy: %+v", again)
			}
		})
	}
}
