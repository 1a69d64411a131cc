package contract

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"regexp"
	"time"

	"github.com/labstack/echo/v4"

	"mallconsole/bff/internal/agency"
	"mallconsole/bff/internal/attach"
	"mallconsole/bff/internal/platform/authz"
	"mallconsole/bff/internal/platform/export"
	"mallconsole/bff/internal/platform/filter"
	"mallconsole/bff/internal/platform/httpx"
	"mallconsole/bff/internal/platform/money"
	"mallconsole/bff/internal/platform/perm"
)

// Routes registers contracts and templates.
func (s *Service) Routes(r *authz.Router) {
	r.GET("/api/contracts", authz.Perm(perm.ContractList), s.handleList).
		Doc(authz.Doc{Summary: "list contracts", Params: listParams{}, Resp: httpx.List[Row]{}})
	r.GET("/api/contracts/:id", authz.Perm(perm.ContractList), s.handleGet).
		Doc(authz.Doc{Summary: "one contract with its variables and attachments", Params: httpx.IDPath{}, Resp: DetailRow{}})
	r.POST("/api/contracts", authz.Perm(perm.ContractAdd), s.handleCreate).
		Doc(authz.Doc{Summary: "create a draft contract", Body: body{}, Resp: httpx.Created{}, Status: http.StatusCreated})
	r.PUT("/api/contracts", authz.Perm(perm.ContractEdit), s.handleUpdate).
		Doc(authz.Doc{Summary: "edit a contract until it is signed", Body: body{}})
	r.DELETE("/api/contracts", authz.Perm(perm.ContractDel), s.handleDelete).
		Doc(authz.Doc{Summary: "delete draft contracts", Body: httpx.IDList{}, Status: http.StatusOK})
	for _, m := range []struct{ action, summary string }{
		{Submit, "submit for signing (提交签署): draft → pending_sign"},
		{Sign, "mark signed (标记已签署): pending_sign → signed, a scan attached"},
		{Terminate, "terminate (终止): pending_sign or signed → terminated"},
	} {
		r.PUT("/api/contracts/:id/"+m.action, authz.Perm(perm.ContractEdit), s.handleMove(m.action)).
			Doc(authz.Doc{Summary: m.summary, Params: httpx.IDPath{}})
	}
	export.Routes(r, "/api/contracts", authz.Perm(perm.ContractExport), s.exportResource())
	s.templateRoutes(r)
}

type listParams struct {
	httpx.PageParams
	httpx.SortParams
	ContractNo string `query:"contractNo" maxLength:"32" description:"prefix"`
	AgencyID   int64  `query:"agencyId" minimum:"1"`
	Status     string `query:"status" enum:"draft,pending_sign,signed,expired,terminated"`
	StartTime  string `query:"startTime" description:"the term ends on or after this date (yyyy-MM-dd)"`
	EndTime    string `query:"endTime" description:"the term starts on or before this date"`
	Expiring   string `query:"expiring" enum:"1,0,true,false" description:"1: signed contracts ending within 30 days (即将到期)"`
}

// httpError is the one place where the service's errors become answers.
func httpError(err error) error {
	var move *MoveError
	switch {
	case errors.Is(err, ErrNotFound):
		return httpx.NotFound("合同不存在")
	case errors.Is(err, ErrTemplateNotFound):
		return httpx.NotFound("合同模板不存在")
	case errors.As(err, &move):
		to := StatusLabels[move.To]
		if to == "" {
			to = map[string]string{"edited": "修改", "deleted": "删除"}[move.To]
			return httpx.Conflict("status", fmt.Sprintf("合同状态为%s，不能%s", StatusLabels[move.From], to))
		}
		return httpx.Conflict("status", fmt.Sprintf("合同状态为%s，不能变为%s", StatusLabels[move.From], to))
	case errors.Is(err, ErrIllegalMove):
		return httpx.Conflict("status", "合同当前状态不允许此操作")
	case errors.Is(err, ErrTemplateInUse):
		return httpx.Conflict("ids", "已有合同使用该模板，不能删除")
	case errors.Is(err, ErrAlreadyReceived):
		return httpx.Conflict("templateId", "该模板已领取，不能重复领取")
	case errors.Is(err, ErrNotOffered):
		return httpx.Conflict("templateId", "该模板未发布或已停用")
	case errors.Is(err, ErrNoConflict):
		return httpx.Conflict("contractNo", "合同编号冲突，请重试")
	case errors.Is(err, ErrUnknownAgency):
		return httpx.BadRequest("agencyId", "渠道不存在")
	case errors.Is(err, ErrFile):
		return httpx.BadRequest("fileId", "请上传PDF格式的合同模板文件")
	case errors.Is(err, ErrNoScan):
		return httpx.Conflict("files", "请先上传已签署的合同扫描件")
	case errors.Is(err, ErrDates):
		return httpx.BadRequest("endDate", "结束日期不能早于开始日期")
	}
	return err
}

