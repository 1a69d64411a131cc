package goods

import (
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
	"mallconsole/bff/internal/platform/money"
	"mallconsole/bff/internal/platform/perm"
	"mallconsole/bff/internal/stock"
)

// Routes registers goods. Listing on or off sale in bulk is an edit.
func (s *Service) Routes(r *authz.Router) {
	r.GET("/api/goods", authz.Perm(perm.GoodsList), s.handleList).
		Doc(authz.Doc{Summary: "list goods", Params: listParams{}, Resp: httpx.List[Row]{}})
	r.GET("/api/goods/:id", authz.Perm(perm.GoodsList), s.handleGet).
		Doc(authz.Doc{Summary: "one goods item with its description, specs and SKUs", Params: httpx.IDPath{}, Resp: Detail{}})
	r.POST("/api/goods", authz.Perm(perm.GoodsAdd), s.handleCreate).
		Doc(authz.Doc{Summary: "create goods", Body: body{}, Resp: httpx.Created{}, Status: http.StatusCreated})
	r.PUT("/api/goods", authz.Perm(perm.GoodsEdit), s.handleUpdate).
		Doc(authz.Doc{Summary: "edit goods", Body: body{}})
	r.PUT("/api/goods/status", authz.Perm(perm.GoodsEdit), s.handleStatus).
		Doc(authz.Doc{Summary: "put goods on sale or take them off sale (批量上架/下架)", Body: statusBody{}})
	r.DELETE("/api/goods", authz.Perm(perm.GoodsDel), s.handleDelete).
		Doc(authz.Doc{Summary: "delete goods", Body: httpx.IDList{}, Status: http.StatusOK})
	export.Routes(r, "/api/goods", authz.Perm(perm.GoodsExport), s.exportResource())
}

// listParams are the list's query parameters (parseQuery).
type listParams struct {
	httpx.PageParams
	httpx.BlurryParams
	httpx.SortParams
	Category           string `query:"category" description:"a category's code: the goods of it and of every category below it"`
	Status             string `query:"status" enum:"draft,on_sale,off_sale"`
	AgencyID           int64  `query:"agencyId" minimum:"1"`
	StartTime          string `query:"startTime" description:"created from: yyyy-MM-dd HH:mm:ss or yyyy-MM-dd"`
	EndTime            string `query:"endTime" description:"created until (a date alone: the whole day)"`
	GroundingStartTime string `query:"groundingStartTime" description:"listed (上架) from"`
	GroundingEndTime   string `query:"groundingEndTime" description:"listed (上架) until"`
	LowStock           string `query:"lowStock" enum:"1,0,true,false" description:"1: only goods with an on-sale SKU at or under its low-stock threshold (库存预警)"`
}

// statusBody is the body of 批量上架/下架.
type statusBody struct {
	IDs    []int64 `json:"ids" minItems:"1"`
	Status string  `json:"status" enum:"on_sale,off_sale"`
}

// httpError is the one place where the service's errors become answers; any other error is
// the server's fault (500, logged).
func httpError(err error) error {
	var taken *CodeTakenError
	var skuTaken *SkuCodeTakenError
	var inUse *SkuInUseError
	var invalid *InvalidError
	var short *stock.ShortError
	switch {
	case errors.Is(err, ErrNotFound):
		return httpx.NotFound("商品不存在")
	case errors.As(err, &taken):
		return httpx.Conflict("code", fmt.Sprintf("商品编码 %s 已存在", taken.Code))
	case errors.As(err, &skuTaken):
		return httpx.Conflict("skus", fmt.Sprintf("SKU编码 %s 已存在", skuTaken.Code))
	case errors.As(err, &inUse):
		return httpx.Conflict("skus", fmt.Sprintf("SKU %s 有未发货的订单，不能删除", inUse.Code))
	case errors.As(err, &short):
		// Not expected (an edit's delta is taken against the locked stock), but never a 500.
		return httpx.Conflict("skus", fmt.Sprintf("SKU %s 的库存已变为%d，请刷新后再改", short.Code, short.Available))
	case errors.As(err, &invalid):
		return httpx.BadRequest(invalid.Field, invalid.Reason)
	case errors.Is(err, ErrUnknownSku):
		return httpx.BadRequest("skus", "SKU不属于这个商品")
	case errors.Is(err, ErrCodeConflict):
		return httpx.Conflict("code", "商品编码已存在")
	case errors.Is(err, ErrUnknownCategory):
		return httpx.BadRequest("category", "商品分类不存在")
	case errors.Is(err, ErrCategoryDisabled):
		return httpx.BadRequest("category", "商品分类已停用，请选择其他分类")
	}
	return err
}

