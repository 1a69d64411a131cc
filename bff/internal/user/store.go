package user

import (
	"cmp"
	"context"
	"errors"
	"time"

	"gorm.io/gorm"

	"mallconsole/bff/internal/platform/db"

	"mallconsole/bff/internal/dept"
	"mallconsole/bff/internal/platform/authz"
	"mallconsole/bff/internal/platform/cache"
)

// Store reads and writes users. Writes bump the generation so cached principals are rebuilt.
type Store struct {
	db  *gorm.DB
	gen *cache.Generation
}

// NewStore uses g; gen is bumped by writes.
func NewStore(g *gorm.DB, gen *cache.Generation) *Store { return &Store{db: g, gen: gen} }

func (s *Store) one(ctx context.Context, where string, arg any) (User, bool, error) {
	var u User
	err := s.db.WithContext(ctx).Where(where, arg).Take(&u).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return User{}, false, nil
	}
	return u, err == nil, err
}

// ByUsername finds a user by exact user name. The comparison is repeated here because MySQL
// ignores trailing spaces even in a binary collation.
func (s *Store) ByUsername(ctx context.Context, name string) (User, bool, error) {
	u, found, err := s.one(ctx, "username = ?", name)
	if found && u.Username != name {
		return User{}, false, nil
	}
	return u, found, err
}

// ByNameKey finds the user whose name looks like one with the key (NameKey).
func (s *Store) ByNameKey(ctx context.Context, key string) (User, bool, error) {
	return s.one(ctx, "name_key = ?", key)
}

// ByEmpNo finds a user by employee number.
func (s *Store) ByEmpNo(ctx context.Context, empNo string) (User, bool, error) {
	return s.one(ctx, "emp_no = ?", empNo)
}

// ByID finds a user by ID.
func (s *Store) ByID(ctx context.Context, id int64) (User, bool, error) {
	return s.one(ctx, "id = ?", id)
}

// ByIDs returns the users with the given IDs, by ID.
func (s *Store) ByIDs(ctx context.Context, ids []int64) (map[int64]User, error) {
	out := map[int64]User{}
	if len(ids) == 0 {
		return out, nil
	}
	var us []User
	if err := s.db.WithContext(ctx).Where("id IN ?", ids).Find(&us).Error; err != nil {
		return nil, err
	}
	for _, u := range us {
		out[u.ID] = u
	}
	return out, nil
}

// RoleIDs returns the user's roles, sorted.
func (s *Store) RoleIDs(ctx context.Context, userID int64) ([]int64, error) {
	ids := []int64{}
	err := s.db.WithContext(ctx).Model(&UserRole{}).Where("user_id = ?", userID).Order("role_id").Pluck("role_id", &ids).Error
	return ids, err
}

// Ensure returns the user called u.Username, creating it with the roles when missing (seeding);
// created tells which. An existing user is left as it is.
func (s *Store) Ensure(ctx context.Context, u User, roleIDs []int64) (User, bool, error) {
	created := false
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		err := tx.Where("username = ?", u.Username).Take(&u).Error
		if !errors.Is(err, gorm.ErrRecordNotFound) {
			return err
		}
		if err := tx.Create(&u).Error; err != nil {
			return err
		}
		created = true
		for _, r := range roleIDs {
			if err := tx.Create(&UserRole{UserID: u.ID, RoleID: r}).Error; err != nil {
				return err
			}
		}
		return nil
	})
	if err == nil && created {
		s.gen.Bump()
	}
	return u, created, err
}

// Count returns how many users exist.
func (s *Store) Count(ctx context.Context) (int64, error) {
	var n int64
	err := s.db.WithContext(ctx).Model(&User{}).Count(&n).Error
	return n, err
}

// Query is a search of users.
type Query struct {
	Blurry   string  // in user name, nick name, email or phone
	DeptIDs  []int64 // nil: any department
	Scope    []int64 // nil: unrestricted; else only users of these departments
	Enabled  *bool
	From, To *time.Time
	Kind     string
	Offset   int
	Limit    int
	Order    string  // a whitelisted ORDER BY
	IDs      []int64 // the export's selection; nil: every user
}

