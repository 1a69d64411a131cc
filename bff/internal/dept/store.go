package dept

import (
	"context"
	"errors"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"mallconsole/bff/internal/platform/cache"
)

// Store reads and writes departments.
type Store struct {
	db  *gorm.DB
	gen *cache.Generation // bumped by every write; nil: nobody remembers departments
}

// NewStore uses g.
func NewStore(g *gorm.DB) *Store { return &Store{db: g} }

// Tell makes every write bump gen: what is remembered of a user (auth's info, with the name of
// their department and the departments they see) is forgotten at once.
func (s *Store) Tell(gen *cache.Generation) { s.gen = gen }

// changed bumps gen after a write that succeeded.
func (s *Store) changed(err error) error {
	if err == nil && s.gen != nil {
		s.gen.Bump()
	}
	return err
}

// ByIDs returns the departments with the given IDs, by ID.
func (s *Store) ByIDs(ctx context.Context, ids []int64) (map[int64]Dept, error) {
	out := map[int64]Dept{}
	if len(ids) == 0 {
		return out, nil
	}
	var ds []Dept
	if err := s.db.WithContext(ctx).Where("id IN ?", ids).Find(&ds).Error; err != nil {
		return nil, err
	}
	for _, d := range ds {
		out[d.ID] = d
	}
	return out, nil
}

// Subtree returns the given departments and all their descendants (IDs, each once).
func (s *Store) Subtree(ctx context.Context, roots []int64) ([]int64, error) {
	if len(roots) == 0 {
		return []int64{}, nil
	}
	var all []Dept
	if err := s.db.WithContext(ctx).Select("id", "pid").Find(&all).Error; err != nil {
		return nil, err
	}
	children := map[int64][]int64{}
	exists := map[int64]bool{}
	for _, d := range all {
		exists[d.ID] = true
		if d.PID != nil {
			children[*d.PID] = append(children[*d.PID], d.ID)
		}
	}
	seen := map[int64]bool{}
	out := []int64{}
	queue := []int64{}
	for _, r := range roots {
		if exists[r] {
			queue = append(queue, r)
		}
	}
	for len(queue) > 0 {
		id := queue[0]
		queue = queue[1:]
		if seen[id] {
			continue
		}
		seen[id] = true
		out = append(out, id)
		queue = append(queue, children[id]...)
	}
	return out, nil
}

// Ensure returns the department called name under pid, creating it when missing (seeding).
func (s *Store) Ensure(ctx context.Context, pid *int64, name string, sort int) (Dept, error) {
	var d Dept
	q := s.db.WithContext(ctx).Where("name = ?", name)
	if pid == nil {
		q = q.Where("pid IS NULL")
	} else {
		q = q.Where("pid = ?", *pid)
	}
	err := q.Take(&d).Error
	if err == nil {
		return d, nil
	}
	if !errors.Is(err, gorm.ErrRecordNotFound) {
		return Dept{}, err
	}
	d = Dept{PID: pid, Name: name, Sort: sort, Enabled: true}
	return d, s.db.WithContext(ctx).Create(&d).Error
}

// All returns every department by sort then ID.
func (s *Store) All(ctx context.Context) ([]Dept, error) {
	var ds []Dept
	err := s.db.WithContext(ctx).Order("sort, id").Find(&ds).Error
	return ds, err
}

// Save creates (ID 0) or updates a department.
func (s *Store) Save(ctx context.Context, d *Dept) error {
	return s.changed(save(s.db.WithContext(ctx), d))
}

func save(tx *gorm.DB, d *Dept) error {
	if d.ID == 0 {
		return tx.Create(d).Error
	}
	return tx.Model(&Dept{ID: d.ID}).Select("pid", "name", "sort", "enabled", "update_time").Updates(d).Error
}

// locked runs fn in a transaction holding every department row locked (MySQL: SELECT … FOR
// UPDATE; SQLite: the database's write lock, taken when the transaction starts), with the rows.
func (s *Store) locked(ctx context.Context, fn func(tx *gorm.DB, all []Dept) error) error {
	return s.changed(s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var all []Dept
		if err := tx.Clauses(clause.Locking{Strength: "UPDATE"}).Order("id").Find(&all).Error; err != nil {
			return err
		}
		return fn(tx, all)
	}))
}

// Delete removes departments, children first (ids lists parents before children).
func (s *Store) Delete(ctx context.Context, ids []int64) error {
	return s.changed(s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := tx.Exec("DELETE FROM roles_depts WHERE dept_id IN ?", ids).Error; err != nil {
			return err
		}
		for i := len(ids) - 1; i >= 0; i-- {
			if err := tx.Where("id = ?", ids[i]).Delete(&Dept{}).Error; err != nil {
				return err
			}
		}
		return nil
	}))
}
