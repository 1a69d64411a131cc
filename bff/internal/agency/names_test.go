package agency_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"gorm.io/gorm"

	"mallconsole/bff/internal/agency"
	"mallconsole/bff/internal/platform/authz"
	"mallconsole/bff/internal/platform/cache/cachetest"
	"mallconsole/bff/internal/platform/dbtest"
)

// TestNames: names of many agencies in one query, the shop's own rows as 自营, a missing
// agency as its id; the Namer reads each agency once however many rows name it.
func TestNames(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		ctx := context.Background()
		s, _, _ := newService(g, &sessions{})
		staff := &authz.Principal{Kind: authz.KindStaff}
		a, errA := s.Save(ctx, staff, in("NA"))
		b, errB := s.Save(ctx, staff, in("NB"))
		if errA != nil || errB != nil {
			t.Fatal(errA, errB)
		}
		rows := []*int64{&a, nil, &b, &a}
		ids := agency.IDs(rows, func(id *int64) *int64 { return id })
		if fmt.Sprint(ids) != fmt.Sprint([]int64{a, b}) {
			t.Fatalf("IDs = %v", ids)
		}
		names, err := agency.Names(ctx, g, append(ids, 999999))
		if err != nil || len(names) != 2 || names[a] != "渠道NA" || names[b] != "渠道NB" {
			t.Fatalf("Names = %v %v", names, err)
		}
		missing := int64(999999)
		for id, want := range map[*int64]string{nil: "自营", &a: "渠道NA", &missing: "#999999"} {
			if got := agency.Label(id, names); got != want {
				t.Fatalf("Label = %q, want %q", got, want)
			}
		}
		queries := agencyQueries(t, g, "test:names")
		n := agency.NewNamer(ctx, g)
		for _, id := range []*int64{&a, &a, nil, &b, &missing, &a, &missing} {
			if _, err := n.Label(id); err != nil {
				t.Fatal(err)
			}
		}
		if got, _ := n.Label(&b); got != "渠道NB" || *queries != 3 {
			t.Fatalf("Namer: %q after %d queries, want 3 (a, b, the missing one)", got, *queries)
		}
	})
}

// TestOptions: by name, at most OptionsMax, name or code contains, disabled ones too, only the
// ids given, and a scope offers its own agency alone.
func TestOptions(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		ctx := context.Background()
		s, _, _ := newService(g, &sessions{})
		staff := &authz.Principal{Kind: authz.KindStaff}
		ids := map[string]int64{}
		for i := agency.OptionsMax + 2; i >= 1; i-- {
			x := in(fmt.Sprintf("P%02d", i))
			x.Enabled = i != 2
			id, err := s.Save(ctx, staff, x)
			if err != nil {
				t.Fatal(err)
			}
			ids[x.Code] = id
		}
		names := func(as []agency.Agency, err error) string {
			if err != nil {
				t.Fatal(err)
			}
			var out []string
			for _, a := range as {
				out = append(out, a.Code)
			}
			return fmt.Sprint(out)
		}
		all, err := s.Options(ctx, staff, "", nil)
		if len(all) != agency.OptionsMax || all[0].Code != "P01" || all[1].Enabled || all[19].Code != "P20" {
			t.Fatalf("options = %s", names(all, err))
		}
		if got := names(s.Options(ctx, staff, "渠道P2", nil)); got != "[P20 P21 P22]" {
			t.Fatalf("name contains = %s", got)
		}
		if got := names(s.Options(ctx, staff, "p0", []int64{ids["P09"], ids["P12"]})); got != "[P09]" {
			t.Fatalf("ids and code = %s", got)
		}
		channel := &authz.Principal{Kind: authz.KindChannel, AgencyID: new(int64)}
		*channel.AgencyID = ids["P12"]
		if got := names(s.Options(ctx, channel, "", []int64{ids["P09"], ids["P12"]})); got != "[P12]" {
			t.Fatalf("scoped = %s", got)
		}
		if got := names(s.Options(ctx, &authz.Principal{Kind: authz.KindChannel}, "", nil)); got != "[]" {
			t.Fatalf("an operator without an agency = %s", got)
		}
	})
}

// TestBook: a set of agencies is named from memory the second time (no query); a rename through
// this instance's store shows at once, one written elsewhere after NamesTTL and not before.
func TestBook(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		ctx := context.Background()
		s, _, gen := newService(g, &sessions{})
		staff := &authz.Principal{Kind: authz.KindStaff}
		a, err := s.Save(ctx, staff, in("BA"))
		if err != nil {
			t.Fatal(err)
		}
		now := time.Date(2026, 11, 29, 9, 0, 0, 0, time.UTC)
		book := agency.NewBook(g, gen, agency.NamesTTL, func() time.Time { return now })
		queries := agencyQueries(t, g, "test:book")
		name := func() string {
			t.Helper()
			names, err := book.Names(ctx, []int64{a})
			if err != nil {
				t.Fatal(err)
			}
			return names[a]
		}
		if got := name(); got != "渠道BA" || *queries != 1 {
			t.Fatalf("first: %q after %d queries", got, *queries)
		}
		if got := name(); got != "渠道BA" || *queries != 1 {
			t.Fatalf("again: %q after %d queries, want no new query", got, *queries)
		}
		renamed := in("BA")
		renamed.ID, renamed.Name = a, "渠道BA改"
		if _, err := s.Save(ctx, staff, renamed); err != nil {
			t.Fatal(err)
		}
		if got := name(); got != "渠道BA改" {
			t.Fatalf("after a rename here: %q", got)
		}
		if err := g.Exec("UPDATE agencies SET name = ? WHERE id = ?", "渠道BA别处", a).Error; err != nil {
			t.Fatal(err)
		}
		cachetest.ShowsAfter(t, agency.NamesTTL, func(d time.Duration) { now = now.Add(d) }, name, "渠道BA改", "渠道BA别处")
	})
}

// agencyQueries counts, from now on, the queries g sends to the agencies table.
func agencyQueries(t *testing.T, g *gorm.DB, name string) *int {
	t.Helper()
	var n int
	if err := g.Callback().Query().After("gorm:query").Register(name, func(tx *gorm.DB) {
		if tx.Statement.Table == "agencies" {
			n++
		}
	}); err != nil {
		t.Fatal(err)
	}
	return &n
}
