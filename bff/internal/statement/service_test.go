package statement_test

import (
	"bytes"
	"compress/zlib"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"
	"gorm.io/gorm"

	"mallconsole/bff/internal/initsetup"
	"mallconsole/bff/internal/job"
	"mallconsole/bff/internal/order"
	"mallconsole/bff/internal/platform/authz"
	"mallconsole/bff/internal/platform/dbtest"
	"mallconsole/bff/internal/platform/money"
	"mallconsole/bff/internal/platform/pdf"
	"mallconsole/bff/internal/report"
	"mallconsole/bff/internal/statement"
)

func noFence(*gorm.DB) error { return nil }

type totals struct {
	sales, refunds, adjustments, net money.Fen
	orders, refundCount              int64
}

func totalsOf(r statement.Row) totals {
	return totals{r.Sales, r.Refunds, r.Adjustments, r.Net, r.OrderCount, r.RefundCount}
}

// only reads the agency's statement of month.
func only(t *testing.T, s *statement.Service, agencyID int64, month string) statement.Detail {
	t.Helper()
	rows, n, err := s.List(context.Background(), nil, statement.Query{Agency: &agencyID, Month: month, Limit: 10})
	if err != nil || n != 1 {
		t.Fatalf("statements of %d %s: %d %v", agencyID, month, n, err)
	}
	d, err := s.Get(context.Background(), nil, rows[0].ID)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// TestStatementReconciles: agency A's November statement is, to the fen, its November orders
// and refunds — a whole-order refund before shipping, a partial after-sales refund, an unpaid
// order left out, B's orders left out — and equals the sales report's figures for A over the
// month; a refund in December of a November sale is December's refund line. The monthly job
// freezes November once (a second run and a fenced run change nothing); later refunds leave it
// as it was; an adjustment changes its totals; a frozen month cannot be made again and a month
// not begun cannot be made at all.
func TestStatementReconciles(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		ctx := context.Background()
		sh := newShop(t, g)
		a := newAgency(t, g, "杭州云栖商贸有限公司", "HZ")
		b := newAgency(t, g, "成都锦程供应链有限公司", "CD")
		s := statement.NewService(statement.NewStore(g), &pdf.Maker{}, cst, sh.clk.now)
		sh.newGoods("X", a, 1000)
		sh.newGoods("Y", b, 3000)
		sh.clk.to("2026-10-31 23:50") // October's
		sh.place(a, 0, "X", 1, order.Pay)
		sh.clk.to("2026-11-03 10:00")
		o1 := sh.place(a, 500, "X", 2, order.Pay) // 2500
		o2 := sh.place(a, 0, "X", 1, order.Pay)   // 1000, refunded whole on 11-05
		sh.place(b, 0, "Y", 1, order.Pay)         // B's
		sh.place(a, 0, "X", 4)                    // unpaid
		sh.clk.to("2026-11-05 09:00")
		sh.place(a, 0, "X", 1) // unpaid too
		if err := sh.orders.Move(ctx, nil, "staff", o2.ID, order.Refund, order.MoveInput{}); err != nil {
			t.Fatal(err)
		}
		sh.clk.to("2026-11-06 09:00")
		partial := sh.refund(o1, 1, 800)
		sh.clk.to("2026-11-30 23:30")
		o3 := sh.place(a, 0, "X", 3, order.Pay, order.Ship) // 3000, refunded in part on 12-02

		// a draft of the running month, then the job on December 1st
		if _, err := s.Generate(ctx, nil, a, "2026-11"); err != nil {
			t.Fatal(err)
		}
		if _, err := s.Generate(ctx, nil, a, "2026-12"); !errors.Is(err, statement.ErrFutureMonth) {
			t.Fatalf("a month not begun: %v", err)
		}
		sh.clk.to("2026-12-01 02:00")
		if n, err := s.Monthly(ctx, func(*gorm.DB) error { return job.ErrFenced }); !errors.Is(err, job.ErrFenced) || n != 0 {
			t.Fatalf("a fenced run: %d %v", n, err)
		}
		if d := only(t, s, a, "2026-11"); d.State != statement.Open {
			t.Fatalf("a fenced run froze the statement: %+v", d.Statement)
		}
		if n, err := s.Monthly(ctx, noFence); err != nil || n != 2 {
			t.Fatalf("the job: %d %v, want both agencies", n, err)
		}
		nov := only(t, s, a, "2026-11")
		want := totals{sales: 6500, refunds: 1800, net: 4700, orders: 3, refundCount: 2}
		if got := totalsOf(nov.Row); got != want || nov.State != statement.Frozen || nov.FrozenAt == nil || nov.AgencyName != "杭州云栖商贸有限公司" {
			t.Fatalf("November: %+v, want %+v", nov.Statement, want)
		}
		var lines []string
		for _, l := range nov.Lines {
			lines = append(lines, fmt.Sprintf("%s %s %s %s %s", l.Kind, l.OrderNo, l.CaseNo, l.Date.In(cst).Format("01-02"), l.Amount))
		}
		wantLines := []string{
			fmt.Sprintf("order %s  11-03 25.00", o1.OrderNo), fmt.Sprintf("order %s  11-03 10.00", o2.OrderNo),
			fmt.Sprintf("refund %s  11-03 10.00", o2.OrderNo), fmt.Sprintf("refund %s %s 11-06 8.00", o1.OrderNo, partial),
			fmt.Sprintf("order %s  11-30 30.00", o3.OrderNo)}
		if strings.Join(lines, "|") != strings.Join(wantLines, "|") {
			t.Fatalf("November's lines:\n%s\nwant\n%s", strings.Join(lines, "\n"), strings.Join(wantLines, "\n"))
		}
		// the sales report's figures for A over the same month (the dashboard's rules)
		rep := report.NewService(g, initsetup.NewStore(g), cst, sh.clk.now)
		if err := rep.Rebuild(ctx); err != nil {
			t.Fatal(err)
		}
		res, err := rep.Sales(ctx, report.Query{Start: "2026-11-01", End: "2026-11-30", By: report.ByAgency, Scope: &a})
		if err != nil {
			t.Fatal(err)
		}
		if money.Fen(res.Total.Sales) != nov.Sales || money.Fen(res.Total.Refunds) != nov.Refunds || money.Fen(res.Total.Net()) != nov.Net {
			t.Fatalf("report %+v, statement %+v", res.Total, nov.Statement)
		}
		if bNov := only(t, s, b, "2026-11"); bNov.Sales != 3000 || bNov.OrderCount != 1 {
			t.Fatalf("B's November: %+v", bNov.Statement)
		}

		// a second run changes nothing
		if n, err := s.Monthly(ctx, noFence); err != nil || n != 0 {
			t.Fatalf("the job again: %d %v", n, err)
		}
		// a refund in December of a November sale: December's, November stays
		sh.clk.to("2026-12-02 10:00")
		late := sh.refund(o3, 1, 1000)
		if _, err := s.Generate(ctx, nil, a, "2026-11"); !errors.Is(err, statement.ErrFrozen) {
			t.Fatalf("a frozen month made again: %v", err)
		}
		if again := only(t, s, a, "2026-11"); totalsOf(again.Row) != want || len(again.Lines) != len(nov.Lines) {
			t.Fatalf("November changed: %+v", again.Statement)
		}
		if _, err := s.Generate(ctx, nil, a, "2026-12"); err != nil {
			t.Fatal(err)
		}
		dec := only(t, s, a, "2026-12")
		if got := totalsOf(dec.Row); got != (totals{refunds: 1000, net: -1000, refundCount: 1}) || dec.State != statement.Open ||
			len(dec.Lines) != 1 || dec.Lines[0].CaseNo != late || dec.Lines[0].OrderNo != o3.OrderNo {
			t.Fatalf("December: %+v %+v", dec.Statement, dec.Lines)
		}

		// an adjustment of the frozen month
		if err := s.Adjust(ctx, &authz.Principal{Username: "admin"}, nov.ID, statement.Adjustment{Amount: -250, Reason: "运费补差"}); err != nil {
			t.Fatal(err)
		}
		adj := only(t, s, a, "2026-11")
		last := adj.Lines[len(adj.Lines)-1]
		if adj.Adjustments != -250 || adj.Net != 4450 || adj.Sales != 6500 || adj.State != statement.Frozen ||
			last.Kind != statement.KindAdjustment || last.Amount != -250 || last.Note != "运费补差" || last.CreateBy != "admin" {
			t.Fatalf("adjusted: %+v, last line %+v", adj.Statement, last)
		}
		if err := s.Adjust(ctx, nil, 9999, statement.Adjustment{Amount: 1, Reason: "x"}); !errors.Is(err, statement.ErrNotFound) {
			t.Fatalf("adjust a missing statement: %v", err)
		}
		if _, err := s.Generate(ctx, nil, 9999, "2026-12"); !errors.Is(err, statement.ErrUnknownAgency) {
			t.Fatalf("an unknown agency: %v", err)
		}
	})
}

