package printing_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"regexp"
	"strings"
	"testing"
	"time"

	"gorm.io/gorm"

	"mallconsole/bff/internal/order"
	"mallconsole/bff/internal/platform/dbtest"
	"mallconsole/bff/internal/platform/money"
	"mallconsole/bff/internal/platform/pdf"
	"mallconsole/bff/internal/printing"
)

const cjkFont = pdf.DebianFont

type shopName string

func (s shopName) Get(context.Context, string) (string, bool, error) { return string(s), s != "", nil }

func fonts(t testing.TB) *pdf.Maker {
	t.Helper()
	if _, err := os.Stat(cjkFont); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("CI installs fonts-arphic-gbsn00lp: %v", err)
		}
		t.Skip("fonts-arphic-gbsn00lp is not installed")
	}
	m, err := pdf.NewMaker(cjkFont)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func fixed() time.Time { return time.Date(2026, 11, 28, 10, 0, 0, 0, time.Local) }

// line is an order line: SKU code, name, spec, quantity, unit price in fen.
type line struct {
	sku, name, spec string
	qty             int64
	price           money.Fen
}

// addOrder writes an order with its lines as the order feature keeps them.
func addOrder(t testing.TB, g *gorm.DB, no string, agency *int64, remark string, lines ...line) int64 {
	t.Helper()
	o := order.Order{OrderNo: no, CustomerName: "张三", Phone: "13800001234", Address: "上海市浦东新区世纪大道100号",
		AgencyID: agency, Status: "paid", Remark: remark, Freight: 1000}
	var total money.Fen = 1000
	for _, l := range lines {
		total += l.price * money.Fen(l.qty)
	}
	o.Amount = total
	if err := g.Create(&o).Error; err != nil {
		t.Fatal(err)
	}
	for i, l := range lines {
		it := order.Item{OrderID: o.ID, GoodsID: int64(i + 1), SkuCode: l.sku, SpecText: l.spec, GoodsName: l.name, UnitPrice: l.price, Quantity: l.qty}
		if err := g.Create(&it).Error; err != nil {
			t.Fatal(err)
		}
	}
	return o.ID
}

func html(t *testing.T, s *printing.Service, r printing.Request) string {
	t.Helper()
	if r.Format == "" {
		r.Format = printing.HTML
	}
	if r.Size == "" {
		r.Size = printing.A4
	}
	p, err := s.Print(context.Background(), r)
	if err != nil {
		t.Fatal(err)
	}
	if p.ContentType != "text/html; charset=utf-8" {
		t.Fatalf("content type %q", p.ContentType)
	}
	return string(p.Body)
}

func TestPickingSumsSKUsAcrossOrders(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		a := addOrder(t, g, "P0001", nil, "", line{"SKU-B", "保温杯", "红色 500ml", 2, 4900}, line{"SKU-A", "马克杯", "白色", 1, 2900})
		b := addOrder(t, g, "P0002", nil, "", line{"SKU-B", "保温杯", "红色 500ml", 3, 4900})
		c := addOrder(t, g, "P0003", nil, "", line{"", "旧款茶壶", "", 4, 9900}, line{"SKU-C", "茶叶", "250g", 1, 5000})
		s := printing.NewService(printing.NewStore(g), shopName("测试商城"), nil, fixed)
		page := html(t, s, printing.Request{IDs: []int64{c, a, b}, Kind: printing.Picking})
		rows := regexp.MustCompile(`(?s)<tr><td>(\d+)</td><td>([^<]*)</td><td>([^<]*)</td><td>([^<]*)</td><td class="num">(\d+)</td><td class="orders">([^<]*)</td></tr>`).FindAllStringSubmatch(page, -1)
		var got []string
		for _, r := range rows {
			got = append(got, strings.Join(r[1:], "|"))
		}
		want := []string{
			"1|SKU-A|马克杯|白色|1|P0001",
			"2|SKU-B|保温杯|红色 500ml|5|P0001，P0002",
			"3|SKU-C|茶叶|250g|1|P0003",
			"4|-|旧款茶壶|-|4|P0003", // no SKU: after the coded lines
		}
		if strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Fatalf("picking lines:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
		for _, s := range []string{"订单：3单", "商品：4种", "合计：11件", "测试商城", "@page { size: A4"} {
			if !strings.Contains(page, s) {
				t.Errorf("the picking list lacks %q", s)
			}
		}
		if strings.Contains(strings.ToLower(page), "<script") {
			t.Error("the print view has a script")
		}
	})
}

