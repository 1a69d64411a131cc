package agency

import (
	"errors"
	"net/http"
	"strings"

	"github.com/labstack/echo/v4"

	"mallconsole/bff/internal/attach"
	"mallconsole/bff/internal/platform/authz"
	"mallconsole/bff/internal/platform/export"
	"mallconsole/bff/internal/platform/filter"
	"mallconsole/bff/internal/platform/httpx"
	"mallconsole/bff/internal/platform/limits"
	"mallconsole/bff/internal/platform/money"
	"mallconsole/bff/internal/platform/perm"
)

// Routes registers 渠道管理 (staff), 我的渠道 (the operator's own agency) and the logo upload.
func (s *Service) Routes(r *authz.Router) {
	r.GET("/api/agencies", authz.Perm(perm.AgencyList), s.handleList).
		Doc(authz.Doc{Summary: "list agencies (渠道管理)", Params: listParams{}, Resp: httpx.List[Row]{}})
	r.GET("/api/agencies/:id", authz.Perm(perm.AgencyList), s.handleLook).
		Doc(authz.Doc{Summary: "one agency with its operators and order figures (/look)", Params: httpx.IDPath{}, Resp: LookRow{}})
	r.POST("/api/agencies", authz.Perm(perm.AgencyAdd), s.handleCreate).
		Doc(authz.Doc{Summary: "create an agency", Body: body{}, Resp: httpx.Created{}, Status: http.StatusCreated})
	r.PUT("/api/agencies", authz.Perm(perm.AgencyEdit), s.handleUpdate).
		Doc(authz.Doc{Summary: "edit an agency (停用 ends its operators' sessions)", Body: body{}})
	r.DELETE("/api/agencies", authz.Perm(perm.AgencyDel), s.handleDelete).
		Doc(authz.Doc{Summary: "delete agencies without operators, orders or goods (409 otherwise)", Body: httpx.IDList{}, Status: http.StatusOK})
	export.Routes(r, "/api/agencies", authz.Perm(perm.AgencyExport), s.exportResource())
	s.operatorRoutes(r)
	s.optionRoutes(r)
	s.mineRoutes(r)
}

// listParams are the list's query parameters (parseQuery).
type listParams struct {
	httpx.PageParams
	httpx.BlurryParams
	httpx.SortParams
	Enabled    string `query:"enabled" enum:"true,false" description:"启用 (true) or 停用 (false)"`
	CertStatus string `query:"certStatus" enum:"none,pending,approved,rejected"`
	StartTime  string `query:"startTime" description:"created from: yyyy-MM-dd HH:mm:ss or yyyy-MM-dd"`
	EndTime    string `query:"endTime" description:"created until (a date alone: the whole day)"`
}

// httpError is the one place where the service's errors become answers; any other error is
// the server's fault (500, logged).
func httpError(err error) error {
	switch {
	case errors.Is(err, ErrNotFound):
		return httpx.NotFound("渠道不存在")
	case errors.Is(err, ErrStaffOnly):
		return httpx.Forbidden("渠道账号不能管理渠道")
	case errors.Is(err, ErrNoAgency):
		return httpx.NotFound("当前账号不属于任何渠道")
	case errors.Is(err, ErrCodeConflict):
		return httpx.Conflict("code", "渠道编码已存在")
	case errors.Is(err, ErrHasOperator):
		return httpx.Conflict("ids", "渠道下还有运营账号，不能删除")
	case errors.Is(err, ErrHasOrders):
		return httpx.Conflict("ids", "渠道已有订单，不能删除")
	case errors.Is(err, ErrHasGoods):
		return httpx.Conflict("ids", "渠道下还有商品，不能删除")
	case errors.Is(err, ErrOperatorNotFound):
		return httpx.NotFound("该渠道没有这个运营账号")
	case errors.Is(err, ErrNameTaken):
		return httpx.Conflict("username", "用户名已存在")
	case errors.Is(err, ErrNameLookFake):
		return httpx.Conflict("username", "用户名与已有用户名仅大小写或写法不同")
	case errors.Is(err, ErrCertStatus):
		return httpx.BadRequest("certStatus", "认证状态无效")
	}
	return err
}

// Row is an agency in answers.
type Row struct {
	ID         int64  `json:"id"`
	Name       string `json:"name"`
	Code       string `json:"code"`
	Contact    string `json:"contact"`
	Phone      string `json:"phone"`
	Region     string `json:"region"`
	Address    string `json:"address"`
	Logo       string `json:"logo"`
	Enabled    bool   `json:"enabled"`
	CertStatus string `json:"certStatus" enum:"none,pending,approved,rejected"`
	CreateTime string `json:"createTime"`
	UpdateTime string `json:"updateTime"`
}

func rowOf(a Agency) Row {
	return Row{ID: a.ID, Name: a.Name, Code: a.Code, Contact: a.Contact, Phone: a.Phone, Region: a.Region,
		Address: a.Address, Logo: a.Logo, Enabled: a.Enabled, CertStatus: a.CertStatus,
		CreateTime: httpx.FormatTime(a.CreateTime), UpdateTime: httpx.FormatTime(a.UpdateTime)}
}

