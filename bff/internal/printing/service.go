package printing

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"html/template"
	"slices"
	"time"

	"mallconsole/bff/internal/platform/pdf"
)

// The papers, their sizes and their formats.
const (
	Picking  = "picking"
	Delivery = "delivery"
	A4       = "a4"
	Label    = "label"
	HTML     = "html"
	PDF      = "pdf"
)

var (
	// ErrNotFound: an order asked for does not exist or is not the caller's agency's.
	ErrNotFound = errors.New("printing: no such order")
	// ErrLabelPicking: a picking list lists every SKU of the selection and only fits A4.
	ErrLabelPicking = errors.New("printing: a picking list is A4 only")
)

// Request is what to print: well formed (http.go checks ids, kind, size and format).
type Request struct {
	IDs    []int64
	Kind   string // Picking or Delivery
	Size   string // A4 or Label
	Format string // HTML or PDF
	Scope  *int64 // the caller's agency (agency.Scope); nil: every order
}

// Paper is a printed answer.
type Paper struct {
	ContentType string
	Name        string // the file's name, for a download
	Body        []byte
}

// Settings gives the shop's name (set at /init) for the notes' heading.
type Settings interface {
	Get(ctx context.Context, key string) (string, bool, error)
}

// ShopKey is the setting holding the shop name (initsetup.KeyShopName).
const ShopKey = "shop.name"

// Service prints.
type Service struct {
	store    *Store
	settings Settings
	pdfs     *pdf.Maker
	now      func() time.Time
	pages    *template.Template
}

// NewService prints the orders of store; pdfs may be off (PDFs then fail with pdf.ErrOff).
func NewService(store *Store, settings Settings, pdfs *pdf.Maker, now func() time.Time) *Service {
	return &Service{store: store, settings: settings, pdfs: pdfs, now: now, pages: parsePages()}
}

// Print makes the paper of r. Every order asked for must be found in the caller's scope: a
// selection is printed whole or not at all, so a parcel is never left without its note.
func (s *Service) Print(ctx context.Context, r Request) (Paper, error) {
	if r.Kind == Picking && r.Size == Label {
		return Paper{}, ErrLabelPicking
	}
	if r.Format == PDF && !s.pdfs.Enabled() {
		return Paper{}, pdf.ErrOff
	}
	orders, err := s.store.Orders(ctx, r.Scope, r.IDs)
	if err != nil {
		return Paper{}, err
	}
	if len(orders) != len(distinct(r.IDs)) {
		return Paper{}, ErrNotFound
	}
	shop, _, err := s.settings.Get(ctx, ShopKey)
	if err != nil {
		return Paper{}, err
	}
	if shop == "" {
		shop = "商城"
	}
	doc := document{Shop: shop, Printed: s.now().Format("2006-01-02 15:04:05"), Size: r.Size}
	title := "发货单"
	if r.Kind == Picking {
		title = "拣货单"
		doc.Lines = pickLines(orders)
		doc.Orders = len(orders)
	} else if doc.Notes, err = notes(orders); err != nil {
		return Paper{}, err
	}
	doc.Title = title
	name := fmt.Sprintf("%s-%s", title, s.now().Format("20060102150405"))
	if r.Format == PDF {
		b, err := s.pdf(r.Kind, doc)
		return Paper{ContentType: "application/pdf", Name: name + ".pdf", Body: b}, err
	}
	b, err := s.page(r.Kind, doc)
	return Paper{ContentType: "text/html; charset=utf-8", Name: name + ".html", Body: b}, err
}

func distinct(ids []int64) []int64 {
	out := slices.Clone(ids)
	slices.Sort(out)
	return slices.Compact(out)
}

// PickLine is one line of a picking list: a SKU, the units of it over the selected orders, and
// the orders that have it.
type PickLine struct {
	SkuCode   string
	GoodsName string
	Spec      string
	Units     int64
	OrderNos  []string
}

// pickLines sums the orders' lines by SKU code, sorted by code: there is no warehouse location
// to sort by (docs/decisions.md "Printing"). A line sold before SKUs has no code and is summed
// by goods and spec, after the coded ones.
func pickLines(orders []Order) []PickLine {
	byKey := map[string]*PickLine{}
	var keys []string
	for _, o := range orders {
		for _, it := range o.Items {
			key := "s" + it.SkuCode
			if it.SkuCode == "" {
				key = fmt.Sprintf("g%d|%s", it.GoodsID, it.SpecText)
			}
			l := byKey[key]
			if l == nil {
				l = &PickLine{SkuCode: it.SkuCode, GoodsName: it.GoodsName, Spec: it.SpecText}
				byKey[key] = l
				keys = append(keys, key)
			}
			l.Units += it.Quantity
			if n := len(l.OrderNos); n == 0 || l.OrderNos[n-1] != o.OrderNo {
				l.OrderNos = append(l.OrderNos, o.OrderNo)
			}
		}
	}
	out := make([]PickLine, len(keys))
	for i, k := range keys {
		out[i] = *byKey[k]
	}
	slices.SortStableFunc(out, func(a, b PickLine) int {
		if (a.SkuCode == "") != (b.SkuCode == "") {
			if a.SkuCode == "" {
				return 1
			}
			return -1
		}
		return cmp.Or(cmp.Compare(a.SkuCode, b.SkuCode), cmp.Compare(a.GoodsName, b.GoodsName), cmp.Compare(a.Spec, b.Spec))
	})
	return out
}