// Search returns a page of users and the total.
func (s *Store) Search(ctx context.Context, q Query) ([]User, int64, error) {
	return db.Paged[User](s.where(ctx, q), q.Order, q.Offset, q.Limit)
}

// Each hands the users Search finds (q.IDs, when not nil, only those) to fn in q.Order, through
// one cursor: the export.
func (s *Store) Each(ctx context.Context, q Query, fn func(User) error) error {
	tx := s.where(ctx, q)
	if q.IDs != nil {
		tx = tx.Where("id IN ?", q.IDs)
	}
	return db.Each(tx, q.Order, fn)
}

func (s *Store) where(ctx context.Context, q Query) *gorm.DB {
	tx := s.db.WithContext(ctx).Model(&User{})
	tx = db.AnyLike(tx, q.Blurry, "username", "nick_name", "email", "phone")
	if q.DeptIDs != nil {
		tx = tx.Where("dept_id IN ?", append([]int64{0}, q.DeptIDs...))
	}
	if q.Scope != nil {
		tx = tx.Where("dept_id IN ?", append([]int64{0}, q.Scope...))
	}
	if q.Enabled != nil {
		tx = tx.Where("enabled = ?", *q.Enabled)
	}
	if q.From != nil {
		tx = tx.Where("create_time >= ?", *q.From)
	}
	if q.To != nil {
		tx = tx.Where("create_time <= ?", *q.To)
	}
	if q.Kind != "" {
		tx = tx.Where("kind = ?", q.Kind)
	}
	return tx
}

// RolesOf returns the role IDs of each user.
func (s *Store) RolesOf(ctx context.Context, userIDs []int64) (map[int64][]int64, error) {
	out := map[int64][]int64{}
	if len(userIDs) == 0 {
		return out, nil
	}
	var urs []UserRole
	if err := s.db.WithContext(ctx).Where("user_id IN ?", userIDs).Order("user_id, role_id").Find(&urs).Error; err != nil {
		return nil, err
	}
	for _, ur := range urs {
		out[ur.UserID] = append(out[ur.UserID], ur.RoleID)
	}
	return out, nil
}

// ErrDuplicate is returned when a user name or employee number is taken.
var ErrDuplicate = gorm.ErrDuplicatedKey

// Create adds a user with roles.
func (s *Store) Create(ctx context.Context, u *User, roleIDs []int64) error {
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := tx.Create(u).Error; err != nil {
			return err
		}
		return setRoles(tx, u.ID, roleIDs)
	})
	s.gen.Bump()
	return err
}

func setRoles(tx *gorm.DB, userID int64, roleIDs []int64) error {
	if err := tx.Where("user_id = ?", userID).Delete(&UserRole{}).Error; err != nil {
		return err
	}
	for _, r := range roleIDs {
		if err := tx.Create(&UserRole{UserID: userID, RoleID: r}).Error; err != nil {
			return err
		}
	}
	return nil
}

// Update writes the editable fields of u and replaces its roles.
func (s *Store) Update(ctx context.Context, u User, roleIDs []int64) error {
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		err := tx.Model(&User{ID: u.ID}).Select("username", "name_key", "nick_name", "gender", "email", "phone", "enabled",
			"emp_no", "login_ips", "dept_id", "update_time").Updates(&u).Error
		if err != nil {
			return err
		}
		return setRoles(tx, u.ID, roleIDs)
	})
	s.gen.Bump()
	return err
}

// Delete removes users (their roles go with them).
func (s *Store) Delete(ctx context.Context, ids []int64) error {
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := tx.Where("user_id IN ?", ids).Delete(&UserRole{}).Error; err != nil {
			return err
		}
		return tx.Where("id IN ?", ids).Delete(&User{}).Error
	})
	s.gen.Bump()
	return err
}