func TestDeliveryNotes(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		hostile := `</div><script>alert(1)</script><img src=x onerror=alert(2)>"'`
		a := addOrder(t, g, "D20261128001", nil, hostile, line{"SKU-B", "保温杯", "红色", 2, 4900})
		b := addOrder(t, g, "D20261128002", nil, "", line{"SKU-A", "马克杯<b>", "白色", 1, 2900})
		s := printing.NewService(printing.NewStore(g), shopName(""), nil, fixed)
		for _, size := range []string{printing.A4, printing.Label} {
			page := html(t, s, printing.Request{IDs: []int64{a, b}, Kind: printing.Delivery, Size: size})
			if n := strings.Count(page, `<div class="sheet">`); n != 2 {
				t.Fatalf("%s: %d notes, want one an order", size, n)
			}
			if strings.Contains(page, "<script>") || strings.Contains(page, "<img src=x") || strings.Contains(page, "马克杯<b>") {
				t.Fatalf("%s: a remark or a name reached the page unescaped", size)
			}
			if !strings.Contains(page, "&lt;script&gt;alert(1)&lt;/script&gt;") {
				t.Fatalf("%s: the remark is not shown escaped", size)
			}
			// the barcode of each order number, and the full phone (the parcel needs it)
			if n := strings.Count(page, `src="data:image/png;base64,`); n != 2 {
				t.Fatalf("%s: %d barcodes", size, n)
			}
			for _, s := range []string{"D20261128001", "13800001234", "上海市浦东新区世纪大道100号", "98.00", "订单金额：<b>108.00</b>", "商城"} {
				if !strings.Contains(page, s) {
					t.Errorf("%s: the notes lack %q", size, s)
				}
			}
		}
		label := html(t, s, printing.Request{IDs: []int64{a}, Kind: printing.Delivery, Size: printing.Label})
		if !strings.Contains(label, "@page { size: 100mm 150mm") {
			t.Fatal("the label is not 100×150 mm")
		}
	})
}

func TestScopeAndMissingOrders(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, g *gorm.DB) {
		mine, theirs := int64(1), int64(2)
		a := addOrder(t, g, "S0001", &mine, "", line{"SKU-A", "马克杯", "白色", 1, 2900})
		b := addOrder(t, g, "S0002", &theirs, "", line{"SKU-A", "马克杯", "白色", 1, 2900})
		own := addOrder(t, g, "S0003", nil, "", line{"SKU-A", "马克杯", "白色", 1, 2900})
		s := printing.NewService(printing.NewStore(g), shopName("x"), nil, fixed)
		ctx := context.Background()
		for _, ids := range [][]int64{{a, b}, {own}, {a, 999999}} {
			_, err := s.Print(ctx, printing.Request{IDs: ids, Kind: printing.Picking, Size: printing.A4, Format: printing.HTML, Scope: &mine})
			if !errors.Is(err, printing.ErrNotFound) {
				t.Fatalf("operator of agency 1 printing %v: %v, want ErrNotFound", ids, err)
			}
		}
		page := html(t, s, printing.Request{IDs: []int64{a, a}, Kind: printing.Picking, Scope: &mine})
		if !strings.Contains(page, "订单：1单") {
			t.Fatal("an id given twice counts twice")
		}
		// staff: every order
		page = html(t, s, printing.Request{IDs: []int64{a, b, own}, Kind: printing.Picking})
		if !strings.Contains(page, `<td class="num">3</td>`) {
			t.Fatal("staff's picking list does not cover every order")
		}
		if _, err := s.Print(ctx, printing.Request{IDs: []int64{a}, Kind: printing.Picking, Size: printing.Label, Format: printing.HTML}); !errors.Is(err, printing.ErrLabelPicking) {
			t.Fatalf("a picking list on a label: %v", err)
		}
	})
}

