package user_test

import (
	"context"
	"strings"
	"testing"

	"mallconsole/bff/internal/platform/cache"
	"mallconsole/bff/internal/platform/db"
	"mallconsole/bff/internal/platform/dbtest"
	"mallconsole/bff/internal/schema"
	"mallconsole/bff/internal/user"
)

// TestExactNamesMigration: existing look-alike names (possible on SQLite, whose comparison was
// always exact) both keep working after the name key arrives, and names compare exactly on MySQL.
func TestExactNamesMigration(t *testing.T) {
	for _, backend := range dbtest.Backends() {
		t.Run(backend, func(t *testing.T) {
			t.Parallel()
			g := dbtest.OpenBefore(t, backend, "20261123_41_user_names")
			ctx := context.Background()
			// Look-alikes could exist only where names compared exactly (SQLite); MySQL's general
			// collation refused them.
			names := []string{"admin"}
			if backend == db.SQLite {
				names = append(names, "Admin")
			}
			for _, n := range names {
				if err := g.Exec("INSERT INTO users (username, password, create_time, update_time) VALUES (?, 'x', ?, ?)",
					n, db.Now(), db.Now()).Error; err != nil {
					t.Fatalf("inserting %s: %v", n, err)
				}
			}
			if _, err := db.Migrate(ctx, g, schema.Migrations()); err != nil {
				t.Fatal(err)
			}
			var keys []string
			g.Table("users").Order("id").Pluck("name_key", &keys)
			if keys[0] != "admin" || len(keys) != len(names) || len(keys) == 2 && !strings.HasPrefix(keys[1], "admin#") {
				t.Fatalf("keys = %q", keys)
			}
			store := user.NewStore(g, &cache.Generation{})
			for _, n := range names {
				if u, found, err := store.ByUsername(ctx, n); err != nil || !found || u.Username != n {
					t.Errorf("ByUsername(%q) = %q %v %v", n, u.Username, found, err)
				}
			}
			for _, n := range []string{"ADMIN", "ádmin", "ÁDMÏÑ", "admin ", "ａdmin"} {
				if u, found, err := store.ByUsername(ctx, n); err != nil || found {
					t.Errorf("ByUsername(%q) found %q (%v)", n, u.Username, err)
				}
			}
			// the unique key refuses a look-alike even past the service's check
			err := g.Create(&user.User{Username: "ADMIN", Password: "x", Kind: "staff"}).Error
			if err == nil {
				t.Fatal("a look-alike was stored")
			}
		})
	}
}
