package user

import (
	"context"
	"errors"
	"unicode/utf8"

	"gorm.io/gorm"
)

// FromUpstream gives the account of a person the relay upstream signed in (docs/upstream.md
// "Relay identity"): created from u (no password, no roles: the BFF's administrators grant
// them) when no account has the name, else the existing one with its nick name and contacts
// refreshed from u. Its password, roles, status, department and kind stay the BFF's; the
// caller checks the kind.
func (s *Store) FromUpstream(ctx context.Context, u User) (User, error) {
	u.NickName, u.Email, u.Phone, u.Gender = cut(u.NickName, 64), cut(u.Email, 128), cut(u.Phone, 32), cut(u.Gender, 8)
	if u.NickName == "" {
		u.NickName = cut(u.Username, 64)
	}
	var out User
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		err := tx.Where("username = ?", u.Username).Take(&out).Error
		if errors.Is(err, gorm.ErrRecordNotFound) || (err == nil && out.Username != u.Username) {
			out = u
			return tx.Create(&out).Error
		}
		if err != nil || out.Kind != u.Kind {
			return err
		}
		out.NickName, out.Email, out.Phone, out.Gender = u.NickName, u.Email, u.Phone, u.Gender
		return tx.Model(&User{ID: out.ID}).Select("nick_name", "email", "phone", "gender", "update_time").Updates(&out).Error
	})
	if err == nil {
		s.gen.Bump()
	}
	return out, err
}

// cut keeps at most n characters of s (the column's size).
func cut(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	return string([]rune(s)[:n])
}
