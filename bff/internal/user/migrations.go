package user

import (
	"fmt"
	"time"

	"gorm.io/gorm"

	"mallconsole/bff/internal/platform/db"
)

// Tables as migration 20261121_04_user created them. Frozen. The *Ref types only name the
// referenced tables so that gorm writes the foreign keys.
type (
	user20261121 struct {
		ID         int64           `gorm:"primaryKey;autoIncrement"`
		Username   string          `gorm:"size:64;not null;uniqueIndex:uk_users_username"`
		NickName   string          `gorm:"size:64;not null;default:''"`
		Gender     string          `gorm:"size:8;not null;default:''"`
		Email      string          `gorm:"size:128;not null;default:''"`
		Phone      string          `gorm:"size:32;not null;default:''"`
		AvatarPath string          `gorm:"size:255;not null;default:''"`
		Password   string          `gorm:"size:255;not null"`
		Enabled    bool            `gorm:"not null;default:true"`
		IsAdmin    bool            `gorm:"not null;default:false"`
		Kind       string          `gorm:"size:16;not null;default:'staff'"`
		EmpNo      *string         `gorm:"size:64;uniqueIndex:uk_users_emp_no"`
		DeptID     *int64          `gorm:"index:idx_users_dept"`
		Dept       deptRef20261121 `gorm:"foreignKey:DeptID;constraint:OnDelete:SET NULL"`
		CreateTime time.Time       `gorm:"not null"`
		UpdateTime time.Time       `gorm:"not null"`
	}
	userRole20261121 struct {
		UserID int64           `gorm:"primaryKey;autoIncrement:false"`
		RoleID int64           `gorm:"primaryKey;autoIncrement:false;index:idx_users_roles_role"`
		User   user20261121    `gorm:"foreignKey:UserID;constraint:OnDelete:CASCADE"`
		Role   roleRef20261121 `gorm:"foreignKey:RoleID;constraint:OnDelete:CASCADE"`
	}
	deptRef20261121 struct{ ID int64 }
	roleRef20261121 struct{ ID int64 }
)

func (user20261121) TableName() string     { return "users" }
func (userRole20261121) TableName() string { return "users_roles" }
func (deptRef20261121) TableName() string  { return "depts" }
func (roleRef20261121) TableName() string  { return "roles" }

// Migrations creates users and their roles.
func Migrations() []db.Migration {
	return []db.Migration{{
		ID: "20261121_04_user",
		Up: func(tx *gorm.DB) error { return tx.Migrator().CreateTable(&user20261121{}, &userRole20261121{}) },
	}, {
		ID: "20261123_41_user_names",
		Up: exactNames20261123,
	}, {
		ID: "20261123_72_user_agency",
		Up: userAgency20261123,
	}, {
		ID: "20261126_10_user_login_ips",
		Up: userLoginIPs20261126,
	}}
}

// userLoginIPs20261126 adds the 登录IP白名单 (empty on existing accounts: anyone, as before).
// 2000 characters: iplist.MaxLen.
func userLoginIPs20261126(tx *gorm.DB) error {
	return tx.Exec("ALTER TABLE users ADD COLUMN login_ips VARCHAR(2000) NOT NULL DEFAULT ''").Error
}

// userAgency20261123 links channel operators to their agency (agencies, created by
// 20261123_71_agency). Deleting an agency that still has operators is refused by the key.
func userAgency20261123(tx *gorm.DB) error {
	if db.Dialect(tx) == db.MySQL {
		return tx.Exec("ALTER TABLE users ADD COLUMN agency_id BIGINT NULL, ADD INDEX idx_users_agency (agency_id), " +
			"ADD CONSTRAINT fk_users_agency FOREIGN KEY (agency_id) REFERENCES agencies (id)").Error
	}
	if err := tx.Exec("ALTER TABLE users ADD COLUMN agency_id INTEGER NULL REFERENCES agencies (id)").Error; err != nil {
		return err
	}
	return tx.Exec("CREATE INDEX idx_users_agency ON users (agency_id)").Error
}

// exactNames20261123 makes user names exact and look-alikes unique. On MySQL the user name
// compared under utf8mb4_general_ci, so ÁDMÏÑ, ádmin and ADMIN all signed in as admin: it becomes
// binary. A new column name_key (NameKey of the name) gets a unique index; where existing names
// already share a key, the later rows' keys get "#id" so that both accounts keep working.
func exactNames20261123(tx *gorm.DB) error {
	column := "ALTER TABLE users ADD COLUMN name_key VARCHAR(255) NOT NULL DEFAULT ''"
	if db.Dialect(tx) == db.MySQL {
		if err := tx.Exec("ALTER TABLE users MODIFY username VARCHAR(64) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NOT NULL").Error; err != nil {
			return err
		}
		column = "ALTER TABLE users ADD COLUMN name_key VARCHAR(255) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NOT NULL DEFAULT ''"
	}
	if err := tx.Exec(column).Error; err != nil {
		return err
	}
	var rows []struct {
		ID       int64
		Username string
	}
	if err := tx.Table("users").Select("id", "username").Order("id").Find(&rows).Error; err != nil {
		return err
	}
	seen := map[string]bool{}
	for _, r := range rows {
		key := NameKey(r.Username)
		if seen[key] {
			key = fmt.Sprintf("%s#%d", key, r.ID)
		}
		seen[key] = true
		if err := tx.Table("users").Where("id = ?", r.ID).Update("name_key", key).Error; err != nil {
			return err
		}
	}
	return tx.Exec("CREATE UNIQUE INDEX uk_users_name_key ON users (name_key)").Error
}
