package contract_test

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"sync"
	"testing"
	"time"

	"gorm.io/gorm"

	"mallconsole/bff/internal/agency"
	"mallconsole/bff/internal/attach"
	"mallconsole/bff/internal/contract"
	"mallconsole/bff/internal/platform/cache"
	"mallconsole/bff/internal/platform/dbtest"
)

type fixture struct {
	s        *contract.Service
	files    *attach.Service
	now      time.Time
	a, b     agency.Agency
	template int64
}

func setup(t *testing.T, g *gorm.DB) *fixture {
	t.Helper()
	ctx := context.Background()
	disk, err := attach.NewDisk(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	f := &fixture{now: time.Date(2026, 11, 26, 10, 0, 0, 0, time.Local)}
	clock := func() time.Time { return f.now }
	f.files = attach.New(g, disk, attach.Options{MaxBytes: 1 << 20, Now: clock})
	f.s = contract.NewService(contract.NewStore(g), g, f.files, clock, time.Local)
	agencies := agency.NewStore(g, &cache.Generation{})
	if f.a, err = agencies.Ensure(ctx, agency.Agency{Name: "甲渠道", Code: "A1", Contact: "李", Phone: "13900000001", Enabled: true}); err != nil {
		t.Fatal(err)
	}
	if f.b, err = agencies.Ensure(ctx, agency.Agency{Name: "乙渠道", Code: "B1", Enabled: true}); err != nil {
		t.Fatal(err)
	}
	pdf, err := f.files.Put(ctx, 1, contract.TemplateFile, "模板.pdf", contract.MinimalPDF("t"))
	if err != nil {
		t.Fatal(err)
	}
	f.template, err = f.s.SaveTemplate(ctx, contract.TemplateInput{Name: "合作协议", Version: "v1", FileID: pdf.ID, ValidMonths: 12,
		Enabled: true, Variables: []contract.Var{{Key: "agencyName", Label: "渠道名称"}, {Key: "rate", Label: "佣金", Value: "5%"}}})
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// scan attaches a signed scan to contract id.
func (f *fixture) scan(t *testing.T, g *gorm.DB, id int64) {
	t.Helper()
	a, err := f.files.Put(context.Background(), 1, contract.ContractFile, "scan.pdf", contract.MinimalPDF("s"))
	if err != nil {
		t.Fatal(err)
	}
	if err := g.Model(&attach.Attachment{}).Where("id = ?", a.ID).Update("business_id", strconv.FormatInt(id, 10)).Error; err != nil {
		t.Fatal(err)
	}
}

// TestReceiveOnce: a template must be published and enabled; concurrent receipts by one agency
// make exactly one contract (the unique key decides), filled from the agency, in pending_sign.
func TestReceiveOnce(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		ctx := context.Background()
		f := setup(t, g)
		if _, err := f.s.Receive(ctx, f.a.ID, f.template); !errors.Is(err, contract.ErrNotOffered) {
			t.Fatalf("unpublished: %v", err)
		}
		if err := f.s.Publish(ctx, f.template); err != nil {
			t.Fatal(err)
		}
		const n = 8
		var wg sync.WaitGroup
		errs := make([]error, n)
		for i := range n {
			wg.Go(func() { _, errs[i] = f.s.Receive(ctx, f.a.ID, f.template) })
		}
		wg.Wait()
		ok := 0
		for _, err := range errs {
			switch {
			case err == nil:
				ok++
			case !errors.Is(err, contract.ErrAlreadyReceived):
				t.Errorf("a racing receipt: %v", err)
			}
		}
		var count int64
		g.Model(&contract.Contract{}).Where("agency_id = ?", f.a.ID).Count(&count)
		if ok != 1 || count != 1 {
			t.Fatalf("%d receipts succeeded, %d contracts; want exactly 1", ok, count)
		}
		cs, _, err := f.s.List(ctx, contract.Query{Scope: &f.a.ID, Limit: 10})
		if err != nil || len(cs) != 1 {
			t.Fatal(cs, err)
		}
		c := cs[0]
		if c.Status != contract.PendingSign || c.StartDate != "2026-11-26" || c.EndDate != "2027-11-25" ||
			len(c.Variables) != 2 || c.Variables[0].Value != "甲渠道" || c.Variables[1].Value != "5%" {
			t.Fatalf("received contract %+v", c)
		}
		// its detail names the template, whose text the page shows filled in
		if d, err := f.s.Get(ctx, &f.a.ID, c.ID); err != nil || d.Template == nil || d.Template.ID != f.template || d.Template.FileKey == "" {
			t.Fatalf("detail's template: %+v %v", d.Template, err)
		}
		// another agency receives it too; a disabled template is no longer offered
		if _, err := f.s.Receive(ctx, f.b.ID, f.template); err != nil {
			t.Fatal(err)
		}
		if err := g.Model(&contract.Template{}).Where("id = ?", f.template).Update("enabled", false).Error; err != nil {
			t.Fatal(err)
		}
		ts, _, err := f.s.Templates(ctx, &f.a.ID, contract.TemplateQuery{Limit: 10})
		if err != nil || len(ts) != 0 {
			t.Fatalf("an operator sees a disabled template: %+v %v", ts, err)
		}
		if err := f.s.DeleteTemplates(ctx, []int64{f.template}); !errors.Is(err, contract.ErrTemplateInUse) {
			t.Fatalf("deleting a template in use: %v", err)
		}
	})
}

