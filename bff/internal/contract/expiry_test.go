package contract_test

import (
	"context"
	"errors"
	"strconv"
	"testing"
	"time"

	"gorm.io/gorm"

	"mallconsole/bff/internal/contract"
	"mallconsole/bff/internal/notify"
	"mallconsole/bff/internal/platform/dbtest"
	"mallconsole/bff/internal/platform/perm"
)

func held(*gorm.DB) error { return nil }

var errLost = errors.New("lease lost")

func lost(*gorm.DB) error { return errLost }

// signed makes a signed contract of agency A ending on end.
func (f *fixture) signed(t *testing.T, g *gorm.DB, name, end string) int64 {
	t.Helper()
	ctx := context.Background()
	id, err := f.s.Save(ctx, nil, contract.Input{Name: name, AgencyID: f.a.ID, StartDate: "2026-01-01", EndDate: end})
	if err != nil {
		t.Fatal(err)
	}
	f.scan(t, g, id)
	if err := errors.Join(f.s.Move(ctx, nil, id, contract.Submit), f.s.Move(ctx, nil, id, contract.Sign)); err != nil {
		t.Fatal(err)
	}
	return id
}

// TestExpiringIsToldOnce: a contract ending in 10 days is told about once across two runs, to
// those who list contracts of its agency; one ending in 40 days is not; a lost lease tells nobody.
func TestExpiringIsToldOnce(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		ctx := context.Background()
		f := setup(t, g) // today 2026-11-26
		soon := f.signed(t, g, "年度合同", "2026-12-06")
		f.signed(t, g, "远期合同", "2027-01-05")
		var got []notify.Message
		var to []notify.Audience
		send := func(_ context.Context, a notify.Audience, m notify.Message) error {
			got, to = append(got, m), append(to, a)
			return nil
		}
		within := contract.ExpiringDays * 24 * time.Hour
		if _, err := f.s.NotifyExpiring(ctx, 10, lost, within, send); !errors.Is(err, errLost) || len(got) != 0 {
			t.Fatalf("a lost lease: %v, sent %v", err, got)
		}
		for range 2 {
			if _, err := f.s.NotifyExpiring(ctx, 10, held, within, send); err != nil {
				t.Fatal(err)
			}
		}
		if len(got) != 1 || got[0].Type != notify.ContractExpiring || got[0].Title != "合同即将到期：年度合同" ||
			got[0].Body != "2026-12-06 到期" || got[0].Link != "/look?type=contract&id="+strconv.FormatInt(soon, 10) {
			t.Fatalf("sent %+v", got)
		}
		if to[0].Permission != perm.ContractList || to[0].AgencyID == nil || *to[0].AgencyID != f.a.ID {
			t.Fatalf("audience %+v", to[0])
		}
	})
}

// TestExpireDueStoresExpired: a signed contract past its end is stored expired by the job, and
// reads as the computed expiry did (filters, moves, 即将到期); one not yet ended stays signed.
func TestExpireDueStoresExpired(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		ctx := context.Background()
		f := setup(t, g)
		past := f.signed(t, g, "过期合同", "2026-11-20")
		live := f.signed(t, g, "在期合同", "2026-12-20")
		if n, err := f.s.ExpireDue(ctx, 10, lost); !errors.Is(err, errLost) || n != 0 {
			t.Fatalf("a lost lease: %d %v", n, err)
		}
		if c, _ := f.s.Get(ctx, nil, past); c.Status != contract.Signed {
			t.Fatalf("a fenced run stored %s", c.Status)
		}
		for i, want := range []int{1, 0} {
			if n, err := f.s.ExpireDue(ctx, 10, held); err != nil || n != want {
				t.Fatalf("run %d: %d %v", i, n, err)
			}
		}
		c, _ := f.s.Get(ctx, nil, past)
		l, _ := f.s.Get(ctx, nil, live)
		if c.Status != contract.Expired || l.Status != contract.Signed {
			t.Fatalf("stored %s and %s", c.Status, l.Status)
		}
		if contract.Effective(c.Contract, f.s.Today()) != contract.Expired || f.s.Expiring(c.Contract) {
			t.Fatal("a stored expired contract reads otherwise")
		}
		if cs, n, _ := f.s.List(ctx, contract.Query{Status: contract.Expired, Limit: 10}); n != 1 || cs[0].ID != past {
			t.Fatalf("expired filter: %d", n)
		}
		if cs, n, _ := f.s.List(ctx, contract.Query{Status: contract.Signed, Limit: 10}); n != 1 || cs[0].ID != live {
			t.Fatalf("signed filter: %d", n)
		}
		if err := f.s.Move(ctx, nil, past, contract.Terminate); !errors.Is(err, contract.ErrIllegalMove) {
			t.Fatalf("terminating a stored expired contract: %v", err)
		}
		// the day after live's end: computed expired before the job, and both in the filter
		f.now = time.Date(2026, 12, 21, 9, 0, 0, 0, time.Local)
		if _, n, _ := f.s.List(ctx, contract.Query{Status: contract.Expired, Limit: 10}); n != 2 {
			t.Fatalf("expired filter, one stored and one computed: %d", n)
		}
	})
}