// TestOperatorSeesOwnAgency: an operator lists and reads their agency's statements only, and
// can neither make nor adjust one.
func TestOperatorSeesOwnAgency(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		ctx := context.Background()
		sh := newShop(t, g)
		a := newAgency(t, g, "甲", "A")
		b := newAgency(t, g, "乙", "B")
		s := statement.NewService(statement.NewStore(g), &pdf.Maker{}, cst, sh.clk.now)
		idA, err := s.Generate(ctx, nil, a, "2026-11")
		if err != nil {
			t.Fatal(err)
		}
		idB, err := s.Generate(ctx, nil, b, "2026-11")
		if err != nil {
			t.Fatal(err)
		}
		op := &authz.Principal{Kind: authz.KindChannel, AgencyID: &a}
		rows, n, err := s.List(ctx, op, statement.Query{Agency: &b, Limit: 10})
		if err != nil || n != 1 || rows[0].ID != idA {
			t.Fatalf("an operator's list: %d %+v %v", n, rows, err)
		}
		if _, err := s.Get(ctx, op, idB); !errors.Is(err, statement.ErrNotFound) {
			t.Fatalf("B's statement as A: %v", err)
		}
		if _, err := s.Generate(ctx, op, a, "2026-11"); !errors.Is(err, statement.ErrStaffOnly) {
			t.Fatalf("an operator makes a statement: %v", err)
		}
		if err := s.Adjust(ctx, op, idA, statement.Adjustment{Amount: 1, Reason: "x"}); !errors.Is(err, statement.ErrStaffOnly) {
			t.Fatalf("an operator adjusts: %v", err)
		}
	})
}

