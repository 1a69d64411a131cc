package menu

import (
	"context"
	"errors"

	"gorm.io/gorm"

	"mallconsole/bff/internal/platform/tree"
)

// Domain errors of menu changes; manage.go turns them into answers. tree.ErrUnderItself and
// tree.ErrLoop come through as they are.
var (
	ErrNotFound    = errors.New("menu: no such menu")
	ErrNoParent    = errors.New("menu: no such parent")
	ErrUnderButton = errors.New("menu: parent is a button")
	ErrButtonAtTop = errors.New("menu: button without a parent")
)

// Save creates (m.ID 0) or updates m under the move rules: the parent exists, is not a button,
// not m or below it, and its ancestors do not loop; a button has a parent. The rules are
// checked and the row written in one transaction holding every menu row locked, so two
// concurrent moves cannot each pass the check and together make a loop.
func (s *Service) Save(ctx context.Context, m *Menu) error {
	return s.store.locked(ctx, func(tx *gorm.DB, all []Menu) error {
		byID := map[int64]Menu{}
		for _, x := range all {
			byID[x.ID] = x
		}
		if _, ok := byID[m.ID]; m.ID != 0 && !ok {
			return ErrNotFound
		}
		if m.PID == nil {
			if m.Type == TypeButton {
				return ErrButtonAtTop
			}
			return save(tx, m)
		}
		parent, ok := byID[*m.PID]
		if !ok {
			return ErrNoParent
		}
		if parent.Type == TypeButton {
			return ErrUnderButton
		}
		if m.ID != 0 {
			if err := tree.CheckParent(all, m.ID, *m.PID, menuID, menuPID); err != nil {
				return err
			}
		}
		return save(tx, m)
	})
}

// Delete removes the menus ids and everything under them (tree.ErrLoop when the stored tree
// loops).
func (s *Service) Delete(ctx context.Context, ids []int64) error {
	all, err := s.store.All(ctx)
	if err != nil {
		return err
	}
	del, err := tree.Union(all, ids, menuID, menuPID)
	if err != nil {
		return err
	}
	return s.store.Delete(ctx, del)
}