// TestContractRules: drafts are edited and deleted, signing needs a scan, a signed contract is
// fixed, and it reads as expired (and stops being 即将到期) once its end date has passed.
func TestContractRules(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		ctx := context.Background()
		f := setup(t, g)
		in := contract.Input{Name: "年度合同", AgencyID: f.a.ID, StartDate: "2026-01-01", EndDate: "2026-12-20", Amount: 1_000_00}
		id, err := f.s.Save(ctx, nil, in)
		if err != nil {
			t.Fatal(err)
		}
		bad := in
		bad.EndDate = "2025-12-31"
		if _, err := f.s.Save(ctx, nil, bad); !errors.Is(err, contract.ErrDates) {
			t.Fatalf("end before start: %v", err)
		}
		// an operator of B neither sees nor moves A's contract
		if err := f.s.Move(ctx, &f.b.ID, id, contract.Submit); !errors.Is(err, contract.ErrNotFound) {
			t.Fatalf("B moves A's contract: %v", err)
		}
		if err := f.s.Move(ctx, nil, id, contract.Sign); !errors.Is(err, contract.ErrIllegalMove) {
			t.Fatalf("signing a draft: %v", err)
		}
		if err := f.s.Move(ctx, nil, id, contract.Submit); err != nil {
			t.Fatal(err)
		}
		if err := f.s.Move(ctx, nil, id, contract.Sign); !errors.Is(err, contract.ErrNoScan) {
			t.Fatalf("signing without a scan: %v", err)
		}
		// the list counts the scans, so that it offers 标记已签署 only where Move allows it
		c, _ := f.s.Get(ctx, nil, id)
		if n, err := f.s.ScanCounts(ctx, []contract.Contract{c.Contract}); err != nil || n[id] != 0 {
			t.Fatalf("scans before the upload: %v %v", n, err)
		}
		f.scan(t, g, id)
		if n, err := f.s.ScanCounts(ctx, []contract.Contract{c.Contract}); err != nil || n[id] != 1 {
			t.Fatalf("scans after the upload: %v %v", n, err)
		}
		if err := f.s.Move(ctx, nil, id, contract.Sign); err != nil {
			t.Fatal(err)
		}
		in.ID = id
		if _, err := f.s.Save(ctx, nil, in); !errors.Is(err, contract.ErrIllegalMove) {
			t.Fatalf("editing a signed contract: %v", err)
		}
		if err := f.s.Delete(ctx, nil, []int64{id}); !errors.Is(err, contract.ErrIllegalMove) {
			t.Fatalf("deleting a signed contract: %v", err)
		}
		d, err := f.s.Get(ctx, nil, id)
		if d.Template != nil {
			t.Fatalf("a contract without a template has one: %+v", d.Template)
		}
		if err != nil || !f.s.Expiring(d.Contract) || len(d.Files) != 1 {
			t.Fatalf("ending in 24 days: expiring %v, files %d, %v", f.s.Expiring(d.Contract), len(d.Files), err)
		}
		if n, err := f.s.ExpiringCount(ctx, nil); err != nil || n != 1 {
			t.Fatalf("expiring count %d %v", n, err)
		}
		if n, _ := f.s.ExpiringCount(ctx, &f.b.ID); n != 0 {
			t.Fatalf("B counts A's contract: %d", n)
		}
		f.now = time.Date(2026, 12, 21, 0, 0, 1, 0, time.Local) // the day after the end
		if st := contract.Effective(d.Contract, f.s.Today()); st != contract.Expired || f.s.Expiring(d.Contract) {
			t.Fatalf("after the end: %s, expiring %v", st, f.s.Expiring(d.Contract))
		}
		if cs, n, _ := f.s.List(ctx, contract.Query{Status: contract.Expired, Limit: 10}); n != 1 || cs[0].ID != id {
			t.Fatalf("expired filter: %d", n)
		}
		if _, n, _ := f.s.List(ctx, contract.Query{Status: contract.Signed, Limit: 10}); n != 0 {
			t.Fatalf("an expired contract is listed as signed")
		}
		if err := f.s.Move(ctx, nil, id, contract.Terminate); !errors.Is(err, contract.ErrIllegalMove) {
			t.Fatalf("terminating an expired contract: %v", err)
		}
		// a fresh draft is deleted
		id2, err := f.s.Save(ctx, nil, contract.Input{Name: "草稿", AgencyID: f.b.ID, StartDate: "2026-01-01", EndDate: "2026-02-01"})
		if err != nil {
			t.Fatal(err)
		}
		if err := f.s.Delete(ctx, &f.a.ID, []int64{id2}); !errors.Is(err, contract.ErrNotFound) {
			t.Fatalf("A deletes B's draft: %v", err)
		}
		if err := f.s.Delete(ctx, nil, []int64{id2}); err != nil {
			t.Fatal(err)
		}
	})
}

