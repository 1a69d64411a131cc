package dict

import (
	"context"
	"errors"
	"net/http"
	"strings"

	"github.com/labstack/echo/v4"

	"mallconsole/bff/internal/audit"
	"mallconsole/bff/internal/platform/authz"
	"mallconsole/bff/internal/platform/export"
	"mallconsole/bff/internal/platform/httpx"
	"mallconsole/bff/internal/platform/limits"
	"mallconsole/bff/internal/platform/perm"
)

// Routes registers dictionaries. Entries are read by every dropdown, so any session reads them.
func (s *Service) Routes(r *authz.Router) {
	r.GET("/api/dict", authz.Perm(perm.DictList), s.handleDicts).
		Doc(authz.Doc{Summary: "list dictionaries", Params: dictParams{}, Resp: httpx.List[DictRow]{}})
	r.POST("/api/dict", authz.Perm(perm.DictAdd), s.handleCreateDict).
		Doc(authz.Doc{Summary: "create a dictionary", Body: DictRow{}, Resp: httpx.Created{}, Status: http.StatusCreated})
	r.PUT("/api/dict", authz.Perm(perm.DictEdit), s.handleUpdateDict).
		Doc(authz.Doc{Summary: "edit a dictionary", Body: DictRow{}})
	r.DELETE("/api/dict", authz.Perm(perm.DictDel), s.handleDeleteDicts).
		Doc(authz.Doc{Summary: "delete dictionaries", Body: httpx.IDList{}, Status: http.StatusOK})
	r.GET("/api/dictDetail", authz.SignedIn(), s.handleDetails).
		Doc(authz.Doc{Summary: "a dictionary's entries", Params: detailParams{}, Resp: httpx.List[DetailRow]{}})
	r.POST("/api/dictDetail", authz.Perm(perm.DictAdd), s.handleCreateDetail).
		Doc(authz.Doc{Summary: "create an entry", Body: DetailRow{}, Resp: httpx.Created{}, Status: http.StatusCreated})
	r.PUT("/api/dictDetail", authz.Perm(perm.DictEdit), s.handleUpdateDetail).
		Doc(authz.Doc{Summary: "edit an entry", Body: DetailRow{}})
	r.DELETE("/api/dictDetail/:id", authz.Perm(perm.DictDel), s.handleDeleteDetail).
		Doc(authz.Doc{Summary: "delete an entry", Params: httpx.IDPath{}, Status: http.StatusOK})
	export.Routes(r, "/api/dict", authz.Perm(perm.DictList), s.dictExport())
	// the entries are read by every dropdown, but exporting them is the dictionary page's
	export.Routes(r, "/api/dictDetail", authz.Perm(perm.DictList), s.detailExport())
}

type dictParams struct {
	httpx.PageParams
	httpx.BlurryParams
}

type detailParams struct {
	httpx.PageParams
	DictName string `query:"dictName" required:"true"`
}

// httpError is the one place where the service's errors become answers; any other error is
// the server's fault (500, logged).
func httpError(err error) error {
	switch {
	case errors.Is(err, ErrNotFound):
		return httpx.NotFound("字典不存在")
	case errors.Is(err, ErrDetailNotFound):
		return httpx.NotFound("字典详情不存在")
	case errors.Is(err, ErrUnknownDict):
		return httpx.BadRequest("dict", "字典不存在")
	case errors.Is(err, ErrNameConflict):
		return httpx.Conflict("name", "字典名称已存在")
	case errors.Is(err, ErrValueConflict):
		return httpx.Conflict("value", "字典值已存在")
	}
	return err
}

// DictRow is a dictionary in answers and the body of its create and edit.
type DictRow struct {
	ID          int64  `json:"id"`
	Name        string `json:"name"`
	Description string `json:"description"`
	CreateTime  string `json:"createTime"`
}

// DetailRow is an entry in answers and the body of its create and edit.
type DetailRow struct {
	ID    int64  `json:"id"`
	Dict  *ref   `json:"dict"`
	Label string `json:"label"`
	// LabelEn is the English label; "" when none (the client then shows label).
	LabelEn    string `json:"labelEn"`
	Value      string `json:"value"`
	Sort       int    `json:"dictSort"`
	CreateTime string `json:"createTime,omitempty"`
}

type ref struct {
	ID int64 `json:"id"`
}

func (s *Service) handleDicts(c echo.Context) error {
	page, err := httpx.ParsePage(c)
	if err != nil {
		return err
	}
	blurry, err := httpx.Blurry(c)
	if err != nil {
		return err
	}
	ds, n, err := s.Dicts(c.Request().Context(), blurry, page.Offset(), page.Size)
	if err != nil {
		return httpError(err)
	}
	rows := make([]DictRow, len(ds))
	for i, d := range ds {
		rows[i] = DictRow{ID: d.ID, Name: d.Name, Description: d.Description, CreateTime: httpx.FormatTime(d.CreateTime)}
	}
	return c.JSON(http.StatusOK, httpx.List[DictRow]{Content: rows, TotalElements: int(n)})
}

