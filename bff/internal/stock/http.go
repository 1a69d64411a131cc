package stock

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"

	"github.com/labstack/echo/v4"

	"mallconsole/bff/internal/agency"
	"mallconsole/bff/internal/platform/authz"
	"mallconsole/bff/internal/platform/export"
	"mallconsole/bff/internal/platform/filter"
	"mallconsole/bff/internal/platform/httpx"
	"mallconsole/bff/internal/platform/perm"
)

// Routes registers the ledger (库存流水), a person's adjustments and the SKU picker of the
// adjust dialog. A channel operator sees and adjusts only their agency's SKUs.
func (s *Service) Routes(r *authz.Router) {
	r.GET("/api/stock/ledger", authz.Perm(perm.StockList), s.handleList).
		Doc(authz.Doc{Summary: "list stock ledger rows, newest first", Params: listParams{}, Resp: httpx.List[Row]{}})
	r.POST("/api/stock/adjust", authz.Perm(perm.StockAdjust), s.handleAdjust).
		Doc(authz.Doc{Summary: "book a manual change: in, out, or a stocktake's counted figure", Body: adjustBody{}, Resp: Row{}})
	r.GET("/api/stock/skus", authz.Perm(perm.StockList, perm.StockAdjust), s.handleSkus).
		Doc(authz.Doc{Summary: "SKUs by code or goods name, for the adjust dialog", Params: skuParams{}, Resp: []SkuRow{}})
	export.Routes(r, "/api/stock/ledger", authz.Perm(perm.StockExport), s.exportResource())
}

// filterParams are the ledger's filters (parseQuery).
type filterParams struct {
	SkuID     int64  `query:"skuId" minimum:"1"`
	SkuCode   string `query:"skuCode" maxLength:"64" description:"a SKU code (of any seller the caller sees)"`
	Reason    string `query:"reason" enum:"order_reserve,order_release,order_refund,manual_in,manual_out,stocktake,return_restock,opening"`
	OrderNo   string `query:"orderNo" maxLength:"32"`
	Operator  string `query:"operator" maxLength:"64" description:"prefix"`
	StartTime string `query:"startTime" description:"from: yyyy-MM-dd HH:mm:ss or yyyy-MM-dd"`
	EndTime   string `query:"endTime" description:"until (a date alone: the whole day)"`
}

type listParams struct {
	httpx.PageParams
	filterParams
}

type skuParams struct {
	httpx.BlurryParams
}

// adjustBody is a person's change. quantity: units in or out (> 0), or a stocktake's counted
// figure (>= 0).
type adjustBody struct {
	SkuID    int64  `json:"skuId" minimum:"1"`
	Type     string `json:"type" enum:"in,out,stocktake"`
	Quantity *int64 `json:"quantity" minimum:"0" maximum:"1000000000"`
	Reason   string `json:"reason" maxLength:"255" description:"why (required): the ledger row's note"`
}

// maxQuantity bounds one adjustment (as goods bound a stock).
const maxQuantity = 1_000_000_000

// httpError is the one place where the service's errors become answers; any other error is
// the server's fault (500, logged).
func httpError(err error) error {
	var short *ShortError
	switch {
	case errors.Is(err, ErrNoSku):
		return httpx.NotFound("商品规格不存在")
	case errors.As(err, &short):
		return httpx.Conflict("quantity", fmt.Sprintf("库存不足，可用%d", short.Available))
	case errors.Is(err, ErrSameCount):
		return httpx.BadRequest("quantity", "盘点数量与当前库存相同，无需调整")
	case errors.Is(err, ErrOnce):
		return httpx.Conflict("quantity", "该库存变动已记录")
	case errors.Is(err, ErrAdjustType):
		return httpx.BadRequest("type", "必须是in、out、stocktake之一")
	}
	return err
}

// Row is a ledger row in answers.
type Row struct {
	ID         int64  `json:"id"`
	SkuID      int64  `json:"skuId"`
	SkuCode    string `json:"skuCode"`
	Delta      int64  `json:"delta" description:"units in (positive) or out (negative)"`
	Balance    int64  `json:"balance" description:"the SKU's stock right after"`
	Reason     string `json:"reason" enum:"order_reserve,order_release,order_refund,manual_in,manual_out,stocktake,return_restock,opening"`
	OrderNo    string `json:"orderNo"`
	Operator   string `json:"operator"`
	Note       string `json:"note"`
	CreateTime string `json:"createTime"`
}

