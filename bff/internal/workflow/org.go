package workflow

import (
	"context"
	"slices"

	"gorm.io/gorm"

	"mallconsole/bff/internal/platform/authz"
)

// Org is what the engine reads of users, roles and departments: who exists, who holds a role,
// who heads a department. Read-only. Users are enabled staff accounts: the others are left out
// wherever users are read.
type Org interface {
	EnabledUsers(ctx context.Context, ids []int64) (map[int64]bool, error)
	ExistingRoles(ctx context.Context, ids []int64) (map[int64]bool, error)
	CountDepts(ctx context.Context, ids []int64) (int, error)
	CountUsers(ctx context.Context, ids []int64) (int, error)
	UsersWithRoles(ctx context.Context, roleIDs []int64) ([]int64, error)
	DeptOf(ctx context.Context, userID int64) (int64, error)
	DeptParents(ctx context.Context) (map[int64]int64, error)
	Leaders(ctx context.Context, deptID int64) ([]int64, error)
	// Superuser is the enabled superuser with the lowest ID other than except, 0 when none.
	Superuser(ctx context.Context, except int64) (int64, error)
	// In reads through tx: a step reads inside its transaction, so that it needs no second
	// connection (SQLite's pool could be held entirely by transactions waiting for the lock).
	In(tx *gorm.DB) Org
}

// staffUser is the condition on users (alias u) that the engine knows: enabled staff accounts.
// Channel operators have no workflow: an instance waiting for one would be stranded. It comes
// last among a query's placeholders (staffIDs adds its arguments).
const staffUser = "u.enabled = ? AND u.kind = ?"

// tableOrg is Org over the tables of the user, role and dept features (users, users_roles,
// roles, depts, dept_leaders), read directly: the engine needs a few ID lookups per step, not
// those features' models.
type tableOrg struct{ db *gorm.DB }

func (o tableOrg) In(tx *gorm.DB) Org { return tableOrg{db: tx} }

func (o tableOrg) ids(ctx context.Context, q string, args ...any) ([]int64, error) {
	out := []int64{}
	err := o.db.WithContext(ctx).Raw(q, args...).Scan(&out).Error
	return out, err
}

// staffIDs is ids for a query whose last condition is staffUser.
func (o tableOrg) staffIDs(ctx context.Context, q string, args ...any) ([]int64, error) {
	return o.ids(ctx, q, append(args, true, authz.KindStaff)...)
}

func set(ids []int64, err error) (map[int64]bool, error) {
	m := map[int64]bool{}
	for _, id := range ids {
		m[id] = true
	}
	return m, err
}

func uniq(ids []int64) []int64 { return slices.Compact(slices.Sorted(slices.Values(ids))) }

func (o tableOrg) EnabledUsers(ctx context.Context, ids []int64) (map[int64]bool, error) {
	if len(ids) == 0 {
		return map[int64]bool{}, nil
	}
	return set(o.staffIDs(ctx, "SELECT u.id FROM users u WHERE u.id IN ? AND "+staffUser, uniq(ids)))
}

func (o tableOrg) ExistingRoles(ctx context.Context, ids []int64) (map[int64]bool, error) {
	if len(ids) == 0 {
		return map[int64]bool{}, nil
	}
	return set(o.ids(ctx, "SELECT id FROM roles WHERE id IN ?", uniq(ids)))
}

func (o tableOrg) CountDepts(ctx context.Context, ids []int64) (int, error) {
	found, err := o.ids(ctx, "SELECT id FROM depts WHERE id IN ?", uniq(ids))
	return len(found), err
}

func (o tableOrg) CountUsers(ctx context.Context, ids []int64) (int, error) {
	m, err := o.EnabledUsers(ctx, ids)
	return len(m), err
}

func (o tableOrg) UsersWithRoles(ctx context.Context, roleIDs []int64) ([]int64, error) {
	if len(roleIDs) == 0 {
		return nil, nil
	}
	return o.staffIDs(ctx, `SELECT DISTINCT u.id FROM users u JOIN users_roles ur ON ur.user_id = u.id
		WHERE ur.role_id IN ? AND `+staffUser+` ORDER BY u.id`, roleIDs)
}

func (o tableOrg) DeptOf(ctx context.Context, userID int64) (int64, error) {
	ids, err := o.ids(ctx, "SELECT COALESCE(dept_id, 0) FROM users WHERE id = ?", userID)
	if err != nil || len(ids) == 0 {
		return 0, err
	}
	return ids[0], nil
}

func (o tableOrg) DeptParents(ctx context.Context) (map[int64]int64, error) {
	var rows []struct{ ID, PID int64 }
	err := o.db.WithContext(ctx).Raw("SELECT id, COALESCE(pid, 0) AS p_id FROM depts").Scan(&rows).Error
	m := map[int64]int64{}
	for _, r := range rows {
		m[r.ID] = r.PID
	}
	return m, err
}

func (o tableOrg) Leaders(ctx context.Context, deptID int64) ([]int64, error) {
	return o.staffIDs(ctx, `SELECT l.user_id FROM dept_leaders l JOIN users u ON u.id = l.user_id
		WHERE l.dept_id = ? AND `+staffUser+` ORDER BY l.sort, l.user_id`, deptID)
}

func (o tableOrg) Superuser(ctx context.Context, except int64) (int64, error) {
	ids, err := o.staffIDs(ctx, "SELECT u.id FROM users u WHERE u.is_admin = ? AND u.id <> ? AND "+staffUser+" ORDER BY u.id LIMIT 1",
		true, except)
	if err != nil || len(ids) == 0 {
		return 0, err
	}
	return ids[0], nil
}
