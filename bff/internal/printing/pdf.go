package printing

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"

	"github.com/go-pdf/fpdf"

	"mallconsole/bff/internal/platform/pdf"
)

// table draws rows of cells that wrap, repeating its head on each new page.
type table struct {
	d      *fpdf.Fpdf
	widths []float64
	aligns string // one letter a column: L or R
	head   []string
	line   float64 // the height of a text line, mm
	bottom float64 // the lowest y a row may reach
}

func (t *table) header() {
	t.d.SetFillColor(235, 235, 235)
	t.row(t.head, true)
}

func (t *table) row(cells []string, fill bool) {
	lines := make([][]string, len(cells))
	n := 1
	for i, c := range cells {
		lines[i] = t.d.SplitText(c, t.widths[i]-2)
		n = max(n, len(lines[i]))
	}
	h := float64(n)*t.line + 1
	if !fill && t.d.GetY()+h > t.bottom {
		t.d.AddPage()
		t.header()
	}
	x, y := t.d.GetX(), t.d.GetY()
	for i := range cells {
		t.d.Rect(x, y, t.widths[i], h, map[bool]string{true: "FD", false: "D"}[fill])
		for j, l := range lines[i] {
			t.d.SetXY(x+1, y+0.5+float64(j)*t.line)
			t.d.CellFormat(t.widths[i]-2, t.line, l, "", 0, t.aligns[i:i+1]+"M", false, 0, "")
		}
		x += t.widths[i]
	}
	l, _, _, _ := t.d.GetMargins()
	t.d.SetXY(l, y+h)
}

func (s *Service) pdf(kind string, doc document) ([]byte, error) {
	size := pdf.A4
	if doc.Size == Label {
		size = pdf.Label
	}
	d, err := s.pdfs.New("P", size)
	if err != nil {
		return nil, err
	}
	if doc.Size == Label {
		d.SetMargins(4, 4, 4)
		d.SetAutoPageBreak(false, 4)
	} else {
		d.SetMargins(12, 12, 12)
		d.SetAutoPageBreak(false, 12)
	}
	if kind == Picking {
		pickingPDF(d, doc)
	} else {
		for i, n := range doc.Notes {
			notePDF(d, doc, n, i)
		}
	}
	var buf bytes.Buffer
	if err := d.Output(&buf); err != nil {
		return nil, fmt.Errorf("pdf: %w", err)
	}
	return buf.Bytes(), nil
}

func title(d *fpdf.Fpdf, doc document, size float64) {
	d.SetFont(pdf.Family, "", size)
	w, _ := d.GetPageSize()
	l, _, r, _ := d.GetMargins()
	d.CellFormat(w-l-r, size*0.5, doc.Title, "", 1, "CM", false, 0, "")
}

func pickingPDF(d *fpdf.Fpdf, doc document) {
	d.AddPage()
	title(d, doc, 18)
	d.SetFont(pdf.Family, "", 9)
	d.CellFormat(0, 6, fmt.Sprintf("%s　订单：%d单　商品：%d种　合计：%d件　打印时间：%s",
		doc.Shop, doc.Orders, len(doc.Lines), doc.Units(), doc.Printed), "", 1, "LM", false, 0, "")
	t := &table{d: d, widths: []float64{9, 30, 46, 28, 14, 59}, aligns: "LLLLRL", line: 4.2, bottom: 297 - 12,
		head: []string{"序号", "SKU编码", "商品名称", "规格", "数量", "订单号"}}
	t.header()
	for i, l := range doc.Lines {
		t.row([]string{strconv.Itoa(i + 1), or(l.SkuCode, "-"), l.GoodsName, or(l.Spec, "-"),
			strconv.FormatInt(l.Units, 10), strings.Join(l.OrderNos, "，")}, false)
	}
}

func notePDF(d *fpdf.Fpdf, doc document, n note, i int) {
	label := doc.Size == Label
	d.AddPage()
	pw, ph := d.GetPageSize()
	l, _, r, _ := d.GetMargins()
	width := pw - l - r
	title(d, doc, map[bool]float64{true: 13, false: 18}[label])
	font := map[bool]float64{true: 7.5, false: 9}[label]
	d.SetFont(pdf.Family, "", font)
	d.CellFormat(width/2, 5, doc.Shop, "", 0, "LM", false, 0, "")
	d.CellFormat(width/2, 5, "下单时间："+n.CreateTime.Format("2006-01-02 15:04:05"), "", 1, "RM", false, 0, "")
	name := "bc" + strconv.Itoa(i)
	d.RegisterImageOptionsReader(name, fpdf.ImageOptions{ImageType: "PNG"}, bytes.NewReader(n.Barcode))
	bw, bh := map[bool]float64{true: 80, false: 70}[label], map[bool]float64{true: 13, false: 16}[label]
	d.ImageOptions(name, l+(width-bw)/2, d.GetY()+1, bw, bh, false, fpdf.ImageOptions{ImageType: "PNG"}, 0, "")
	d.SetY(d.GetY() + bh + 1.5)
	d.CellFormat(width, 4.5, n.OrderNo, "", 1, "CM", false, 0, "")
	info := &table{d: d, widths: []float64{width * 0.18, width * 0.32, width * 0.18, width * 0.32}, aligns: "LLLL", line: font * 0.45, bottom: ph - 4}
	info.row([]string{"收货人", n.CustomerName, "电话", n.Phone}, false)
	info.widths = []float64{width * 0.18, width * 0.82}
	info.row([]string{"地址", n.Address}, false)
	d.SetY(d.GetY() + 2)
	items := &table{d: d, aligns: "LLLRRR", line: font * 0.45, bottom: ph - l - 12,
		widths: []float64{30, width - 30 - 32 - 14 - 22 - 24, 32, 14, 22, 24},
		head:   []string{"SKU编码", "商品名称", "规格", "数量", "单价", "金额"}}
	if label {
		items.aligns = "LLRR"
		items.widths = []float64{20, width - 20 - 9 - 16, 9, 16}
		items.head = []string{"SKU", "商品 / 规格", "数量", "金额"}
	}
	items.header()
	for _, it := range n.Lines {
		if label {
			spec := it.GoodsName
			if it.SpecText != "" {
				spec += " / " + it.SpecText
			}
			items.row([]string{or(it.SkuCode, "-"), spec, strconv.FormatInt(it.Quantity, 10), it.Amount.String()}, false)
			continue
		}
		items.row([]string{or(it.SkuCode, "-"), it.GoodsName, or(it.SpecText, "-"), strconv.FormatInt(it.Quantity, 10),
			it.UnitPrice.String(), it.Amount.String()}, false)
	}
	d.SetY(d.GetY() + 1.5)
	d.CellFormat(width, 5, fmt.Sprintf("商品合计：%s　运费：%s　订单金额：%s", n.Goods, n.Freight, n.Amount), "", 1, "RM", false, 0, "")
	if n.Remark != "" {
		d.MultiCell(width, font*0.45, "备注："+n.Remark, "", "L", false)
	}
}

func or(s, instead string) string {
	if s == "" {
		return instead
	}
	return s
}
