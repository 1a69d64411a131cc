package db_test

import (
	"strings"
	"testing"

	"gorm.io/gorm"

	"mallconsole/bff/internal/platform/db"
	"mallconsole/bff/internal/platform/dbtest"
)

type likeRow struct {
	ID   int64
	Name string `gorm:"size:64"`
	Note string `gorm:"size:64"`
}

// A keyword search finds the characters typed: "%" does not match every row, "a_c" does not
// match "abc", and the escape character itself is an ordinary character.
func TestAnyLikeEscapesWildcards(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		if err := g.AutoMigrate(&likeRow{}); err != nil {
			t.Fatal(err)
		}
		rows := []likeRow{{Name: "abc"}, {Name: "a_c"}, {Name: "100%"}, {Name: "x!y"}, {Name: `back\slash`},
			{Name: "other", Note: "note a_c"}}
		if err := g.Create(&rows).Error; err != nil {
			t.Fatal(err)
		}
		find := func(s string) string {
			t.Helper()
			var got []likeRow
			if err := db.AnyLike(g.Model(&likeRow{}), s, "name", "note").Order("id").Find(&got).Error; err != nil {
				t.Fatal(err)
			}
			var names []string
			for _, r := range got {
				names = append(names, r.Name)
			}
			return strings.Join(names, ",")
		}
		for s, want := range map[string]string{
			"%":    "100%",
			"a_c":  "a_c,other",
			"_":    "a_c,other",
			"!":    "x!y",
			"!y":   "x!y",
			`\`:    `back\slash`,
			"abc":  "abc",
			"none": "",
		} {
			if got := find(s); got != want {
				t.Errorf("search %q found %q, want %q", s, got, want)
			}
		}
		if got := find(""); strings.Count(got, ",") != len(rows)-1 {
			t.Errorf("empty search found %q, want every row", got)
		}
	})
}
