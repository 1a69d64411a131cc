// Package user holds the accounts of staff and channel operators and the roles they hold.
package user

import (
	"time"

	"gorm.io/gorm"
)

// User is an account. Password is a bcrypt hash and never leaves the BFF.
type User struct {
	ID         int64 `gorm:"primaryKey"`
	Username   string
	NameKey    string // NameKey(Username), unique: no two accounts whose names look alike
	NickName   string
	Gender     string
	Email      string
	Phone      string
	AvatarPath string
	Password   string
	Enabled    bool
	IsAdmin    bool
	Kind       string  // authz.KindStaff or authz.KindChannel
	EmpNo      *string // employee number (工号), for sign-in through a host portal; nil: none
	// LoginIPs is the 登录IP白名单: addresses and CIDR ranges joined by "," (iplist.Parse);
	// "" lets the account sign in from anywhere.
	LoginIPs   string `gorm:"column:login_ips"`
	DeptID     *int64
	AgencyID   *int64    // a channel operator's agency (agencies); nil for staff
	CreateTime time.Time `gorm:"autoCreateTime"`
	UpdateTime time.Time `gorm:"autoUpdateTime"`
}

func (User) TableName() string { return "users" }

// BeforeCreate derives the name key of every new account, however it is created.
func (u *User) BeforeCreate(*gorm.DB) error {
	u.NameKey = NameKey(u.Username)
	return nil
}

// UserRole gives a role to a user.
type UserRole struct {
	UserID int64 `gorm:"primaryKey;autoIncrement:false"`
	RoleID int64 `gorm:"primaryKey;autoIncrement:false"`
}

func (UserRole) TableName() string { return "users_roles" }