const cjkFont = pdf.DebianFont

// TestDocuments: the xlsx has a line per row with money as numbers in a two-decimal format and
// a last row 合计; the PDF starts %PDF, embeds the font and maps the agency name's glyphs.
func TestDocuments(t *testing.T) {
	if _, err := os.Stat(cjkFont); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("CI installs fonts-arphic-gbsn00lp: %v", err)
		}
		t.Skip("fonts-arphic-gbsn00lp is not installed")
	}
	maker, err := pdf.NewMaker(cjkFont)
	if err != nil {
		t.Fatal(err)
	}
	d := statement.Detail{Row: statement.Row{AgencyName: "杭州云栖商贸有限公司", Statement: statement.Statement{Month: "2026-11",
		State: statement.Frozen, Sales: 3500, Refunds: 800, Net: 2700, OrderCount: 2, RefundCount: 1}},
		Lines: []statement.Line{{Kind: statement.KindOrder, OrderNo: "NO1", Amount: 2500}, {Kind: statement.KindOrder, OrderNo: "NO2", Amount: 1000},
			{Kind: statement.KindRefund, OrderNo: "NO1", CaseNo: "SH1", Amount: 800, Note: "售后退款"}}}
	var x bytes.Buffer
	if err := statement.XLSX(&x, d); err != nil {
		t.Fatal(err)
	}
	f, err := excelize.OpenReader(&x)
	if err != nil {
		t.Fatal(err)
	}
	rows, _ := f.GetRows("Sheet1", excelize.Options{RawCellValue: true})
	if len(rows) != 8 || rows[0][4] != "金额" || rows[1][4] != "25" || rows[3][0] != "退款" || rows[3][3] != "SH1" || rows[7][0] != "合计" || rows[7][4] != "27" {
		t.Fatalf("sheet %v", rows)
	}
	if shown, _ := f.GetCellValue("Sheet1", "E2"); shown != "25.00" {
		t.Fatalf("E2 shows %q, want 25.00", shown)
	}
	s := statement.NewService(nil, maker, cst, nil)
	var p bytes.Buffer
	if err := s.PDF(context.Background(), &p, d); err != nil {
		t.Fatal(err)
	}
	out := p.Bytes()
	if !bytes.HasPrefix(out, []byte("%PDF-")) || !bytes.Contains(out, []byte("FontFile2")) {
		t.Fatal("not a PDF with an embedded TrueType font")
	}
	// Identity-H with an identity ToUnicode map: the page shows the name as its UTF-16BE code points
	if name := utf16be("杭州云栖商贸有限公司"); !strings.Contains(inflated(out), name) {
		t.Fatal("the page does not show the agency's name")
	}
	off := statement.NewService(nil, &pdf.Maker{}, cst, nil)
	if err := off.PDF(context.Background(), &p, d); !errors.Is(err, pdf.ErrOff) {
		t.Fatalf("without a font: %v", err)
	}
}

func utf16be(s string) string {
	var b strings.Builder
	for _, r := range s {
		b.WriteByte(byte(r >> 8))
		b.WriteByte(byte(r))
	}
	return b.String()
}

// inflated is the PDF's streams, uncompressed where they are.
func inflated(b []byte) string {
	var out strings.Builder
	for {
		i := bytes.Index(b, []byte("stream\n"))
		if i < 0 {
			return out.String()
		}
		b = b[i+len("stream\n"):]
		j := bytes.Index(b, []byte("endstream"))
		if j < 0 {
			return out.String()
		}
		if r, err := zlib.NewReader(bytes.NewReader(b[:j])); err == nil {
			got, _ := io.ReadAll(r)
			out.Write(got)
		} else {
			out.Write(b[:j])
		}
		b = b[j:]
	}
}