// Row is a goods row in answers. A list row expands to its SKUs through GET /api/goods/{id}.
type Row struct {
	ID            int64     `json:"id"`
	Name          string    `json:"name"`
	Code          string    `json:"code"`
	Category      string    `json:"category"`
	Price         money.Fen `json:"price" description:"the lowest SKU price"`
	MaxPrice      money.Fen `json:"maxPrice" description:"the highest SKU price (price to maxPrice: the range)"`
	Cost          money.Fen `json:"cost" description:"the first SKU's cost"`
	Stock         int64     `json:"stock" description:"the SKUs' stock, summed"`
	LowSkus       int64     `json:"lowSkus" description:"on-sale SKUs at or under their low-stock threshold (库存预警)"`
	Status        string    `json:"status"`
	GroundingTime string    `json:"groundingTime"`
	AgencyID      *int64    `json:"agencyId"`
	AgencyName    string    `json:"agencyName" description:"the agency's name; empty for the shop's own goods"`
	MainPicture   string    `json:"mainPicture"`
	Gallery       []string  `json:"gallery"`
	Description   *string   `json:"description,omitempty"` // the detail only: lists stay small
	CreateTime    string    `json:"createTime"`
	UpdateTime    string    `json:"updateTime"`
}

// rowOf is g in answers, its agency named from names (AgencyNames); detail adds the description.
func rowOf(g Goods, names map[int64]string, detail bool) Row {
	r := Row{ID: g.ID, Name: g.Name, Code: g.Code, Category: g.Category, Price: g.Price, MaxPrice: g.MaxPrice,
		Cost: g.Cost, Stock: g.Stock, LowSkus: g.LowSkus, Status: g.Status, AgencyID: g.AgencyID, MainPicture: g.MainPicture, Gallery: g.Gallery,
		CreateTime: httpx.FormatTime(g.CreateTime), UpdateTime: httpx.FormatTime(g.UpdateTime)}
	if g.AgencyID != nil {
		r.AgencyName = names[*g.AgencyID]
	}
	if g.GroundingTime != nil {
		r.GroundingTime = httpx.FormatTime(*g.GroundingTime)
	}
	if r.Gallery == nil {
		r.Gallery = []string{}
	}
	if detail {
		r.Description = &g.Description
	}
	return r
}

// sortable maps the list's sort fields to columns (a whitelist).
var sortable = map[string]string{"price": "price", "stock": "stock", "createTime": "create_time",
	"groundingTime": "grounding_time"}

// parseQuery reads the list's filters (query parameters, or an export's filters): blurry (name
// or code), category, status, agencyId, startTime/endTime (creation) and
// groundingStartTime/groundingEndTime (listing), the DataTable's createDate and createDate1.
func parseQuery(get filter.Get) (Query, error) {
	var q Query
	var err error
	if q.Blurry, err = filter.Text(get, "blurry", 64); err != nil {
		return q, err
	}
	if q.Category, err = filter.Text(get, "category", 64); err != nil {
		return q, err
	}
	if q.Status, err = filter.OneOf(get, "status", Draft, OnSale, OffSale); err != nil {
		return q, err
	}
	if q.AgencyID, err = filter.ID(get, "agencyId"); err != nil {
		return q, err
	}
	if q.From, q.To, err = filter.Range(get, "startTime", "endTime"); err != nil {
		return q, err
	}
	if q.GroundingFrom, q.GroundingTo, err = filter.Range(get, "groundingStartTime", "groundingEndTime"); err != nil {
		return q, err
	}
	q.LowStock, err = filter.Flag(get, "lowStock")
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
	if q.Order, err = httpx.ParseSort(c, sortable, ""); err != nil {
		return err
	}
	q.Scope, q.Offset, q.Limit = agency.Scope(authz.From(c)), page.Offset(), page.Size
	gs, n, err := s.List(c.Request().Context(), q)
	if err != nil {
		return httpError(err)
	}
	names, err := s.AgencyNames(c.Request().Context(), gs)
	if err != nil {
		return err
	}
	rows := make([]Row, len(gs))
	for i, g := range gs {
		rows[i] = rowOf(g, names, false)
	}
	return c.JSON(http.StatusOK, httpx.List[Row]{Content: rows, TotalElements: int(n)})
}

// handleGet: one row with its description, specs and SKUs (the detail at /look, the edit
// dialog, a list row expanded).
func (s *Service) handleGet(c echo.Context) error {
	id, err := httpx.PathID(c, "id")
	if err != nil {
		return err
	}
	g, skus, err := s.Detail(c.Request().Context(), agency.Scope(authz.From(c)), id)
	if err != nil {
		return httpError(err)
	}
	names, err := s.AgencyNames(c.Request().Context(), []Goods{g})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, detailOf(rowOf(g, names, true), g.Specs, skus))
}

// body is the JSON of a create or edit. Money comes as yuan text or a JSON number and the stock
// as a number; both are read as text. Price, cost and stock are the one SKU of goods without
// specs when skus is left out (clients written before SKUs).
type body struct {
	ID          int64      `json:"id,omitempty" description:"the row to edit (PUT)"`
	Name        string     `json:"name" maxLength:"128"`
	Code        string     `json:"code" maxLength:"64"`
	Category    string     `json:"category" description:"the code of an enabled category (商品分类)"`
	Specs       []Spec     `json:"specs,omitempty" maxItems:"3" description:"spec dimensions with their values; none: one SKU"`
	Skus        []skuBody  `json:"skus,omitempty" maxItems:"200" description:"one per combination of the specs' values"`
	Price       numberText `json:"price,omitempty" description:"without skus: the one SKU's price"`
	Cost        numberText `json:"cost,omitempty"`
	Stock       numberText `json:"stock,omitempty" description:"without skus: the one SKU's stock"`
	Status      string     `json:"status,omitempty" enum:"draft,on_sale,off_sale"`
	AgencyID    *int64     `json:"agencyId,omitempty"`
	MainPicture string     `json:"mainPicture,omitempty"`
	Gallery     []string   `json:"gallery,omitempty" maxItems:"9"`
	Description string     `json:"description,omitempty" description:"HTML, cleaned"`
}