func TestPDF(t *testing.T) {
	g := dbtest.Open(t, "sqlite")
	a := addOrder(t, g, "F0001", nil, "请尽快发货", line{"SKU-B", "保温杯", "红色", 2, 4900})
	b := addOrder(t, g, "F0002", nil, "", line{"SKU-B", "保温杯", "红色", 1, 4900})
	ctx := context.Background()
	off, _ := pdf.NewMaker("")
	s := printing.NewService(printing.NewStore(g), shopName("测试商城"), off, fixed)
	if _, err := s.Print(ctx, printing.Request{IDs: []int64{a}, Kind: printing.Delivery, Size: printing.A4, Format: printing.PDF}); !errors.Is(err, pdf.ErrOff) {
		t.Fatalf("a PDF without a font: %v, want pdf.ErrOff", err)
	}
	html(t, s, printing.Request{IDs: []int64{a}, Kind: printing.Delivery}) // the HTML still works
	s = printing.NewService(printing.NewStore(g), shopName("测试商城"), fonts(t), fixed)
	for _, r := range []printing.Request{
		{Kind: printing.Picking, Size: printing.A4}, {Kind: printing.Delivery, Size: printing.A4}, {Kind: printing.Delivery, Size: printing.Label},
	} {
		r.IDs, r.Format = []int64{a, b}, printing.PDF
		p, err := s.Print(ctx, r)
		if err != nil {
			t.Fatal(err)
		}
		if p.ContentType != "application/pdf" || !bytes.HasPrefix(p.Body, []byte("%PDF-")) || !strings.HasSuffix(p.Name, ".pdf") {
			t.Fatalf("%s %s: not a PDF (%s, %s)", r.Kind, r.Size, p.ContentType, p.Name)
		}
		pages := bytes.Count(p.Body, []byte("/Type /Page\n")) + bytes.Count(p.Body, []byte("/Type /Page>"))
		want := map[string]int{printing.Picking: 1, printing.Delivery: 2}[r.Kind]
		if pages != want {
			t.Errorf("%s %s: %d pages, want %d", r.Kind, r.Size, pages, want)
		}
		if r.Kind == printing.Delivery && bytes.Count(p.Body, []byte("/Subtype /Image")) != 2 {
			t.Errorf("%s %s: %d barcode images, want 2", r.Kind, r.Size, bytes.Count(p.Body, []byte("/Subtype /Image")))
		}
	}
}

// seed200 writes n orders of three lines from a pool of 40 SKUs.
func seedOrders(b testing.TB, g *gorm.DB, n int) []int64 {
	ids := make([]int64, n)
	for i := range n {
		ids[i] = addOrder(b, g, fmt.Sprintf("2026112800%04d", i), nil, "放门口，谢谢",
			line{fmt.Sprintf("SKU-%03d", i%40), "不锈钢保温杯大容量", "红色 / 500ml", int64(1 + i%3), 4900},
			line{fmt.Sprintf("SKU-%03d", (i+7)%40), "陶瓷马克杯", "白色", 2, 2900},
			line{fmt.Sprintf("SKU-%03d", (i+13)%40), "明前龙井茶叶礼盒装", "250g", 1, 15800})
	}
	return ids
}

func benchPrint(b *testing.B, backend, kind, format string) {
	g := dbtest.Open(b, backend)
	ids := seedOrders(b, g, 200)
	var fonts *pdf.Maker
	if format == printing.PDF {
		fonts = fontsFor(b)
	}
	s := printing.NewService(printing.NewStore(g), shopName("测试商城"), fonts, fixed)
	r := printing.Request{IDs: ids, Kind: kind, Size: printing.A4, Format: format}
	for b.Loop() {
		p, err := s.Print(context.Background(), r)
		if err != nil {
			b.Fatal(err)
		}
		b.ReportMetric(float64(len(p.Body)), "bytes/paper")
	}
}

func fontsFor(b *testing.B) *pdf.Maker { return fonts(b) }

// 200 selected orders ready to print in ≤ 2 s (issue 31): docs/figures.md.
func BenchmarkPrint200(b *testing.B) {
	backends := []string{"sqlite"}
	if os.Getenv("BFF_TEST_MYSQL_DSN") != "" {
		backends = append(backends, "mysql")
	}
	for _, backend := range backends {
		for _, kind := range []string{printing.Picking, printing.Delivery} {
			for _, format := range []string{printing.HTML, printing.PDF} {
				b.Run(backend+"/"+kind+"/"+format, func(b *testing.B) { benchPrint(b, backend, kind, format) })
			}
		}
	}
}
