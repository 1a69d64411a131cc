package dept

import (
	"context"
	"fmt"

	"gorm.io/gorm"

	"mallconsole/bff/internal/platform/httpx"
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

// checkLeaders: at most MaxLeaders distinct enabled staff users.
func (s *Service) checkLeaders(ctx context.Context, ids []int64) error {
	if len(ids) > MaxLeaders {
		return httpx.BadRequest("leaders", fmt.Sprintf("最多%d位负责人", MaxLeaders))
	}
	names, err := s.users.StaffNames(ctx, ids)
	if err != nil {
		return err
	}
	if len(names) != len(ids) {
		return httpx.BadRequest("leaders", "负责人不存在、已停用或重复")
	}
	return nil
}

// withLeaders fills the heads of every node of the tree.
func (s *Service) withLeaders(ctx context.Context, t []Node) error {
	all, err := s.store.Leaders(ctx)
	if err != nil {
		return err
	}
	var ids []int64
	for _, l := range all {
		ids = append(ids, l...)
	}
	names, err := s.users.StaffNames(ctx, ids)
	if err != nil {
		return err
	}
	var fill func([]Node)
	fill = func(ns []Node) {
		for i := range ns {
			ns[i].Leaders = []Ref{}
			for _, id := range all[ns[i].ID] {
				if name, ok := names[id]; ok {
					ns[i].Leaders = append(ns[i].Leaders, Ref{ID: id, Name: name})
				}
			}
			fill(ns[i].Children)
		}
	}
	fill(t)
	return nil
}
