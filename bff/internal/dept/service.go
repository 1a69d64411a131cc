package dept

import (
	"context"
	"errors"

	"gorm.io/gorm"

	"mallconsole/bff/internal/platform/authz"
	"mallconsole/bff/internal/platform/tree"
)

// Domain errors of department changes; http.go turns them into answers. tree.ErrUnderItself
// and tree.ErrLoop come through as they are.
var (
	ErrNotFound   = errors.New("dept: no such department")
	ErrNoParent   = errors.New("dept: no such parent")
	ErrOutOfScope = errors.New("dept: outside the caller's data scope")
	ErrInUse      = errors.New("dept: users belong to it")
)

// Save creates (d.ID 0) or updates d under the move rules: the parent exists, is not d or
// below it, its ancestors do not loop, and a scoped caller works only inside their scope. The
// rules are checked and the row written in one transaction that holds every department row
// locked, so two concurrent moves cannot each pass the check and together make a loop.
func (s *Service) Save(ctx context.Context, sc authz.Scope, d *Dept) error {
	return s.SaveWithLeaders(ctx, sc, d, nil)
}

// SaveWithLeaders is Save that also replaces the heads when leaders is not nil, in the same
// transaction.
func (s *Service) SaveWithLeaders(ctx context.Context, sc authz.Scope, d *Dept, leaders *[]int64) error {
	return s.store.locked(ctx, func(tx *gorm.DB, all []Dept) error {
		exists := map[int64]bool{}
		for _, x := range all {
			exists[x.ID] = true
		}
		if d.ID != 0 {
			if !exists[d.ID] {
				return ErrNotFound
			}
			if !sc.Allows(&d.ID) {
				return ErrOutOfScope
			}
		}
		if d.PID != nil {
			if !exists[*d.PID] {
				return ErrNoParent
			}
			if d.ID != 0 {
				if err := tree.CheckParent(all, d.ID, *d.PID, deptID, deptPID); err != nil {
					return err
				}
			}
		}
		// A scoped caller adds and moves departments only under departments they see.
		if !sc.All && (d.PID == nil || !sc.Allows(d.PID)) {
			return ErrOutOfScope
		}
		if err := save(tx, d); err != nil || leaders == nil {
			return err
		}
		return setLeaders(tx, d.ID, *leaders)
	})
}

// Delete removes the departments ids with everything under them, refused while a user belongs
// to any of them or one is outside the caller's scope.
func (s *Service) Delete(ctx context.Context, sc authz.Scope, ids []int64) error {
	for _, id := range ids {
		if !sc.Allows(&id) {
			return ErrOutOfScope
		}
	}
	all, err := s.store.All(ctx)
	if err != nil {
		return err
	}
	del, err := tree.Union(all, ids, deptID, deptPID)
	if err != nil {
		return err
	}
	if n, err := s.users.CountInDepts(ctx, del); err != nil {
		return err
	} else if n > 0 {
		return ErrInUse
	}
	return s.store.Delete(ctx, del)
}

func deptID(d Dept) int64   { return d.ID }
func deptPID(d Dept) *int64 { return d.PID }