func rowOf(e Entry) Row {
	return Row{ID: e.ID, SkuID: e.SkuID, SkuCode: e.SkuCode, Delta: e.Delta, Balance: e.Balance, Reason: e.Reason,
		OrderNo: e.OrderNo, Operator: e.Operator, Note: e.Note, CreateTime: httpx.FormatTime(e.CreateTime)}
}

// SkuRow is a SKU in the picker.
type SkuRow struct {
	ID        int64  `json:"id"`
	Code      string `json:"code"`
	GoodsID   int64  `json:"goodsId"`
	GoodsName string `json:"goodsName"`
	SpecText  string `json:"specText" description:"the SKU's spec values, joined by /"`
	Stock     int64  `json:"stock"`
}

// parseQuery reads the ledger's filters (query parameters, or an export's filters).
func parseQuery(get filter.Get) (Query, error) {
	var q Query
	var err error
	if q.SkuID, err = filter.ID(get, "skuId"); err != nil {
		return q, err
	}
	if q.SkuCode, err = filter.Text(get, "skuCode", 64); err != nil {
		return q, err
	}
	if q.Reason, err = filter.OneOf(get, "reason", Reasons...); err != nil {
		return q, err
	}
	if q.OrderNo, err = filter.Text(get, "orderNo", 32); err != nil {
		return q, err
	}
	if q.Operator, err = filter.Text(get, "operator", 64); err != nil {
		return q, err
	}
	q.From, q.To, err = filter.Range(get, "startTime", "endTime")
	return q, err
}

func (s *Service) handleList(c echo.Context) error {
	page, err := httpx.ParsePage(c)
	if err != nil {
		return err
	}
	q, err := parseQuery(c.QueryParam)
	if err != nil {
		return err
	}
	q.Scope, q.Offset, q.Limit = agency.Scope(authz.From(c)), page.Offset(), page.Size
	es, n, err := s.List(c.Request().Context(), q)
	if err != nil {
		return httpError(err)
	}
	rows := make([]Row, len(es))
	for i, e := range es {
		rows[i] = rowOf(e)
	}
	return c.JSON(http.StatusOK, httpx.List[Row]{Content: rows, TotalElements: int(n)})
}

// handleAdjust: POST /api/stock/adjust {skuId, type, quantity, reason} → the ledger row.
func (s *Service) handleAdjust(c echo.Context) error {
	var b adjustBody
	if err := httpx.JSON(c, &b); err != nil {
		return err
	}
	var chk httpx.Check
	chk.Positive("skuId", b.SkuID)
	chk.OneOf("type", b.Type, AdjustIn, AdjustOut, AdjustStocktake)
	switch {
	case b.Quantity == nil:
		chk.FailCode("quantity", httpx.FieldRequired, httpx.ReasonRequired)
	case *b.Quantity > maxQuantity || *b.Quantity < 0:
		chk.FailCode("quantity", httpx.FieldRange, fmt.Sprintf("必须在0到%d之间", maxQuantity))
	case *b.Quantity == 0 && b.Type != AdjustStocktake:
		chk.FailCode("quantity", httpx.FieldRange, "必须大于0")
	}
	chk.Text("reason", &b.Reason, 255, true)
	if chk.Err != nil {
		return chk.Err
	}
	p := authz.From(c)
	e, err := s.Adjust(c.Request().Context(), agency.Scope(p), p.Username,
		AdjustInput{SkuID: b.SkuID, Type: b.Type, Quantity: *b.Quantity, Reason: b.Reason})
	if err != nil {
		return httpError(err)
	}
	return c.JSON(http.StatusOK, rowOf(e))
}

// skuLimit is how many SKUs the picker offers at once: it narrows as the person types.
const skuLimit = 20

// handleSkus: GET /api/stock/skus?blurry= → up to skuLimit SKUs by code or goods name.
func (s *Service) handleSkus(c echo.Context) error {
	blurry, err := httpx.Blurry(c)
	if err != nil {
		return err
	}
	skus, err := s.FindSkus(c.Request().Context(), agency.Scope(authz.From(c)), blurry, skuLimit)
	if err != nil {
		return httpError(err)
	}
	out := make([]SkuRow, len(skus))
	for i, k := range skus {
		out[i] = SkuRow{ID: k.ID, Code: k.Code, GoodsID: k.GoodsID, GoodsName: k.GoodsName, SpecText: specText(k.Specs), Stock: k.Stock}
	}
	return c.JSON(http.StatusOK, out)
}

// specText is a SKU's spec values as the picker shows them ("红 / M"; "" without specs).
func specText(specs string) string {
	var values []string
	if json.Unmarshal([]byte(specs), &values) != nil {
		return ""
	}
	return strings.Join(values, " / ")
}
