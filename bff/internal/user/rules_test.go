package user_test

import (
	"context"
	"errors"
	"testing"

	"gorm.io/gorm"

	"mallconsole/bff/internal/platform/dbtest"
	"mallconsole/bff/internal/platform/httpx"
	"mallconsole/bff/internal/user"
)

// reason is the message of the field's failure in a 400.
func reason(t *testing.T, err error, field string) string {
	t.Helper()
	var he *httpx.Error
	if !errors.As(err, &he) || he.Status != 400 {
		t.Fatalf("err %v, want 400", err)
	}
	for _, f := range he.Fields {
		if f.Field == field {
			return f.Message
		}
	}
	t.Fatalf("%v names no %s", err, field)
	return ""
}

// The 登录IP白名单 is stored normalised; a bad entry is a 400 naming the field and the entry.
func TestLoginIPsField(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		ctx := context.Background()
		f := newFixture(t, g)
		in := f.input("ann", f.level3)
		in.LoginIPs = "203.0.113.9,\n10.0.0.0/8； 2001:DB8::/32"
		id, err := f.s.Create(ctx, admin, in)
		if err != nil {
			t.Fatal(err)
		}
		u, _, _ := f.users.ByID(ctx, id)
		if u.LoginIPs != "203.0.113.9,10.0.0.0/8,2001:db8::/32" {
			t.Fatalf("stored %q", u.LoginIPs)
		}
		in.ID = id
		for bad, want := range map[string]string{
			"10.0.0.0/8\n1.2.3.256": "请输入正确的IP地址或网段：1.2.3.256",
			"10.0.0.1/8":            "请输入正确的IP地址或网段：10.0.0.1/8",
		} {
			in.LoginIPs = bad
			if got := reason(t, f.s.Update(ctx, admin, in), "loginIps"); got != want {
				t.Errorf("%q: %q, want %q", bad, got, want)
			}
			in.LoginIPs = bad
			if got := reason(t, mustFail(f.s.Create(ctx, admin, f.withIPs("bob", bad))), "loginIps"); got != want {
				t.Errorf("create %q: %q", bad, got)
			}
		}
		in.LoginIPs = ""
		if err := f.s.Update(ctx, admin, in); err != nil {
			t.Fatal(err)
		}
		if u, _, _ := f.users.ByID(ctx, id); u.LoginIPs != "" {
			t.Fatalf("cleared list stored as %q", u.LoginIPs)
		}
	})
}

func (f fixture) withIPs(name, list string) user.Input {
	in := f.input(name, f.level3)
	in.LoginIPs = list
	return in
}

// 工号 is saved, cleared with "", and names one account only (400 工号已存在 on empNo: http_test.go).
func TestEmpNoField(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		ctx := context.Background()
		f := newFixture(t, g)
		in := f.input("ann", f.level3)
		in.EmpNo = " E2001 "
		ann, err := f.s.Create(ctx, admin, in)
		if err != nil {
			t.Fatal(err)
		}
		if u, found, _ := f.users.ByEmpNo(ctx, "E2001"); !found || u.ID != ann {
			t.Fatal("portal sign-in does not find ann by her 工号")
		}
		other := f.input("bob", f.level3)
		other.EmpNo = "E2001"
		if err := mustFail(f.s.Create(ctx, admin, other)); !errors.Is(err, user.ErrEmpNoTaken) {
			t.Fatalf("a taken 工号 on create: %v", err)
		}
		other.EmpNo = "E2002"
		bob, err := f.s.Create(ctx, admin, other)
		if err != nil {
			t.Fatal(err)
		}
		other.ID, other.EmpNo = bob, "E2001"
		if err := f.s.Update(ctx, admin, other); !errors.Is(err, user.ErrEmpNoTaken) {
			t.Fatalf("a taken 工号 on edit: %v", err)
		}
		in.ID, in.EmpNo = ann, "E2001" // one's own is no conflict
		if err := f.s.Update(ctx, admin, in); err != nil {
			t.Fatal(err)
		}
		// two accounts without 工号 do not collide (NULL, not "")
		in.EmpNo, other.EmpNo = "", ""
		if err := f.s.Update(ctx, admin, in); err != nil {
			t.Fatal(err)
		}
		if err := f.s.Update(ctx, admin, other); err != nil {
			t.Fatal(err)
		}
		if u, _, _ := f.users.ByID(ctx, ann); u.EmpNo != nil {
			t.Fatalf("ann's cleared 工号 stored as %q", *u.EmpNo)
		}
	})
}

// The phone is required (seed §5) on every account but the superuser, who has none from
// first-run setup.
func TestPhoneRequiredButOnTheSuperuser(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		ctx := context.Background()
		f := newFixture(t, g)
		in := f.input("ann", f.level3)
		in.Phone = " "
		if got := reason(t, mustFail(f.s.Create(ctx, admin, in)), "phone"); got != httpx.ReasonRequired {
			t.Fatalf("no phone on create: %q", got)
		}
		in.Phone = "13800000088"
		id, err := f.s.Create(ctx, admin, in)
		if err != nil {
			t.Fatal(err)
		}
		in.ID, in.Phone = id, ""
		if got := reason(t, f.s.Update(ctx, admin, in), "phone"); got != httpx.ReasonRequired {
			t.Fatalf("no phone on edit: %q", got)
		}
		if err := g.Table("users").Where("id = ?", id).Update("is_admin", true).Error; err != nil {
			t.Fatal(err)
		}
		if err := f.s.Update(ctx, admin, in); err != nil {
			t.Fatalf("the superuser without a phone: %v", err)
		}
	})
}
