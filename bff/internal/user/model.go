// Package user holds the accounts of staff and channel operators and the roles they hold.
package user

import "time"

// User is an account. Password is a bcrypt hash and never leaves the BFF.
type User struct {
	ID         int64 `gorm:"primaryKey"`
	Username   string
	NickName   string
	Gender     string
	Email      string
	Phone      string
	AvatarPath string
	Password   string
	Enabled    bool
	IsAdmin    bool
	Kind       string  // authz.KindStaff or authz.KindChannel
	EmpNo      *string // employee number, for sign-in through a host portal
	DeptID     *int64
	CreateTime time.Time `gorm:"autoCreateTime"`
	UpdateTime time.Time `gorm:"autoUpdateTime"`
}

func (User) TableName() string { return "users" }

// UserRole gives a role to a user.
type UserRole struct {
	UserID int64 `gorm:"primaryKey;autoIncrement:false"`
	RoleID int64 `gorm:"primaryKey;autoIncrement:false"`
}

func (UserRole) TableName() string { return "users_roles" }
