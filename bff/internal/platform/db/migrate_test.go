package db_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"gorm.io/gorm"

	"mallconsole/bff/internal/platform/db"
	"mallconsole/bff/internal/platform/dbtest"
	"mallconsole/bff/internal/schema"
)

func TestMigrationsApplyOnceInOrder(t *testing.T) {
	for _, backend := range dbtest.Backends() {
		t.Run(backend, func(t *testing.T) {
			t.Parallel()
			g, _ := dbtest.OpenDSN(t, backend)
			ctx := context.Background()
			var order []string
			step := func(id string) db.Migration {
				return db.Migration{ID: id, Up: func(tx *gorm.DB) error {
					order = append(order, id)
					return tx.Exec("CREATE TABLE t_" + id[len(id)-1:] + " (id INT)").Error
				}}
			}
			ms := []db.Migration{step("20261122_01_b"), step("20261121_02_a"), step("20261121_01_c")}
			applied, err := db.Migrate(ctx, g, ms)
			if err != nil {
				t.Fatal(err)
			}
			if want := "20261121_01_c 20261121_02_a 20261122_01_b"; strings.Join(order, " ") != want ||
				strings.Join(applied, " ") != want {
				t.Fatalf("applied %v in order %v, want %s", applied, order, want)
			}
			order = nil
			if applied, err := db.Migrate(ctx, g, ms); err != nil || len(applied) != 0 || len(order) != 0 {
				t.Fatalf("second run applied %v (ran %v, %v)", applied, order, err)
			}
			// A new step is applied alone; a failing one is not recorded and stops the run.
			failing := db.Migration{ID: "20261123_01_bad", Up: func(*gorm.DB) error { return errors.New("boom") }}
			if _, err := db.Migrate(ctx, g, append(ms, failing)); err == nil || !strings.Contains(err.Error(), "20261123_01_bad") {
				t.Fatalf("failing migration: %v", err)
			}
			var n int64
			g.Table("schema_migrations").Where("id = ?", failing.ID).Count(&n)
			if n != 0 {
				t.Fatal("a failed migration was recorded")
			}
		})
	}
}

func TestMigrationIDsAreChecked(t *testing.T) {
	g, _ := dbtest.OpenDSN(t, db.SQLite)
	noop := func(*gorm.DB) error { return nil }
	for _, ms := range [][]db.Migration{
		{{ID: "20261121_01_x", Up: noop}, {ID: "20261121_01_x", Up: noop}},
		{{ID: "v1", Up: noop}},
		{{ID: "20261121_01_x"}},
	} {
		if _, err := db.Migrate(context.Background(), g, ms); err == nil {
			t.Errorf("accepted %+v", ms)
		}
	}
	// The real schema has unique, well-formed IDs.
	seen := map[string]bool{}
	for _, m := range schema.Migrations() {
		if seen[m.ID] {
			t.Errorf("migration ID %s used twice", m.ID)
		}
		seen[m.ID] = true
	}
}

func TestSchemaOnEveryDatabase(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		for _, table := range []string{"schema_migrations", "depts", "menus", "roles", "roles_menus", "roles_depts",
			"users", "users_roles", "dict", "dict_detail", "settings", "sessions", "kv_entries"} {
			if !g.Migrator().HasTable(table) {
				t.Errorf("table %s missing", table)
			}
		}
		// Foreign keys hold: a grant of a role that does not exist is refused.
		if err := g.Exec("INSERT INTO users_roles (user_id, role_id) VALUES (999, 999)").Error; err == nil {
			t.Error("foreign keys are not enforced")
		}
		// Usernames are unique.
		ins := "INSERT INTO users (username, password, kind, create_time, update_time) VALUES ('u', 'x', 'staff', ?, ?)"
		if err := g.Exec(ins, db.Now(), db.Now()).Error; err != nil {
			t.Fatal(err)
		}
		if err := g.Exec(ins, db.Now(), db.Now()).Error; err == nil {
			t.Error("duplicate user name accepted")
		}
		// Migrating an up-to-date database again changes nothing.
		if applied, err := db.Migrate(context.Background(), g, schema.Migrations()); err != nil || len(applied) != 0 {
			t.Errorf("re-migration applied %v (%v)", applied, err)
		}
	})
}
