package main

import (
	"bytes"
	"context"
	"io"
	"path/filepath"
	"strings"
	"testing"

	"mallconsole/bff/internal/platform/db"
	"mallconsole/bff/internal/platform/dbtest"
)

func countMenus(t *testing.T, path string) int64 {
	t.Helper()
	g, err := db.Open(context.Background(), db.SQLite, path, dbtest.Logger(t))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close(g)
	var n int64
	if err := g.Table("menus").Count(&n).Error; err != nil {
		t.Fatal(err)
	}
	return n
}

func TestBackupOfARunningServerAndRestoreOnceStopped(t *testing.T) {
	ctx := context.Background()
	data := filepath.Join(t.TempDir(), "data")
	env := []string{"BFF_DATA_DIR=" + data, "BFF_LOG_LEVEL=error", "BFF_ADMIN_PASSWORD=first-admin-pw", "BFF_CAPTCHA=off"}
	r := start(t, []string{"--addr=127.0.0.1:0"}, env)
	loginAdmin(t, r.base, "first-admin-pw") // writes a session and a sign-in log row

	backup := filepath.Join(t.TempDir(), "copy.db")
	var out bytes.Buffer
	if err := run(ctx, []string{"backup", backup}, env, &out, io.Discard); err != nil {
		t.Fatalf("backup of the running server: %v", err)
	}
	if !strings.Contains(out.String(), "backed up") {
		t.Errorf("backup printed %q", out.String())
	}
	err := run(ctx, []string{"restore", backup}, env, io.Discard, io.Discard)
	if err == nil || !strings.Contains(err.Error(), "stop the server") {
		t.Fatalf("restore under a running server: %v", err)
	}
	loginAdmin(t, r.base, "first-admin-pw") // the server did not notice either
	r.stop(t)

	live := filepath.Join(data, "bff.db")
	menus := countMenus(t, live)
	g, err := db.Open(ctx, db.SQLite, live, dbtest.Logger(t))
	if err != nil {
		t.Fatal(err)
	}
	g.Exec("DELETE FROM roles_menus")
	g.Exec("DELETE FROM menus")
	db.Close(g)

	if err := run(ctx, []string{"restore", backup, "--log-level=error"}, env, io.Discard, io.Discard); err != nil {
		t.Fatal(err)
	}
	if got := countMenus(t, live); got != menus || menus == 0 {
		t.Errorf("restored database has %d menus, want %d", got, menus)
	}
	if got := countMenus(t, live+".bak"); got != 0 {
		t.Errorf("the .bak should be the replaced database (no menus), has %d", got)
	}
	r = start(t, []string{"--addr=127.0.0.1:0"}, env)
	loginAdmin(t, r.base, "first-admin-pw")
	r.stop(t)

	for _, args := range [][]string{{"backup"}, {"restore", "--db=x"}} {
		if err := run(ctx, args, env, io.Discard, io.Discard); err == nil || !strings.Contains(err.Error(), "usage") {
			t.Errorf("%v: %v", args, err)
		}
	}
	mysqlEnv := append(env[:len(env):len(env)], "BFF_DB=mysql://u:p@tcp(127.0.0.1:1)/x")
	if err := run(ctx, []string{"backup", backup + "2"}, mysqlEnv, io.Discard, io.Discard); err == nil || !strings.Contains(err.Error(), "mysqldump") {
		t.Errorf("backup on MySQL: %v", err)
	}
}