// Row is a contract in the list.
type Row struct {
	ID         int64     `json:"id"`
	ContractNo string    `json:"contractNo"`
	Name       string    `json:"name"`
	AgencyID   int64     `json:"agencyId"`
	AgencyName string    `json:"agencyName"`
	TemplateID *int64    `json:"templateId"`
	StartDate  string    `json:"startDate"`
	EndDate    string    `json:"endDate"`
	Amount     money.Fen `json:"amount"`
	Status     string    `json:"status" enum:"draft,pending_sign,signed,expired,terminated" description:"effective: a signed contract past its end date is expired"`
	Expiring   bool      `json:"expiring" description:"signed and ending within 30 days (即将到期)"`
	SignTime   string    `json:"signTime"`
	Remark     string    `json:"remark"`
	CreateTime string    `json:"createTime"`
	Scans      int       `json:"scans" description:"signed scans attached: 标记已签署 needs one"`
}

// DetailRow is a contract with its variables and attachments.
type DetailRow struct {
	Row
	Variables []Var             `json:"variables"`
	Files     []attach.Uploaded `json:"files"`
	// TemplateFileURL: the template's PDF, whose text the detail shows with the variables filled in
	TemplateFileURL string `json:"templateFileUrl" description:"the template's PDF (read); empty without a template"`
}

func (s *Service) rowOf(c Contract, names map[int64]string) Row {
	r := Row{ID: c.ID, ContractNo: c.ContractNo, Name: c.Name, AgencyID: c.AgencyID, AgencyName: names[c.AgencyID],
		TemplateID: c.TemplateID, StartDate: c.StartDate, EndDate: c.EndDate, Amount: c.Amount,
		Status: Effective(c, s.Today()), Expiring: s.Expiring(c), Remark: c.Remark, CreateTime: httpx.FormatTime(c.CreateTime)}
	if c.SignTime != nil {
		r.SignTime = httpx.FormatTime(*c.SignTime)
	}
	return r
}

var sortable = map[string]string{"createTime": "create_time", "endDate": "end_date", "startDate": "start_date",
	"amount": "amount"}

var numberish = regexp.MustCompile(`^[0-9A-Za-z-]*$`)

// parseQuery reads the filters (query parameters or an export's): contractNo (prefix),
// agencyId, status, startTime/endTime (the term overlaps), expiring.
func parseQuery(get filter.Get) (Query, error) {
	var q Query
	var err error
	if q.ContractNo, err = filter.Text(get, "contractNo", 32); err != nil {
		return q, err
	}
	if !numberish.MatchString(q.ContractNo) {
		return q, httpx.BadRequest("contractNo", "只能包含字母、数字和-")
	}
	if q.AgencyID, err = filter.ID(get, "agencyId"); err != nil {
		return q, err
	}
	if q.Status, err = filter.OneOf(get, "status", Statuses...); err != nil {
		return q, err
	}
	from, to, err := filter.Range(get, "startTime", "endTime")
	if err != nil {
		return q, err
	}
	if from != nil {
		q.From = from.In(time.Local).Format(time.DateOnly)
	}
	if to != nil {
		q.To = to.In(time.Local).Format(time.DateOnly)
	}
	q.Expiring, err = filter.Flag(get, "expiring")
	return q, err
}

