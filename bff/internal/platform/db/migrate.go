package db

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"time"

	"gorm.io/gorm"
)

// Migration is one step of the schema's history. Its ID sorts globally (date, sequence, feature:
// 20261121_01_dept) and never changes once released; Up uses structs frozen inside the migration
// so later edits of a feature's model never change what an old step does.
type Migration struct {
	ID string
	Up func(tx *gorm.DB) error
}

var migrationID = regexp.MustCompile(`^\d{8}_\d{2}_[a-z0-9_]+$`)

// schemaMigration is the record of an applied step.
type schemaMigration struct {
	ID        string    `gorm:"primaryKey;size:64"`
	AppliedAt time.Time `gorm:"not null"`
}

func (schemaMigration) TableName() string { return "schema_migrations" }

// Migrate applies, in ID order, every migration not yet recorded in schema_migrations. It returns
// the IDs it applied. Concurrent starts are safe: SQLite serialises on the write lock, MySQL on a
// named lock.
func Migrate(ctx context.Context, g *gorm.DB, all []Migration) ([]string, error) {
	ms := slices.Clone(all)
	slices.SortFunc(ms, func(a, b Migration) int { return strings.Compare(a.ID, b.ID) })
	for i, m := range ms {
		if !migrationID.MatchString(m.ID) || m.Up == nil {
			return nil, fmt.Errorf("migration %q: ID must look like 20261121_01_feature and Up must be set", m.ID)
		}
		if i > 0 && ms[i-1].ID == m.ID {
			return nil, fmt.Errorf("migration ID %q used twice", m.ID)
		}
	}
	var applied []string
	err := g.WithContext(ctx).Connection(func(conn *gorm.DB) error {
		// A fresh session: each statement below must start from a clean slate.
		conn = conn.Session(&gorm.Session{NewDB: true})
		if Dialect(conn) == MySQL {
			var got int
			if err := conn.Raw("SELECT GET_LOCK('bff_schema_migrations', 60)").Scan(&got).Error; err != nil || got != 1 {
				return fmt.Errorf("waiting for the migration lock: %v", err)
			}
			defer conn.Exec("SELECT RELEASE_LOCK('bff_schema_migrations')")
		}
		if err := conn.Migrator().AutoMigrate(&schemaMigration{}); err != nil {
			return fmt.Errorf("creating schema_migrations: %w", err)
		}
		var done []string
		if err := conn.Model(&schemaMigration{}).Pluck("id", &done).Error; err != nil {
			return err
		}
		if err := checkNotNewer(done, ms); err != nil {
			return err
		}
		for _, m := range ms {
			if slices.Contains(done, m.ID) {
				continue
			}
			// Checked again inside the transaction: another process may have applied it meanwhile.
			err := conn.Transaction(func(tx *gorm.DB) error {
				var n int64
				if err := tx.Model(&schemaMigration{}).Where("id = ?", m.ID).Count(&n).Error; err != nil {
					return err
				}
				if n > 0 {
					return nil
				}
				if err := m.Up(tx); err != nil {
					return err
				}
				applied = append(applied, m.ID)
				return tx.Create(&schemaMigration{ID: m.ID, AppliedAt: Now()}).Error
			})
			if err != nil {
				return fmt.Errorf("migration %s: %w", m.ID, err)
			}
		}
		return nil
	})
	return applied, err
}

// ErrNewerSchema is returned when the database was migrated by a newer release than this one: its
// schema may hold columns or rules this build does not know, so writing to it could corrupt it.
var ErrNewerSchema = errors.New("the database was migrated by a newer release of bff")

// checkNotNewer refuses a database that records a step this build does not have. Running an older
// binary on it would look like it works until it wrote rows the newer schema does not allow.
func checkNotNewer(done []string, known []Migration) error {
	var unknown []string
	for _, id := range done {
		if !slices.ContainsFunc(known, func(m Migration) bool { return m.ID == id }) {
			unknown = append(unknown, id)
		}
	}
	if len(unknown) == 0 {
		return nil
	}
	slices.Sort(unknown)
	return fmt.Errorf("%w: it has migration %s, which this build (latest %s) does not know; run that release or restore a backup made before the upgrade",
		ErrNewerSchema, strings.Join(unknown, ", "), known[len(known)-1].ID)
}
