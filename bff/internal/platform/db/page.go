package db

import (
	"slices"

	"gorm.io/gorm"
)

// PageByIDs returns one page of the rows tx selects, in order, as a deferred join: first the
// page's ids alone (with an index that covers the filters and the order, the offset is walked in
// the index and no row is read for the rows skipped), then those rows by primary key. A deep
// page (offset 10,000) then costs an index walk, not 10,000 row reads. id gives a row's id.
func PageByIDs[T any](tx *gorm.DB, order string, offset, limit int, id func(T) int64) ([]T, error) {
	var ids []int64
	if err := tx.Order(order).Offset(offset).Limit(limit).Pluck("id", &ids).Error; err != nil {
		return nil, err
	}
	return byIDs(tx, ids, id)
}

// byIDs reads the rows of ids (tx's model) in the order of ids.
func byIDs[T any](tx *gorm.DB, ids []int64, id func(T) int64) ([]T, error) {
	rows := []T{}
	if len(ids) == 0 {
		return rows, nil
	}
	if err := tx.Session(&gorm.Session{NewDB: true}).Where("id IN ?", ids).Find(&rows).Error; err != nil {
		return nil, err
	}
	pos := make(map[int64]int, len(ids))
	for i, v := range ids {
		pos[v] = i
	}
	slices.SortFunc(rows, func(a, b T) int { return pos[id(a)] - pos[id(b)] })
	return rows, nil
}
