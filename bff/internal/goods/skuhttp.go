package goods

import (
	"fmt"
	"strings"

	"github.com/labstack/echo/v4"

	"mallconsole/bff/internal/platform/authz"
	"mallconsole/bff/internal/platform/httpx"
	"mallconsole/bff/internal/platform/money"
)

// skuBody is one SKU of a create or edit. Money and numbers are read as text, as the row's.
type skuBody struct {
	ID       int64      `json:"id,omitempty" description:"an existing SKU of the goods item (PUT); left out: matched by its specs, else new"`
	Code     string     `json:"code" maxLength:"64" description:"unique per seller"`
	Barcode  string     `json:"barcode,omitempty" maxLength:"64"`
	Specs    []string   `json:"specs" description:"one value per spec dimension, in their order; [] without specs"`
	Price    numberText `json:"price"`
	Cost     numberText `json:"cost,omitempty"`
	Stock    numberText `json:"stock" description:"the counted stock: a change is booked as a stocktake"`
	LowStock numberText `json:"lowStock,omitempty" description:"at or under this the SKU is low on stock (库存预警); default 10"`
	OnSale   *bool      `json:"onSale,omitempty" description:"default true"`
}

// SkuRow is a SKU in answers.
type SkuRow struct {
	ID       int64     `json:"id"`
	Code     string    `json:"code"`
	Barcode  string    `json:"barcode"`
	Specs    []string  `json:"specs" description:"one value per spec dimension"`
	Price    money.Fen `json:"price"`
	Cost     money.Fen `json:"cost"`
	Stock    int64     `json:"stock"`
	LowStock int64     `json:"lowStock"`
	OnSale   bool      `json:"onSale"`
}

// Detail is one goods item with its spec dimensions and SKUs (GET /api/goods/{id}).
type Detail struct {
	Row
	Specs []Spec   `json:"specs"`
	Skus  []SkuRow `json:"skus" description:"in the dialog's order"`
}

func detailOf(r Row, specs SpecList, skus []Sku) Detail {
	d := Detail{Row: r, Specs: []Spec(specs), Skus: make([]SkuRow, len(skus))}
	if d.Specs == nil {
		d.Specs = []Spec{}
	}
	for i, k := range skus {
		d.Skus[i] = SkuRow{ID: k.ID, Code: k.Code, Barcode: k.Barcode, Specs: nonNil(k.Specs), Price: k.Price,
			Cost: k.Cost, Stock: k.Stock, LowStock: k.LowStock, OnSale: k.OnSale}
	}
	return d
}

// bindSkus trims and reads the specs and SKUs of a body, naming each bad field (skus[2].price);
// the rules between them are checkMatrix's.
func bindSkus(chk *httpx.Check, specs []Spec, skus []skuBody) ([]Spec, []SkuInput) {
	if len(specs) > MaxSpecs {
		chk.Fail("specs", fmt.Sprintf("最多%d个规格", MaxSpecs))
		return nil, nil
	}
	if len(skus) > MaxSkus {
		chk.Fail("skus", fmt.Sprintf("最多%d个SKU", MaxSkus))
		return nil, nil
	}
	outSpecs := make([]Spec, len(specs))
	for i, sp := range specs {
		vals := make([]string, len(sp.Values))
		for j, v := range sp.Values {
			vals[j] = strings.TrimSpace(v)
		}
		outSpecs[i] = Spec{Name: strings.TrimSpace(sp.Name), Values: vals}
	}
	out := make([]SkuInput, len(skus))
	for i, k := range skus {
		field := func(name string) string { return fmt.Sprintf("skus[%d].%s", i, name) }
		in := SkuInput{ID: k.ID, Code: strings.TrimSpace(k.Code), Barcode: strings.TrimSpace(k.Barcode),
			Specs: make([]string, len(k.Specs)), LowStock: DefaultLowStock, OnSale: true, lowDefault: true}
		if k.ID < 0 {
			chk.Fail(field("id"), "必须是正整数")
		}
		for j, v := range k.Specs {
			in.Specs[j] = strings.TrimSpace(v)
		}
		in.Price = amount(chk, field("price"), k.Price, true)
		in.Cost = amount(chk, field("cost"), k.Cost, false)
		in.Stock = count(chk, field("stock"), k.Stock)
		if strings.TrimSpace(string(k.LowStock)) != "" {
			in.LowStock = count(chk, field("lowStock"), k.LowStock)
			in.lowDefault = false
		}
		if k.OnSale != nil {
			in.OnSale = *k.OnSale
		}
		out[i] = in
	}
	return outSpecs, out
}

// operator is the username the ledger records for a request.
func operator(c echo.Context) string {
	if p := authz.From(c); p != nil {
		return p.Username
	}
	return ""
}
