package db

import "gorm.io/gorm"

// Each hands every row tx selects, in order, to fn, reading through one cursor: an export's rows
// are fetched by the driver in network-sized batches and never held all at once.
func Each[T any](tx *gorm.DB, order string, fn func(T) error) error {
	rows, err := Stream(tx).Order(order).Rows()
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var v T
		if err := tx.ScanRows(rows, &v); err != nil {
			return err
		}
		if err := fn(v); err != nil {
			return err
		}
	}
	return rows.Err()
}