// SetEnabled switches users on or off.
func (s *Store) SetEnabled(ctx context.Context, ids []int64, enabled bool) error {
	err := s.db.WithContext(ctx).Model(&User{}).Where("id IN ?", ids).
		Updates(map[string]any{"enabled": enabled, "update_time": time.Now()}).Error
	s.gen.Bump()
	return err
}

// SetPassword stores a new bcrypt hash.
func (s *Store) SetPassword(ctx context.Context, id int64, hash string) error {
	return s.db.WithContext(ctx).Model(&User{}).Where("id = ?", id).
		Updates(map[string]any{"password": hash, "update_time": time.Now()}).Error
}

// CountInDepts counts the users of the departments.
func (s *Store) CountInDepts(ctx context.Context, deptIDs []int64) (int64, error) {
	var n int64
	err := s.db.WithContext(ctx).Model(&User{}).Where("dept_id IN ?", deptIDs).Count(&n).Error
	return n, err
}

// CountWithRoles counts the users holding any of the roles.
func (s *Store) CountWithRoles(ctx context.Context, roleIDs []int64) (int64, error) {
	var n int64
	err := s.db.WithContext(ctx).Model(&UserRole{}).Where("role_id IN ?", roleIDs).Count(&n).Error
	return n, err
}

// Members returns the enabled users of one department, by user name (the picker).
func (s *Store) Members(ctx context.Context, deptID int64) ([]dept.Member, error) {
	out := []dept.Member{}
	err := s.db.WithContext(ctx).Model(&User{}).Select("id", "username", "nick_name").
		Where("dept_id = ? AND enabled = ?", deptID, true).Order("username").Limit(1000).Scan(&out).Error
	return out, err
}

// StaffNames returns the enabled staff users among ids with their display names (department
// heads are chosen among them).
func (s *Store) StaffNames(ctx context.Context, ids []int64) (map[int64]string, error) {
	out := map[int64]string{}
	if len(ids) == 0 {
		return out, nil
	}
	var ms []dept.Member
	if err := s.db.WithContext(ctx).Model(&User{}).Select("id", "username", "nick_name").
		Where("id IN ? AND enabled = ? AND kind = ?", ids, true, authz.KindStaff).Scan(&ms).Error; err != nil {
		return nil, err
	}
	for _, m := range ms {
		out[m.ID] = cmp.Or(m.NickName, m.Username)
	}
	return out, nil
}

// SetupSuperuser gives the first superuser its real name, contact and password (first-run setup),
// in tx; it fails when there is no superuser.
func (s *Store) SetupSuperuser(ctx context.Context, tx *gorm.DB, username, nickName, email, hash string) error {
	var u User
	if err := tx.WithContext(ctx).Where("is_admin = ?", true).Order("id").Take(&u).Error; err != nil {
		return err
	}
	err := tx.WithContext(ctx).Model(&User{ID: u.ID}).Updates(map[string]any{"username": username, "name_key": NameKey(username),
		"nick_name": nickName, "email": email, "password": hash, "enabled": true, "update_time": time.Now()}).Error
	s.gen.Bump()
	return err
}

// UpdateProfile writes what a user edits of their own account (the personal center).
// The write bumps gen, as every write of what GET /api/auth/info answers does.
func (s *Store) UpdateProfile(ctx context.Context, id int64, p Profile) error {
	err := s.db.WithContext(ctx).Model(&User{}).Where("id = ?", id).Updates(map[string]any{
		"nick_name": p.NickName, "gender": p.Gender, "phone": p.Phone, "update_time": time.Now()}).Error
	if err == nil {
		s.gen.Bump()
	}
	return err
}

// SetAvatar stores the path the user's avatar is read at, and runs within (the picture's claim)
// in the same transaction.
func (s *Store) SetAvatar(ctx context.Context, id int64, path string, within func(tx *gorm.DB) error) error {
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := tx.Model(&User{}).Where("id = ?", id).
			Updates(map[string]any{"avatar_path": path, "update_time": time.Now()}).Error; err != nil {
			return err
		}
		return within(tx)
	})
	if err == nil {
		s.gen.Bump()
	}
	return err
}
