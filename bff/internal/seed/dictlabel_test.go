package seed_test

import (
	"bytes"
	"context"
	"testing"

	"golang.org/x/crypto/bcrypt"
	"gorm.io/gorm"

	"mallconsole/bff/internal/dict"
	"mallconsole/bff/internal/platform/dbtest"
	"mallconsole/bff/internal/seed"
)

// Every seeded dictionary entry has its English label (issue 16): a new seeded entry without
// one fails here. A database seeded before gets them once, except on entries an administrator
// relabelled or gave an English label of their own.
func TestSeededDictsHaveEnglishLabels(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		ctx := context.Background()
		opt := seed.Options{Out: &bytes.Buffer{}, BcryptCost: bcrypt.MinCost, Demo: true}
		if err := seed.Run(ctx, g, opt); err != nil {
			t.Fatal(err)
		}
		missing := func() []string {
			var labels []string
			g.Model(&dict.Detail{}).Where("label_en = ''").Order("id").Pluck("label", &labels)
			return labels
		}
		if got := missing(); len(got) != 0 {
			t.Fatalf("seeded entries without an English label: %v", got)
		}
		labelEn := func(label string) string {
			var d dict.Detail
			g.Where("label = ?", label).Take(&d)
			return d.LabelEn
		}

		// A database seeded before the step: no English labels; one entry relabelled, one
		// already given its own English label.
		g.Model(&dict.Detail{}).Where("1 = 1").Update("label_en", "")
		g.Model(&dict.Detail{}).Where("label = ?", "顺丰速运").Update("label", "顺丰")
		g.Model(&dict.Detail{}).Where("label = ?", "中通快递").Update("label_en", "ZTO")
		g.Exec("DELETE FROM settings WHERE k = ?", seed.KeyDictLabelEn)
		if err := seed.Run(ctx, g, opt); err != nil {
			t.Fatal(err)
		}
		if got := missing(); len(got) != 1 || got[0] != "顺丰" {
			t.Fatalf("after the step, entries without an English label = %v, want only 顺丰", got)
		}
		if labelEn("中通快递") != "ZTO" || labelEn("已发货") != "Shipped" || labelEn("年假") != "Annual leave" {
			t.Fatalf("中通快递 %q, 已发货 %q, 年假 %q", labelEn("中通快递"), labelEn("已发货"), labelEn("年假"))
		}
	})
}
