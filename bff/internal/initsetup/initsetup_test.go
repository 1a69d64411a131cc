package initsetup_test

import (
	"context"
	"testing"

	"gorm.io/gorm"

	"mallconsole/bff/internal/apptest"
	"mallconsole/bff/internal/initsetup"
	"mallconsole/bff/internal/platform/config"
	"mallconsole/bff/internal/platform/dbtest"
)

func check(t *testing.T, s *apptest.Server) bool {
	t.Helper()
	var got struct {
		Initialized *bool `json:"initialized"`
	}
	r := s.Get(t, "/api/init/check", "")
	r.JSON(t, &got)
	if r.Status != 200 || got.Initialized == nil {
		t.Fatalf("check: %d %s", r.Status, r.Body)
	}
	return *got.Initialized
}

func TestCheck(t *testing.T) {
	if !check(t, apptest.Start(t, "sqlite")) {
		t.Fatal("demo data should mark the shop initialised")
	}
	s := apptest.Start(t, "sqlite", func(c *config.Config) { c.Demo = false })
	if check(t, s) {
		t.Fatal("a new database without demo data is not initialised")
	}
	// The admin exists all the same.
	if tok := s.Login(t, "admin", apptest.AdminPassword); tok == "" {
		t.Fatal("no admin")
	}
	if err := initsetup.NewStore(s.DB).Set(context.Background(), nil, initsetup.KeyInitialized, "x"); err != nil {
		t.Fatal(err)
	}
	if !check(t, s) {
		t.Fatal("saving the setting did not initialise")
	}
}

func TestSettingsStore(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		ctx := context.Background()
		st := initsetup.NewStore(g)
		if _, ok, err := st.Get(ctx, "k"); ok || err != nil {
			t.Fatalf("empty get = %v %v", ok, err)
		}
		for _, v := range []string{"one", "two"} {
			if err := st.Set(ctx, nil, "k", v); err != nil {
				t.Fatal(err)
			}
			if got, ok, err := st.Get(ctx, "k"); !ok || err != nil || got != v {
				t.Fatalf("get = %q %v %v, want %q", got, ok, err, v)
			}
		}
	})
}
