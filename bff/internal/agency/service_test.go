package agency_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"golang.org/x/crypto/bcrypt"
	"gorm.io/gorm"

	"mallconsole/bff/internal/agency"
	"mallconsole/bff/internal/goods"
	"mallconsole/bff/internal/order"
	"mallconsole/bff/internal/platform/authz"
	"mallconsole/bff/internal/platform/cache"
	"mallconsole/bff/internal/platform/dbtest"
	"mallconsole/bff/internal/role"
	"mallconsole/bff/internal/user"
)

// sessions records whose sessions were ended.
type sessions struct{ ended []int64 }

func (s *sessions) EndOtherSessions(_ context.Context, id int64, _ string) error {
	s.ended = append(s.ended, id)
	return nil
}

func wantErr(t *testing.T, what string, err, target error) {
	t.Helper()
	if !errors.Is(err, target) {
		t.Fatalf("%s: %v, want %v", what, err, target)
	}
}

func newService(g *gorm.DB, ended *sessions) (*agency.Service, *agency.Store, *cache.Generation) {
	gen := &cache.Generation{}
	store := agency.NewStore(g, gen)
	return agency.NewService(store, agency.Deps{Accounts: user.NewStore(g, gen), Sessions: ended, Roles: role.NewStore(g, gen),
		Orders: order.NewStore(g), Goods: goods.NewStore(g), BcryptCost: bcrypt.MinCost}), store, gen
}

func in(code string) agency.Input {
	return agency.Input{Name: "渠道" + code, Code: code, Contact: "某", Phone: "13900000000", Enabled: true}
}

func TestAgencyRules(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		ctx := context.Background()
		s, store, gen := newService(g, &sessions{})
		staff := &authz.Principal{Kind: authz.KindStaff}
		a, err := s.Save(ctx, staff, in("A"))
		if err != nil {
			t.Fatal(err)
		}
		_, err = s.Save(ctx, staff, in("A"))
		wantErr(t, "a taken code", err, agency.ErrCodeConflict)
		got, _ := s.Get(ctx, a)
		if got.CertStatus != agency.CertNone || !got.Enabled {
			t.Fatalf("new agency = %+v", got)
		}
		before := gen.Load()
		edit := in("A")
		edit.ID, edit.Enabled = a, false
		if _, err := s.Save(ctx, staff, edit); err != nil {
			t.Fatal(err)
		}
		if gen.Load() == before {
			t.Fatal("a status change must bump the access caches' generation (the operators' next call sees it)")
		}
		edit.ID = 99999
		_, err = s.Save(ctx, staff, edit)
		wantErr(t, "editing a missing agency", err, agency.ErrNotFound)

		// certification: the cert feature's one write, the four states only
		if ok, err := store.SetCertStatus(ctx, a, agency.CertPending); err != nil || !ok {
			t.Fatalf("SetCertStatus: %v %v", ok, err)
		}
		_, err = store.SetCertStatus(ctx, a, "maybe")
		wantErr(t, "an unknown state", err, agency.ErrCertStatus)
		if ok, _ := store.SetCertStatus(ctx, 99999, agency.CertApproved); ok {
			t.Fatal("a missing agency was certified")
		}
		if got, _ := s.Get(ctx, a); got.CertStatus != agency.CertPending {
			t.Fatalf("cert = %q", got.CertStatus)
		}
		// staff edits never touch the certification state
		edit.ID = a
		if _, err := s.Save(ctx, staff, edit); err != nil {
			t.Fatal(err)
		}
		if got, _ := s.Get(ctx, a); got.CertStatus != agency.CertPending {
			t.Fatalf("cert after an edit = %q", got.CertStatus)
		}

		// a channel session manages nothing here, whatever its permissions
		ch := &authz.Principal{Kind: authz.KindChannel, AgencyID: &a, Perms: []string{"agency:list"}}
		_, _, err = s.List(ctx, ch, agency.Query{Limit: 10})
		wantErr(t, "a channel list", err, agency.ErrStaffOnly)
		_, err = s.Save(ctx, ch, in("C"))
		wantErr(t, "a channel create", err, agency.ErrStaffOnly)
		wantErr(t, "a channel delete", s.Delete(ctx, ch, []int64{a}), agency.ErrStaffOnly)
		_, err = s.Look(ctx, ch, a)
		wantErr(t, "a channel look", err, agency.ErrStaffOnly)
		if mine, err := s.Mine(ctx, ch); err != nil || mine.ID != a {
			t.Fatalf("mine = %+v %v", mine, err)
		}
		_, err = s.Mine(ctx, staff)
		wantErr(t, "staff have no agency", err, agency.ErrNoAgency)
		_, err = s.Mine(ctx, &authz.Principal{Kind: authz.KindChannel})
		wantErr(t, "an operator without an agency", err, agency.ErrNoAgency)
		if err := s.EditMine(ctx, ch, "新联系人", "13900000009", "新地址"); err != nil {
			t.Fatal(err)
		}
		if got, _ := s.Get(ctx, a); got.Contact != "新联系人" || got.Address != "新地址" || got.Name != "渠道A" {
			t.Fatalf("after EditMine = %+v", got)
		}
	})
}