func (s *Service) names(c echo.Context, cs []Contract) (map[int64]string, error) {
	ids := make([]int64, 0, len(cs))
	for _, x := range cs {
		ids = append(ids, x.AgencyID)
	}
	return s.AgencyNames(c.Request().Context(), ids)
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
	cs, n, err := s.List(c.Request().Context(), q)
	if err != nil {
		return httpError(err)
	}
	names, err := s.names(c, cs)
	if err != nil {
		return err
	}
	scans, err := s.ScanCounts(c.Request().Context(), cs)
	if err != nil {
		return err
	}
	rows := make([]Row, len(cs))
	for i, x := range cs {
		rows[i] = s.rowOf(x, names)
		rows[i].Scans = scans[x.ID]
	}
	return c.JSON(http.StatusOK, httpx.List[Row]{Content: rows, TotalElements: int(n)})
}

func (s *Service) handleGet(c echo.Context) error {
	id, err := httpx.PathID(c, "id")
	if err != nil {
		return err
	}
	d, err := s.Get(c.Request().Context(), agency.Scope(authz.From(c)), id)
	if err != nil {
		return httpError(err)
	}
	out := DetailRow{Row: s.rowOf(d.Contract, map[int64]string{d.AgencyID: d.AgencyName}), Variables: d.Variables,
		Files: make([]attach.Uploaded, len(d.Files))}
	if out.Variables == nil {
		out.Variables = []Var{}
	}
	for i, f := range d.Files {
		out.Files[i] = attach.Answer(f)
	}
	out.Scans = len(d.Files)
	if d.Template != nil && d.Template.FileKey != "" {
		out.TemplateFileURL = templateRow(*d.Template, false).FileURL
	}
	return c.JSON(http.StatusOK, out)
}

// body is a contract as the form sends it. The amount is yuan text or a JSON number, read as text.
type body struct {
	ID         int64       `json:"id,omitempty" description:"the row to edit (PUT)"`
	Name       string      `json:"name" maxLength:"128"`
	AgencyID   int64       `json:"agencyId" description:"ignored for an operator: their agency"`
	TemplateID *int64      `json:"templateId,omitempty"`
	StartDate  string      `json:"startDate" description:"yyyy-MM-dd"`
	EndDate    string      `json:"endDate" description:"yyyy-MM-dd"`
	Amount     json.Number `json:"amount" description:"yuan, at most two decimals"`
	Remark     string      `json:"remark,omitempty" maxLength:"255"`
}

func checkDate(chk *httpx.Check, field string, v *string) {
	chk.Text(field, v, 10, true)
	if *v != "" {
		if _, err := time.Parse(time.DateOnly, *v); err != nil {
			chk.Fail(field, "日期格式应为yyyy-MM-dd")
		}
	}
}

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
	if authz.From(c).Kind != authz.KindChannel {
		chk.Positive("agencyId", b.AgencyID)
	}
	if b.TemplateID != nil && *b.TemplateID <= 0 {
		chk.Fail("templateId", "必须是正整数")
	}
	checkDate(&chk, "startDate", &b.StartDate)
	checkDate(&chk, "endDate", &b.EndDate)
	amount, err := money.Parse(b.Amount.String())
	if b.Amount == "" {
		amount, err = 0, nil
	}
	if err != nil || amount < 0 {
		chk.Fail("amount", "必须是不小于0的金额，最多两位小数")
	}
	chk.Text("remark", &b.Remark, 255, false)
	return Input{ID: b.ID, Name: b.Name, AgencyID: b.AgencyID, TemplateID: b.TemplateID, StartDate: b.StartDate,
		EndDate: b.EndDate, Amount: amount, Remark: b.Remark}, chk.Err
}

func (s *Service) save(c echo.Context, create bool) error {
	in, err := bind(c, create)
	if err != nil {
		return err
	}
	id, err := s.Save(c.Request().Context(), agency.Scope(authz.From(c)), in)
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
	if err := s.Delete(c.Request().Context(), agency.Scope(authz.From(c)), ids); err != nil {
		return httpError(err)
	}
	return c.NoContent(http.StatusOK)
}

// handleMove: PUT /api/contracts/:id/{submit|sign|terminate} → 204, 409 on a wrong move.
func (s *Service) handleMove(action string) echo.HandlerFunc {
	return func(c echo.Context) error {
		id, err := httpx.PathID(c, "id")
		if err != nil {
			return err
		}
		if err := s.Move(c.Request().Context(), agency.Scope(authz.From(c)), id, action); err != nil {
			return httpError(err)
		}
		return c.NoContent(http.StatusNoContent)
	}
}
