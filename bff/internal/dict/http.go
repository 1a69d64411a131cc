package dict

import (
	"errors"
	"net/http"
	"strings"

	"github.com/labstack/echo/v4"

	"mallconsole/bff/internal/platform/authz"
	"mallconsole/bff/internal/platform/httpx"
)

// Routes registers dictionaries. Entries are read by every dropdown, so any session reads them.
func (s *Store) Routes(r *authz.Router) {
	r.GET("/api/dict", authz.Perm("dict:list"), s.handleDicts)
	r.POST("/api/dict", authz.Perm("dict:add"), s.handleCreateDict)
	r.PUT("/api/dict", authz.Perm("dict:edit"), s.handleUpdateDict)
	r.DELETE("/api/dict", authz.Perm("dict:del"), s.handleDeleteDicts)
	r.GET("/api/dictDetail", authz.SignedIn(), s.handleDetails)
	r.POST("/api/dictDetail", authz.Perm("dict:add"), s.handleCreateDetail)
	r.PUT("/api/dictDetail", authz.Perm("dict:edit"), s.handleUpdateDetail)
	r.DELETE("/api/dictDetail/:id", authz.Perm("dict:del"), s.handleDeleteDetail)
}

// DictRow is a dictionary in answers.
type DictRow struct {
	ID          int64  `json:"id"`
	Name        string `json:"name"`
	Description string `json:"description"`
	CreateTime  string `json:"createTime"`
}

// DetailRow is an entry in answers and the body of its create and edit.
type DetailRow struct {
	ID         int64  `json:"id"`
	Dict       *ref   `json:"dict"`
	Label      string `json:"label"`
	Value      string `json:"value"`
	Sort       int    `json:"dictSort"`
	CreateTime string `json:"createTime,omitempty"`
}

type ref struct {
	ID int64 `json:"id"`
}

func blurryOf(c echo.Context) (string, error) {
	b := strings.TrimSpace(c.QueryParam("blurry"))
	if len([]rune(b)) > 64 {
		return "", httpx.BadRequest("blurry", httpx.ReasonTooLong)
	}
	return b, nil
}

func (s *Store) handleDicts(c echo.Context) error {
	page, err := httpx.ParsePage(c)
	if err != nil {
		return err
	}
	blurry, err := blurryOf(c)
	if err != nil {
		return err
	}
	ds, n, err := s.Search(c.Request().Context(), blurry, page.Offset(), page.Size)
	if err != nil {
		return err
	}
	rows := make([]DictRow, len(ds))
	for i, d := range ds {
		rows[i] = DictRow{ID: d.ID, Name: d.Name, Description: d.Description, CreateTime: httpx.FormatTime(d.CreateTime)}
	}
	return c.JSON(http.StatusOK, httpx.List[DictRow]{Content: rows, TotalElements: int(n)})
}

func (s *Store) saveDict(c echo.Context, create bool) error {
	var in DictRow
	if err := httpx.JSON(c, &in); err != nil {
		return err
	}
	var chk httpx.Check
	if !create {
		chk.Positive("id", in.ID)
	}
	chk.Text("name", &in.Name, 64, true)
	chk.Text("description", &in.Description, 255, false)
	if chk.Err != nil {
		return chk.Err
	}
	ctx := c.Request().Context()
	d := Dict{Name: in.Name, Description: in.Description}
	if !create {
		if _, ok, err := s.DictByID(ctx, in.ID); err != nil {
			return err
		} else if !ok {
			return httpx.NotFound("字典不存在")
		}
		d.ID = in.ID
	}
	if err := s.SaveDict(ctx, &d); err != nil {
		if errors.Is(err, ErrDuplicate) {
			return httpx.Conflict("name", "字典名称已存在")
		}
		return err
	}
	return httpx.Saved(c, create, d.ID)
}

func (s *Store) handleCreateDict(c echo.Context) error { return s.saveDict(c, true) }
func (s *Store) handleUpdateDict(c echo.Context) error { return s.saveDict(c, false) }

func (s *Store) handleDeleteDicts(c echo.Context) error {
	ids, err := httpx.IDs(c)
	if err != nil {
		return err
	}
	if err := s.DeleteDicts(c.Request().Context(), ids); err != nil {
		return err
	}
	return c.NoContent(http.StatusOK)
}

// handleDetails: GET /api/dictDetail?dictName=&page=&size= (or pageNow/pageSize, as the
// dropdowns ask). An unknown name gives an empty list.
func (s *Store) handleDetails(c echo.Context) error {
	page, err := httpx.ParsePage(c)
	if err != nil {
		return err
	}
	name := strings.TrimSpace(c.QueryParam("dictName"))
	if name == "" {
		return httpx.BadRequest("dictName", httpx.ReasonRequired)
	}
	ds, n, err := s.DetailPage(c.Request().Context(), name, page.Offset(), page.Size)
	if err != nil {
		return err
	}
	rows := make([]DetailRow, len(ds))
	for i, d := range ds {
		rows[i] = DetailRow{ID: d.ID, Dict: &ref{d.DictID}, Label: d.Label, Value: d.Value, Sort: d.Sort,
			CreateTime: httpx.FormatTime(d.CreateTime)}
	}
	return c.JSON(http.StatusOK, httpx.List[DetailRow]{Content: rows, TotalElements: int(n)})
}

func (s *Store) saveDetail(c echo.Context, create bool) error {
	var in DetailRow
	if err := httpx.JSON(c, &in); err != nil {
		return err
	}
	var chk httpx.Check
	if !create {
		chk.Positive("id", in.ID)
	}
	if in.Dict == nil || in.Dict.ID <= 0 {
		chk.Fail("dict", httpx.ReasonRequired)
	}
	chk.Text("label", &in.Label, 255, true)
	chk.Text("value", &in.Value, 255, true)
	chk.Range("dictSort", in.Sort, 0, 99999)
	if chk.Err != nil {
		return chk.Err
	}
	ctx := c.Request().Context()
	if _, ok, err := s.DictByID(ctx, in.Dict.ID); err != nil {
		return err
	} else if !ok {
		return httpx.BadRequest("dict", "字典不存在")
	}
	if !create {
		if ok, err := s.DetailExists(ctx, in.ID); err != nil {
			return err
		} else if !ok {
			return httpx.NotFound("字典详情不存在")
		}
	}
	d := Detail{DictID: in.Dict.ID, Label: in.Label, Value: in.Value, Sort: in.Sort}
	if !create {
		d.ID = in.ID
	}
	if err := s.SaveDetail(ctx, &d); err != nil {
		if errors.Is(err, ErrDuplicate) {
			return httpx.Conflict("value", "字典值已存在")
		}
		return err
	}
	return httpx.Saved(c, create, d.ID)
}

func (s *Store) handleCreateDetail(c echo.Context) error { return s.saveDetail(c, true) }
func (s *Store) handleUpdateDetail(c echo.Context) error { return s.saveDetail(c, false) }

func (s *Store) handleDeleteDetail(c echo.Context) error {
	id, err := httpx.PathID(c, "id")
	if err != nil {
		return err
	}
	if ok, err := s.DetailExists(c.Request().Context(), id); err != nil {
		return err
	} else if !ok {
		return httpx.NotFound("字典详情不存在")
	}
	if err := s.DeleteDetail(c.Request().Context(), id); err != nil {
		return err
	}
	return c.NoContent(http.StatusOK)
}