func TestDeleteRefusedWhileInUse(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		ctx := context.Background()
		s, _, _ := newService(g, &sessions{})
		staff := &authz.Principal{Kind: authz.KindStaff}
		withOp, _ := s.Save(ctx, staff, in("OP"))
		withOrder, _ := s.Save(ctx, staff, in("ORD"))
		withGoods, _ := s.Save(ctx, staff, in("GDS"))
		free, _ := s.Save(ctx, staff, in("FREE"))
		if _, err := s.CreateOperator(ctx, staff, withOp, agency.OperatorInput{Username: "op1", NickName: "运营", Phone: "13900000001",
			Password: "op1-pass"}); err != nil {
			t.Fatal(err)
		}
		now := time.Now().UTC().Truncate(time.Millisecond)
		if err := g.Create(&order.Order{OrderNo: "T1", CustomerName: "客", Phone: "13900000002", Address: "址", Amount: 100,
			AgencyID: &withOrder, Status: order.Unpaid, CreateTime: now, UpdateTime: now}).Error; err != nil {
			t.Fatal(err)
		}
		if err := g.Create(&goods.Goods{Name: "货", Code: "G1", Category: "food", AgencyID: &withGoods, Status: goods.Draft,
			Gallery: []string{}, CreateTime: now, UpdateTime: now}).Error; err != nil {
			t.Fatal(err)
		}
		wantErr(t, "operators", s.Delete(ctx, staff, []int64{free, withOp}), agency.ErrHasOperator)
		wantErr(t, "orders", s.Delete(ctx, staff, []int64{withOrder}), agency.ErrHasOrders)
		wantErr(t, "goods", s.Delete(ctx, staff, []int64{withGoods}), agency.ErrHasGoods)
		wantErr(t, "unknown", s.Delete(ctx, staff, []int64{free, 99999}), agency.ErrNotFound)
		if _, err := s.Get(ctx, free); err != nil {
			t.Fatal("a refused request deleted part of it")
		}
		if err := s.Delete(ctx, staff, []int64{free}); err != nil {
			t.Fatal(err)
		}
		_, err := s.Get(ctx, free)
		wantErr(t, "deleted", err, agency.ErrNotFound)
	})
}

func TestOperatorRules(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		ctx := context.Background()
		ended := &sessions{}
		s, _, gen := newService(g, ended)
		staff := &authz.Principal{Kind: authz.KindStaff}
		opRole, err := role.NewStore(g, gen).Ensure(ctx, role.Role{Name: agency.OperatorRole, Level: 3, DataScope: role.ScopeDept}, nil)
		if err != nil {
			t.Fatal(err)
		}
		a, _ := s.Save(ctx, staff, in("A"))
		b, _ := s.Save(ctx, staff, in("B"))
		op := agency.OperatorInput{Username: "ops", NickName: "运营", Phone: "13900000001", Password: "ops-pass"}
		id, err := s.CreateOperator(ctx, staff, a, op)
		if err != nil {
			t.Fatal(err)
		}
		_, err = s.CreateOperator(ctx, staff, b, op)
		wantErr(t, "a taken name", err, agency.ErrNameTaken)
		op.Username = "OPS"
		_, err = s.CreateOperator(ctx, staff, b, op)
		wantErr(t, "a look-alike name", err, agency.ErrNameLookFake)
		_, err = s.CreateOperator(ctx, staff, 99999, op)
		wantErr(t, "a missing agency", err, agency.ErrNotFound)
		users := user.NewStore(g, gen)
		u, _, _ := users.ByID(ctx, id)
		roles, _ := users.RoleIDs(ctx, id)
		if u.Kind != authz.KindChannel || u.AgencyID == nil || *u.AgencyID != a || !u.Enabled || len(roles) != 1 || roles[0] != opRole.ID ||
			bcrypt.CompareHashAndPassword([]byte(u.Password), []byte("ops-pass")) != nil {
			t.Fatalf("operator = %+v roles %v", u, roles)
		}
		// another agency's operator is not this agency's to touch
		wantErr(t, "B's operator", s.SetOperatorEnabled(ctx, staff, b, id, false), agency.ErrOperatorNotFound)
		wantErr(t, "a staff account", s.ResetOperatorPassword(ctx, staff, a, 99999, "x-pass-1"), agency.ErrOperatorNotFound)
		if err := s.SetOperatorEnabled(ctx, staff, a, id, false); err != nil {
			t.Fatal(err)
		}
		if err := s.ResetOperatorPassword(ctx, staff, a, id, "new-pass"); err != nil {
			t.Fatal(err)
		}
		u, _, _ = users.ByID(ctx, id)
		if u.Enabled || bcrypt.CompareHashAndPassword([]byte(u.Password), []byte("new-pass")) != nil || len(ended.ended) != 2 {
			t.Fatalf("after disable and reset: %+v, sessions ended %v", u, ended.ended)
		}
		ops, _ := s.Operators(ctx, staff, a)
		if len(ops) != 1 || ops[0].Username != "ops" || ops[0].Enabled {
			t.Fatalf("operators = %+v", ops)
		}
		_, err = s.Operators(ctx, &authz.Principal{Kind: authz.KindChannel, AgencyID: &a}, a)
		wantErr(t, "a channel session", err, agency.ErrStaffOnly)
	})
}
