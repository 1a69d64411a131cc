package db_test

import (
	"errors"
	"slices"
	"testing"

	"gorm.io/gorm"

	"mallconsole/bff/internal/platform/db"
	"mallconsole/bff/internal/platform/dbtest"
)

type eachRow struct {
	ID   int64
	Name string `gorm:"size:64"`
}

// Each hands the rows in the order given, filtered as tx says, and stops at fn's first error.
func TestEach(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		if err := g.AutoMigrate(&eachRow{}); err != nil {
			t.Fatal(err)
		}
		if err := g.Create(&[]eachRow{{Name: "b"}, {Name: "c"}, {Name: "a"}, {Name: "x"}}).Error; err != nil {
			t.Fatal(err)
		}
		var got []string
		err := db.Each(g.Model(&eachRow{}).Where("name <> ?", "x"), "name DESC", func(r eachRow) error {
			got = append(got, r.Name)
			return nil
		})
		if err != nil || !slices.Equal(got, []string{"c", "b", "a"}) {
			t.Fatalf("Each = %v %v", got, err)
		}
		stop := errors.New("stop")
		n := 0
		err = db.Each(g.Model(&eachRow{}), "id", func(eachRow) error { n++; return stop })
		if !errors.Is(err, stop) || n != 1 {
			t.Fatalf("after an error: %v, %d rows", err, n)
		}
	})
}
