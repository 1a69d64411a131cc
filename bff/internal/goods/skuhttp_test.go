package goods

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/labstack/echo/v4"

	"mallconsole/bff/internal/platform/httpx"
)

// TestSkuBodies: each bad part of a body's specs and SKUs is a 400 naming its field; a body
// without specs and SKUs is the one-SKU item of before; a good body reads as sent.
func TestSkuBodies(t *testing.T) {
	bindBody := func(body string) (Input, error) {
		req := httptest.NewRequest(http.MethodPost, "/api/goods", strings.NewReader(body))
		req.Header.Set(echo.HeaderContentType, echo.MIMEApplicationJSON)
		return bind(echo.New().NewContext(req, httptest.NewRecorder()), true)
	}
	head := `"name":"T恤","code":"TS","category":"clothing",`
	specs := `"specs":[{"name":"颜色","values":["红","白"]}],`
	sku := func(code, color, price, stock string) string {
		return `{"code":"` + code + `","specs":["` + color + `"],"price":` + price + `,"stock":` + stock + `}`
	}
	for body, field := range map[string]string{
		`{` + head + specs + `"skus":[` + sku("A", "红", `"9.90"`, "1") + `]}`:                                                                     "skus",
		`{` + head + specs + `"skus":[` + sku("A", "红", `"9.999"`, "1") + `,` + sku("B", "白", `"1"`, "1") + `]}`:                                  "skus[0].price",
		`{` + head + specs + `"skus":[` + sku("A", "红", `"1"`, "-1") + `,` + sku("B", "白", `"1"`, "1") + `]}`:                                     "skus[0].stock",
		`{` + head + specs + `"skus":[` + sku("A", "红", `"1"`, "1") + `,` + sku("A", "白", `"1"`, "1") + `]}`:                                      "skus[1].code",
		`{` + head + specs + `"skus":[` + sku("A", "红", `"1"`, "1") + `,` + sku("B", "黑", `"1"`, "1") + `]}`:                                      "skus[1].specs",
		`{` + head + specs + `"skus":[` + sku("", "红", `"1"`, "1") + `,` + sku("B", "白", `"1"`, "1") + `]}`:                                       "skus[0].code",
		`{` + head + `"specs":[{"name":"颜色","values":["红","红"]}],"skus":[]}`:                                                                      "specs[0].values",
		`{` + head + `"specs":[{"name":"","values":["红"]}],"skus":[]}`:                                                                            "specs[0].name",
		`{` + head + `"specs":[{"name":"a","values":["1"]},{"name":"b","values":["1"]},{"name":"c","values":["1"]},{"name":"d","values":["1"]}]}`: "specs",
		`{` + head + `"stock":1}`: "price",
		`{` + head + specs + `"skus":[{"code":"A","specs":["红"],"price":"1","stock":1,"lowStock":"x"},` + sku("B", "白", `"1"`, "1") + `]}`: "skus[0].lowStock",
	} {
		_, err := bindBody(body)
		e, ok := err.(*httpx.Error)
		if !ok || e.Status != http.StatusBadRequest || len(e.Fields) == 0 || e.Fields[0].Field != field {
			t.Errorf("%s: %v, want 400 on %s", body, err, field)
		}
	}

	in, err := bindBody(`{` + head + `"price":"12.50","cost":"6","stock":3}`)
	if err != nil || len(in.Skus) != 0 || in.Price != 1250 || in.Stock != 3 || len(in.skus()) != 1 || in.skus()[0].Code != "TS" {
		t.Fatalf("a body of before SKUs: %+v %v", in, err)
	}
	in, err = bindBody(`{` + head + specs + `"skus":[{"id":5,"code":" A ","barcode":"690","specs":["红"],"price":"9.90","cost":"4","stock":"7","lowStock":2,"onSale":false},` +
		sku("B", "白", `12`, "0") + `]}`)
	if err != nil || len(in.Skus) != 2 {
		t.Fatalf("a body with SKUs: %+v %v", in, err)
	}
	if a, b := in.Skus[0], in.Skus[1]; a.ID != 5 || a.Code != "A" || a.Barcode != "690" || a.Price != 990 || a.Cost != 400 ||
		a.Stock != 7 || a.LowStock != 2 || a.OnSale || b.Price != 1200 || b.LowStock != DefaultLowStock || !b.OnSale {
		t.Fatalf("SKUs read as %+v", in.Skus)
	}
}
