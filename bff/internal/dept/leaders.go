package dept

import (
	"context"

	"gorm.io/gorm"
)

// MaxLeaders bounds the heads of one department.
const MaxLeaders = 5

// SetLeaders replaces a department's heads by userIDs, in that order.
func (s *Store) SetLeaders(ctx context.Context, deptID int64, userIDs []int64) error {
	return s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error { return setLeaders(tx, deptID, userIDs) })
}

func setLeaders(tx *gorm.DB, deptID int64, userIDs []int64) error {
	if err := tx.Where("dept_id = ?", deptID).Delete(&Leader{}).Error; err != nil {
		return err
	}
	for i, u := range userIDs {
		if err := tx.Create(&Leader{DeptID: deptID, UserID: u, Sort: i}).Error; err != nil {
			return err
		}
	}
	return nil
}

// Leaders returns the heads of every department, in order.
func (s *Store) Leaders(ctx context.Context) (map[int64][]int64, error) {
	var ls []Leader
	if err := s.db.WithContext(ctx).Order("dept_id, sort, user_id").Find(&ls).Error; err != nil {
		return nil, err
	}
	out := map[int64][]int64{}
	for _, l := range ls {
		out[l.DeptID] = append(out[l.DeptID], l.UserID)
	}
	return out, nil
}
