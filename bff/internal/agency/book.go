package agency

import (
	"context"
	"slices"
	"strconv"
	"strings"
	"time"

	"gorm.io/gorm"

	"mallconsole/bff/internal/platform/cache"
)

// NamesTTL is how long a Book answers a set of agencies' names without reading: the longest a
// rename made through another instance takes to show on the lists here.
const NamesTTL = 10 * time.Second

// Book names the agencies of list pages from memory: the pages of goods and orders name the same
// few agencies again and again, a query each time before. A write of agencies through this
// instance (gen) forgets every name at once; one made elsewhere shows within the ttl.
type Book struct {
	db    *gorm.DB
	names *cache.Map[string, map[int64]string]
}

// NewBook reads names from g, remembered per set of ids within gen for ttl.
func NewBook(g *gorm.DB, gen *cache.Generation, ttl time.Duration, now func() time.Time) *Book {
	return &Book{db: g, names: cache.NewMap[string, map[int64]string](gen, ttl, 1_000, now)}
}

// Names is Names of ids (read only: the map is shared by the requests that ask for the same set).
func (b *Book) Names(ctx context.Context, ids []int64) (map[int64]string, error) {
	if len(ids) == 0 {
		return map[int64]string{}, nil
	}
	sorted := slices.Clone(ids)
	slices.Sort(sorted)
	var key strings.Builder
	for _, id := range sorted {
		key.WriteString(strconv.FormatInt(id, 10))
		key.WriteByte(',')
	}
	return b.names.Get(key.String(), func() (map[int64]string, error) { return Names(ctx, b.db, sorted) })
}
