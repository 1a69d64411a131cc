package db_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/crypto/bcrypt"
	"gorm.io/gorm"

	"mallconsole/bff/internal/platform/cache"
	"mallconsole/bff/internal/platform/db"
	"mallconsole/bff/internal/platform/dbtest"
	"mallconsole/bff/internal/schema"
	"mallconsole/bff/internal/user"
)

// The fixture is the SQL dump of the SQLite file the release at commit cf82e7a made on its first
// start (BFF_ADMIN_PASSWORD=Fixture-Admin-1, no demo data): text, so that no database file is kept
// in the repository. docs/operations.md says how to make the next one.
const (
	releaseFixture       = "testdata/release-cf82e7a.sql"
	releaseAdminPassword = "Fixture-Admin-1"
)

// openCopy builds a private database from a committed SQL dump, so the test never changes it.
func openCopy(t *testing.T, fixture string) *gorm.DB {
	t.Helper()
	dump, err := os.ReadFile(fixture)
	if err != nil {
		t.Fatal(err)
	}
	g, err := db.Open(context.Background(), db.SQLite, filepath.Join(t.TempDir(), "bff.db"), dbtest.Logger(t))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close(g) })
	if err := g.Exec(string(dump)).Error; err != nil {
		t.Fatalf("loading %s: %v", fixture, err)
	}
	return g
}

func TestUpgradeFromThePreviousRelease(t *testing.T) {
	g := openCopy(t, releaseFixture)
	ctx := context.Background()
	var before []string
	if err := g.Table("schema_migrations").Pluck("id", &before).Error; err != nil || len(before) == 0 {
		t.Fatalf("the fixture has no migrations (%v)", err)
	}
	var menusBefore int64
	g.Table("menus").Count(&menusBefore)

	applied, err := db.Migrate(ctx, g, schema.Migrations())
	if err != nil {
		t.Fatalf("migrating the previous release's database: %v", err)
	}
	// Exactly the steps the old release lacked ran, and now every step is recorded.
	var want []string
	for _, m := range schema.Migrations() {
		if !slices.Contains(before, m.ID) {
			want = append(want, m.ID)
		}
	}
	slices.Sort(want)
	if strings.Join(applied, " ") != strings.Join(want, " ") {
		t.Errorf("applied %v, want %v", applied, want)
	}
	var after int64
	g.Table("schema_migrations").Count(&after)
	if int(after) != len(schema.Migrations()) {
		t.Errorf("%d migrations recorded, the code has %d", after, len(schema.Migrations()))
	}

	// The data survived: the admin signs in with the old password, the menus are all there.
	admin, found, err := user.NewStore(g, &cache.Generation{}).ByUsername(ctx, "admin")
	if err != nil || !found {
		t.Fatalf("admin after the upgrade: found=%v %v", found, err)
	}
	if err := bcrypt.CompareHashAndPassword([]byte(admin.Password), []byte(releaseAdminPassword)); err != nil {
		t.Errorf("the admin's password no longer verifies: %v", err)
	}
	var menusAfter int64
	g.Table("menus").Count(&menusAfter)
	if menusBefore == 0 || menusAfter < menusBefore {
		t.Errorf("menus: %d before the upgrade, %d after", menusBefore, menusAfter)
	}
	if again, err := db.Migrate(ctx, g, schema.Migrations()); err != nil || len(again) != 0 {
		t.Errorf("second start applied %v (%v)", again, err)
	}
}

func TestDatabaseOfANewerReleaseIsRefused(t *testing.T) {
	for _, backend := range dbtest.Backends() {
		t.Run(backend, func(t *testing.T) {
			t.Parallel()
			g, _ := dbtest.OpenDSN(t, backend)
			ctx := context.Background()
			ms := schema.Migrations()
			if _, err := db.Migrate(ctx, g, ms); err != nil {
				t.Fatal(err)
			}
			const future = "20991231_01_from_the_future"
			if err := g.Exec("INSERT INTO schema_migrations (id, applied_at) VALUES (?, ?)", future, db.Now()).Error; err != nil {
				t.Fatal(err)
			}
			ran := false
			late := db.Migration{ID: "20991230_01_never", Up: func(*gorm.DB) error { ran = true; return nil }}
			_, err := db.Migrate(ctx, g, append(ms, late))
			if !errors.Is(err, db.ErrNewerSchema) || !strings.Contains(err.Error(), future) {
				t.Fatalf("err = %v, want ErrNewerSchema naming %s", err, future)
			}
			if ran {
				t.Error("a migration ran on a database of a newer release")
			}
		})
	}
}