// TestTemplateSystemDefaults: a default given to a variable the system fills is not kept (the
// dialog shows it as 系统填写; the contract takes the agency's value); the others' are.
func TestTemplateSystemDefaults(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		ctx := context.Background()
		f := setup(t, g)
		tpl, err := f.s.Template(ctx, nil, f.template)
		if err != nil {
			t.Fatal(err)
		}
		id, err := f.s.SaveTemplate(ctx, contract.TemplateInput{ID: tpl.ID, Name: tpl.Name, Version: "v2", FileID: tpl.FileID,
			ValidMonths: 12, Enabled: true, Variables: []contract.Var{{Key: "agencyName", Label: "渠道名称", Value: "某渠道"},
				{Key: "startDate", Label: "开始日期", Value: "2020-01-01"}, {Key: "rate", Label: "佣金", Value: "5%"}}})
		if err != nil {
			t.Fatal(err)
		}
		if tpl, err = f.s.Template(ctx, nil, id); err != nil {
			t.Fatal(err)
		}
		if got := fmt.Sprint(tpl.Variables); got != "[{agencyName 渠道名称 } {startDate 开始日期 } {rate 佣金 5%}]" {
			t.Fatalf("variables = %s", got)
		}
		if !contract.SystemVar("amount") || contract.SystemVar("rate") {
			t.Fatal("SystemVar")
		}
	})
}
