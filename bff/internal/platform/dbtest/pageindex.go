package dbtest

import (
	"fmt"
	"strings"
	"testing"

	"gorm.io/gorm"

	"mallconsole/bff/internal/platform/db"
)

// PageIndexesServe checks on MySQL that every index a list names for its pages (db.ReadFrom)
// exists and reads such a page in order: equal to sample values of its Equal columns, ordered
// by its Order column and the id both ways, without a sort. Elsewhere it checks nothing.
func PageIndexesServe(t *testing.T, g *gorm.DB, table string, indexes []db.PageIndex, sample map[string]any) {
	t.Helper()
	if db.Dialect(g) != db.MySQL {
		return
	}
	for _, ix := range indexes {
		for _, dir := range []string{"ASC", "DESC"} {
			sql := g.ToSQL(func(tx *gorm.DB) *gorm.DB {
				q := db.ReadFrom(tx.Table(table), table, ix.Name).Select("id")
				for _, col := range ix.Equal {
					q = q.Where(col+" = ?", sample[col])
				}
				return q.Order(fmt.Sprintf("%s %s, id %s", ix.Order, dir, dir)).Limit(20).Find(&[]int64{})
			})
			var plan []struct {
				Key   *string
				Extra *string
			}
			if err := g.Raw("EXPLAIN " + sql).Scan(&plan).Error; err != nil {
				t.Fatalf("%s: %v", ix.Name, err)
			}
			if len(plan) != 1 {
				t.Errorf("%s %s: %s reads %d tables", ix.Name, dir, sql, len(plan))
			} else if key, extra := deref(plan[0].Key), deref(plan[0].Extra); key != ix.Name || strings.Contains(extra, "filesort") {
				t.Errorf("%s %s: %s reads through %q (%s)", ix.Name, dir, sql, key, extra)
			}
		}
	}
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}