// OperatorRow is an operator account in answers.
type OperatorRow struct {
	ID         int64  `json:"id"`
	Username   string `json:"username"`
	NickName   string `json:"nickName"`
	Phone      string `json:"phone"`
	Enabled    bool   `json:"enabled"`
	CreateTime string `json:"createTime"`
}

func operatorRows(ops []Operator) []OperatorRow {
	out := make([]OperatorRow, len(ops))
	for i, o := range ops {
		out[i] = OperatorRow(o)
	}
	return out
}

// LookRow is the agency at /look: its row, operators and order figures. Contracts come with the
// contract feature (the page leaves their section to it).
type LookRow struct {
	Row
	Operators  []OperatorRow `json:"operators"`
	OrderCount int64         `json:"orderCount"`
	Sales      money.Fen     `json:"sales"`
}

// sortable maps the list's sort fields to columns (a whitelist).
var sortable = map[string]string{"createTime": "create_time", "name": "name", "code": "code"}

// parseQuery reads the list's filters (query parameters, or an export's filters).
func parseQuery(get filter.Get) (Query, error) {
	var q Query
	var err error
	if q.Blurry, err = filter.Blurry(get); err != nil {
		return q, err
	}
	if q.Enabled, err = filter.Bool(get, "enabled"); err != nil {
		return q, err
	}
	if q.CertStatus, err = filter.OneOf(get, "certStatus", CertNone, CertPending, CertApproved, CertRejected); err != nil {
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
	if q.Order, err = httpx.ParseSort(c, sortable, ""); err != nil {
		return err
	}
	q.Offset, q.Limit = page.Offset(), page.Size
	as, n, err := s.List(c.Request().Context(), authz.From(c), q)
	if err != nil {
		return httpError(err)
	}
	rows := make([]Row, len(as))
	for i, a := range as {
		rows[i] = rowOf(a)
	}
	return c.JSON(http.StatusOK, httpx.List[Row]{Content: rows, TotalElements: int(n)})
}

func (s *Service) handleLook(c echo.Context) error {
	id, err := httpx.PathID(c, "id")
	if err != nil {
		return err
	}
	l, err := s.Look(c.Request().Context(), authz.From(c), id)
	if err != nil {
		return httpError(err)
	}
	return c.JSON(http.StatusOK, LookRow{Row: rowOf(l.Agency), Operators: operatorRows(l.Operators),
		OrderCount: l.OrderCount, Sales: l.Sales})
}

// body is the JSON of a create or edit.
type body struct {
	ID      int64  `json:"id,omitempty" description:"the row to edit (PUT)"`
	Name    string `json:"name" maxLength:"128"`
	Code    string `json:"code" maxLength:"64" pattern:"^[A-Za-z0-9_-]+$"`
	Contact string `json:"contact" maxLength:"64"`
	Phone   string `json:"phone" description:"a mainland mobile number"`
	Region  string `json:"region,omitempty" maxLength:"128"`
	Address string `json:"address,omitempty" maxLength:"255"`
	Logo    string `json:"logo,omitempty" description:"the path uploadLogo answered (/api/files/{key})"`
	Enabled *bool  `json:"enabled,omitempty" description:"启用 (default) or 停用"`
}

// Field limits of an agency.
const (
	nameMax    = 128
	codeMax    = 64
	regionMax  = 128
	addressMax = 255
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
	chk.Text("name", &b.Name, nameMax, true)
	chk.Text("code", &b.Code, codeMax, true)
	if b.Code != "" && !validCode(b.Code) {
		chk.Fail("code", "只能包含字母、数字、-和_")
	}
	chk.Text("contact", &b.Contact, limits.NickNameMax, true)
	chk.Text("phone", &b.Phone, limits.PhoneMax, true)
	chk.Phone("phone", &b.Phone)
	chk.Text("region", &b.Region, regionMax, false)
	chk.Text("address", &b.Address, addressMax, false)
	logo(&chk, &b.Logo)
	enabled := b.Enabled == nil || *b.Enabled
	return Input{ID: b.ID, Name: b.Name, Code: b.Code, Contact: b.Contact, Phone: b.Phone, Region: b.Region,
		Address: b.Address, Logo: b.Logo, Enabled: enabled}, chk.Err
}

// validCode: letters, digits, - and _ (a code goes into file names and URLs).
func validCode(code string) bool {
	return strings.IndexFunc(code, func(r rune) bool {
		return (r < 'a' || r > 'z') && (r < 'A' || r > 'Z') && (r < '0' || r > '9') && r != '-' && r != '_'
	}) < 0
}

// logo allows only an uploaded file's read path: the logo is shown in every operator's header,
// so it is never an address outside the console.
func logo(chk *httpx.Check, v *string) {
	chk.Text("logo", v, 512, false)
	if *v != "" && attach.KeyOf(*v) == "" {
		chk.Fail("logo", "请上传图片")
	}
}

func (s *Service) save(c echo.Context, create bool) error {
	in, err := bind(c, create)
	if err != nil {
		return err
	}
	id, err := s.Save(c.Request().Context(), authz.From(c), in)
	if err != nil {
		return httpError(err)
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
	if err := s.Delete(c.Request().Context(), authz.From(c), ids); err != nil {
		return httpError(err)
	}
	return c.NoContent(http.StatusOK)
}
