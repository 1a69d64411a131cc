package cert_test

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"strings"
	"testing"
	"time"

	"gorm.io/gorm"

	"mallconsole/bff/internal/agency"
	"mallconsole/bff/internal/attach"
	"mallconsole/bff/internal/cert"
	"mallconsole/bff/internal/platform/authz"
	"mallconsole/bff/internal/platform/cache"
	"mallconsole/bff/internal/platform/dbtest"
)

// statuses records what the certification told the agencies (the agency feature's cert_status).
type statuses map[int64][]string

func (s statuses) SetCertStatus(_ context.Context, agencyID int64, status string) error {
	s[agencyID] = append(s[agencyID], status)
	return nil
}

func picture(t *testing.T, g *gorm.DB, owner int64, ctype string) int64 {
	t.Helper()
	a := attach.Attachment{Key: time.Now().Format("150405.000000000") + ".png", OriginalName: "p.png", ContentType: ctype,
		Size: 1, OwnerID: owner, CreateTime: time.Now()}
	if err := g.Create(&a).Error; err != nil {
		t.Fatal(err)
	}
	return a.ID
}

func TestReviewStateMachine(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		ctx := context.Background()
		ag, err := agency.NewStore(g, &cache.Generation{}).Ensure(ctx, agency.Agency{Name: "测试渠道", Code: "T1", Enabled: true})
		if err != nil {
			t.Fatal(err)
		}
		disk, err := attach.NewDisk(t.TempDir())
		if err != nil {
			t.Fatal(err)
		}
		marks := statuses{}
		var logged bytes.Buffer
		log := slog.New(slog.NewTextHandler(&logged, nil))
		s := cert.NewService(cert.NewStore(g), cert.Uploads{Attach: attach.New(g, disk, attach.Options{})}, marks, nil, time.Now, log)
		op := &authz.Principal{UserID: 7, Kind: authz.KindChannel, AgencyID: &ag.ID}
		other := &authz.Principal{UserID: 8, Kind: authz.KindChannel, AgencyID: &ag.ID}
		staff := &authz.Principal{UserID: 1, Kind: authz.KindStaff}
		in := cert.Input{CompanyName: "测试公司", CreditCode: "91350100M000100Y43", LegalPerson: "王小明", IDNumber: "110101199003070011",
			IDFront: picture(t, g, 7, "image/png"), IDBack: picture(t, g, 7, "image/png"), License: picture(t, g, 7, "image/jpeg")}

		bad := in
		bad.License = picture(t, g, 7, "application/pdf")
		if _, err := s.Submit(ctx, op, bad); !errors.Is(err, cert.ErrFile) {
			t.Errorf("a PDF as the licence: %v", err)
		}
		if _, err := s.Submit(ctx, other, in); !errors.Is(err, cert.ErrFile) {
			t.Errorf("another operator's uploads: %v", err)
		}
		if _, err := s.Submit(ctx, staff, in); !errors.Is(err, cert.ErrNoAgency) {
			t.Errorf("staff without naming an agency: %v", err)
		}
		id, err := s.Submit(ctx, op, in)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.Submit(ctx, op, in); !errors.Is(err, cert.ErrState) {
			t.Errorf("submitting a pending one again: %v", err)
		}
		if err := s.Audit(ctx, op, id, true, ""); !errors.Is(err, cert.ErrNotFound) {
			t.Errorf("the operator approving their own: %v", err)
		}
		if err := s.Audit(ctx, staff, id, false, " "); !errors.Is(err, cert.ErrNoReason) {
			t.Errorf("rejecting without a reason: %v", err)
		}
		if err := s.Audit(ctx, staff, id, false, "执照模糊"); err != nil {
			t.Fatal(err)
		}
		if err := s.Audit(ctx, staff, id, false, "again"); !errors.Is(err, cert.ErrState) {
			t.Errorf("deciding a rejected one: %v", err)
		}
		c, found, err := s.Mine(ctx, op)
		if err != nil || !found || c.Status != cert.Rejected || c.Reason != "执照模糊" || c.AuditorID == nil || *c.AuditorID != 1 {
			t.Fatalf("after the rejection: %+v %v %v", c, found, err)
		}
		again, err := s.Submit(ctx, op, in)
		if err != nil || again != id {
			t.Fatalf("resubmit: %d %v (want the same row %d)", again, err, id)
		}
		if err := s.Audit(ctx, staff, id, true, "ignored"); err != nil {
			t.Fatal(err)
		}
		c, _, _ = s.Mine(ctx, op)
		if c.Status != cert.Approved || c.Reason != "" {
			t.Fatalf("after approving: %+v", c)
		}
		if _, err := s.Submit(ctx, op, in); !errors.Is(err, cert.ErrState) {
			t.Errorf("submitting an approved one: %v", err)
		}
		if got := marks[ag.ID]; len(got) != 4 || got[0] != "pending" || got[1] != "rejected" || got[2] != "pending" || got[3] != "approved" {
			t.Errorf("agency states told: %v", got)
		}
		if err := s.Audit(ctx, staff, 99999, true, ""); !errors.Is(err, cert.ErrNotFound) {
			t.Errorf("no such certification: %v", err)
		}
		// the list: with the agency's name, found by it, the operator's own agency only
		rows, n, err := s.List(ctx, staff, cert.Query{Blurry: "测试渠道", Status: cert.Approved, Limit: 10})
		if err != nil || n != 1 || len(rows) != 1 || rows[0].AgencyName != "测试渠道" || rows[0].ID != id {
			t.Fatalf("list: %+v %d %v", rows, n, err)
		}
		none := int64(0)
		if rows, n, err := s.List(ctx, &authz.Principal{UserID: 9, Kind: authz.KindChannel, AgencyID: &none}, cert.Query{Limit: 10}); err != nil || n != 0 || len(rows) != 0 {
			t.Fatalf("an operator without an agency lists %d: %v", n, err)
		}
		// the log carries the number masked, never whole
		if !strings.Contains(logged.String(), "1101**********0011") || strings.Contains(logged.String(), in.IDNumber) {
			t.Errorf("the log: %s", logged.String())
		}
	})
}
