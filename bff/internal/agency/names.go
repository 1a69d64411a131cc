package agency

import (
	"context"
	"strconv"

	"gorm.io/gorm"
)

// Own is how a sheet names the seller of a row without an agency: the shop itself (自营).
const Own = "自营"

// Names reads the names of the agencies ids in one query: the shop's lists and details show an
// agency by name beside its id. An id without a row is left out of the map.
func Names(ctx context.Context, g *gorm.DB, ids []int64) (map[int64]string, error) {
	out := make(map[int64]string, len(ids))
	if len(ids) == 0 {
		return out, nil
	}
	var as []Agency
	err := g.WithContext(ctx).Select("id", "name").Where("id IN ?", ids).Find(&as).Error
	for _, a := range as {
		out[a.ID] = a.Name
	}
	return out, err
}

// IDs are the distinct agencies of rows (a page of the list), the shop's own rows left out.
func IDs[T any](rows []T, of func(T) *int64) []int64 {
	seen := map[int64]bool{}
	var ids []int64
	for _, r := range rows {
		if id := of(r); id != nil && !seen[*id] {
			seen[*id] = true
			ids = append(ids, *id)
		}
	}
	return ids
}

// Label is what a sheet writes for a row's agency: its name, 自营 for the shop's own, and #id for
// an agency whose row is gone (none should be: an agency with orders or goods is not deleted).
func Label(id *int64, names map[int64]string) string {
	if id == nil {
		return Own
	}
	if n, ok := names[*id]; ok {
		return n
	}
	return "#" + strconv.FormatInt(*id, 10)
}

// Namer names the agencies of rows streamed through one cursor (an export): each agency is read
// once, when first met, so a sheet of a million orders costs a query per agency, not per row.
type Namer struct {
	ctx   context.Context
	db    *gorm.DB
	names map[int64]string
	asked map[int64]bool
}

// NewNamer reads the agencies from g.
func NewNamer(ctx context.Context, g *gorm.DB) *Namer {
	return &Namer{ctx: ctx, db: g, names: map[int64]string{}, asked: map[int64]bool{}}
}

// Label is Label of id, reading the agency's name the first time it is met.
func (n *Namer) Label(id *int64) (string, error) {
	if id != nil && !n.asked[*id] {
		got, err := Names(n.ctx, n.db, []int64{*id})
		if err != nil {
			return "", err
		}
		n.asked[*id] = true
		if name, ok := got[*id]; ok {
			n.names[*id] = name
		}
	}
	return Label(id, n.names), nil
}
