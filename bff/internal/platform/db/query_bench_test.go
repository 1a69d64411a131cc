package db_test

import (
	"testing"

	"mallconsole/bff/internal/platform/dbtest"
)

type benchRow struct {
	ID   int64
	Name string `gorm:"size:64"`
}

// BenchmarkTakeByID is the cheapest query a request makes (a row by primary key, with one
// argument), per database: what each query costs in the driver and the round trip.
func BenchmarkTakeByID(b *testing.B) {
	for _, backend := range dbtest.Backends() {
		b.Run(backend, func(b *testing.B) {
			g := dbtest.Open(b, backend)
			if err := g.AutoMigrate(&benchRow{}); err != nil {
				b.Fatal(err)
			}
			if err := g.Create(&benchRow{ID: 7, Name: "seven"}).Error; err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			for b.Loop() {
				var r benchRow
				if err := g.Where("id = ?", 7).Take(&r).Error; err != nil || r.Name != "seven" {
					b.Fatal(r, err)
				}
			}
		})
	}
}