// Limits of a row's fields.
const (
	maxGallery     = 9
	maxPictureURL  = 512
	maxDescription = 20000
	maxStock       = 1_000_000_000
)

func bind(c echo.Context, create bool) (Input, error) {
	var b body
	if err := httpx.JSON(c, &b); err != nil {
		return Input{}, err
	}
	var chk httpx.Check
	if create {
		b.ID = 0
	} else {
		chk.Positive("id", b.ID)
	}
	chk.Text("name", &b.Name, 128, true)
	chk.Text("code", &b.Code, 64, true)
	chk.Text("category", &b.Category, 64, true)
	in := Input{ID: b.ID, Name: b.Name, Code: b.Code, Category: b.Category}
	if len(b.Specs) == 0 && len(b.Skus) == 0 {
		in.Price = amount(&chk, "price", b.Price, true)
		in.Cost = amount(&chk, "cost", b.Cost, false)
		in.Stock = count(&chk, "stock", b.Stock)
	}
	in.Specs, in.Skus = bindSkus(&chk, b.Specs, b.Skus)
	if b.Status == "" {
		b.Status = Draft
	}
	chk.OneOf("status", b.Status, Draft, OnSale, OffSale)
	if b.AgencyID != nil && *b.AgencyID <= 0 {
		chk.Fail("agencyId", "必须是正整数")
	}
	picture(&chk, "mainPicture", &b.MainPicture)
	if len(b.Gallery) > maxGallery {
		chk.Fail("gallery", fmt.Sprintf("最多%d张图片", maxGallery))
	}
	for i := range b.Gallery {
		picture(&chk, "gallery", &b.Gallery[i])
		if b.Gallery[i] == "" {
			chk.Fail("gallery", "图片地址不能为空")
		}
	}
	if len([]rune(b.Description)) > maxDescription {
		chk.Fail("description", fmt.Sprintf("%s（最多%d个字符）", httpx.ReasonTooLong, maxDescription))
	}
	if chk.Err == nil && (len(in.Specs) > 0 || len(in.Skus) > 0) {
		if bad := checkMatrix(in.Specs, in.Skus); bad != nil {
			chk.Fail(bad.Field, bad.Reason)
		}
	}
	in.Status, in.AgencyID, in.MainPicture, in.Gallery = b.Status, b.AgencyID, b.MainPicture, b.Gallery
	in.Description = b.Description
	return in, chk.Err
}

// picture allows an uploaded file's path or an http(s) URL: nothing a browser would run.
func picture(chk *httpx.Check, field string, v *string) {
	chk.Text(field, v, maxPictureURL, false)
	if *v != "" && !strings.HasPrefix(*v, "/") && !strings.HasPrefix(*v, "https://") && !strings.HasPrefix(*v, "http://") {
		chk.Fail(field, "图片地址必须以/、http://或https://开头")
	}
}

func (s *Service) save(c echo.Context, create bool) error {
	in, err := bind(c, create)
	if err != nil {
		return err
	}
	in.Operator = operator(c)
	id, seen, err := s.write(c.Request().Context(), agency.Scope(authz.From(c)), in)
	if err != nil {
		return httpError(err)
	}
	if !create {
		s.noteChanges(c, seen)
	}
	return httpx.Saved(c, create, id)
}

func (s *Service) handleCreate(c echo.Context) error { return s.save(c, true) }
func (s *Service) handleUpdate(c echo.Context) error { return s.save(c, false) }

func (s *Service) handleDelete(c echo.Context) error {
	ids, err := httpx.IDs(c)
	if err != nil {
		return err
	}
	if err := s.Delete(c.Request().Context(), agency.Scope(authz.From(c)), ids, operator(c)); err != nil {
		return httpError(err)
	}
	return c.NoContent(http.StatusOK)
}

// handleStatus: PUT /api/goods/status {ids, status: on_sale|off_sale} (批量上架/下架) → 204.
func (s *Service) handleStatus(c echo.Context) error {
	var b statusBody
	if err := httpx.JSON(c, &b); err != nil {
		return err
	}
	if err := httpx.CheckIDs("ids", b.IDs); err != nil {
		return err
	}
	var chk httpx.Check
	chk.OneOf("status", b.Status, OnSale, OffSale)
	if chk.Err != nil {
		return chk.Err
	}
	if err := s.SetStatus(c.Request().Context(), agency.Scope(authz.From(c)), b.IDs, b.Status); err != nil {
		return httpError(err)
	}
	return c.NoContent(http.StatusNoContent)
}