// bindDict reads and checks the body of a dictionary's create (create) or edit.
func bindDict(c echo.Context, create bool) (DictInput, error) {
	var in DictRow
	if err := httpx.JSON(c, &in); err != nil {
		return DictInput{}, err
	}
	var chk httpx.Check
	if create {
		in.ID = 0
	} else {
		chk.Positive("id", in.ID)
	}
	chk.Text("name", &in.Name, limits.NameMax, true)
	chk.Text("description", &in.Description, limits.DescriptionMax, false)
	return DictInput{ID: in.ID, Name: in.Name, Description: in.Description}, chk.Err
}

// save is a create (create) or edit: bind reads and checks the body, do saves it.
func save[In any](c echo.Context, create bool, bind func(echo.Context, bool) (In, error),
	do func(context.Context, In) (int64, error)) error {
	in, err := bind(c, create)
	if err != nil {
		return err
	}
	id, err := do(c.Request().Context(), in)
	if err != nil {
		return httpError(err)
	}
	return httpx.Saved(c, create, id)
}

func (s *Service) handleCreateDict(c echo.Context) error { return save(c, true, bindDict, s.SaveDict) }
func (s *Service) handleUpdateDict(c echo.Context) error {
	return save(c, false, bindDict, audit.Edited(c, dictID, s.dictRow, s.SaveDict))
}

func (s *Service) handleDeleteDicts(c echo.Context) error {
	ids, err := httpx.IDs(c)
	if err != nil {
		return err
	}
	if err := s.DeleteDicts(c.Request().Context(), ids); err != nil {
		return httpError(err)
	}
	return c.NoContent(http.StatusOK)
}

// handleDetails: GET /api/dictDetail?dictName=&page=&size= (or pageNow/pageSize, as the
// dropdowns ask). An unknown name gives an empty list.
func (s *Service) handleDetails(c echo.Context) error {
	page, err := httpx.ParsePage(c)
	if err != nil {
		return err
	}
	name := strings.TrimSpace(c.QueryParam("dictName"))
	if name == "" {
		return httpx.BadRequest("dictName", httpx.ReasonRequired)
	}
	ds, n, err := s.Details(c.Request().Context(), name, page.Offset(), page.Size)
	if err != nil {
		return httpError(err)
	}
	rows := make([]DetailRow, len(ds))
	for i, d := range ds {
		rows[i] = DetailRow{ID: d.ID, Dict: &ref{d.DictID}, Label: d.Label, LabelEn: d.LabelEn, Value: d.Value, Sort: d.Sort,
			CreateTime: httpx.FormatTime(d.CreateTime)}
	}
	return c.JSON(http.StatusOK, httpx.List[DetailRow]{Content: rows, TotalElements: int(n)})
}

// bindDetail reads and checks the body of an entry's create (create) or edit.
func bindDetail(c echo.Context, create bool) (DetailInput, error) {
	var in DetailRow
	if err := httpx.JSON(c, &in); err != nil {
		return DetailInput{}, err
	}
	var chk httpx.Check
	if create {
		in.ID = 0
	} else {
		chk.Positive("id", in.ID)
	}
	if in.Dict == nil || in.Dict.ID <= 0 {
		chk.Fail("dict", httpx.ReasonRequired)
		in.Dict = &ref{}
	}
	chk.Text("label", &in.Label, 255, true)
	chk.Text("labelEn", &in.LabelEn, 255, false)
	chk.Text("value", &in.Value, 255, true)
	chk.Range("dictSort", in.Sort, 0, 99999)
	return DetailInput{ID: in.ID, DictID: in.Dict.ID, Label: in.Label, LabelEn: in.LabelEn, Value: in.Value, Sort: in.Sort}, chk.Err
}

func (s *Service) handleCreateDetail(c echo.Context) error {
	return save(c, true, bindDetail, s.SaveDetail)
}
func (s *Service) handleUpdateDetail(c echo.Context) error {
	return save(c, false, bindDetail, audit.Edited(c, detailID, s.detailRow, s.SaveDetail))
}

func (s *Service) handleDeleteDetail(c echo.Context) error {
	id, err := httpx.PathID(c, "id")
	if err != nil {
		return err
	}
	if err := s.DeleteDetail(c.Request().Context(), id); err != nil {
		return httpError(err)
	}
	return c.NoContent(http.StatusOK)
}
