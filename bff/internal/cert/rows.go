package cert

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"mallconsole/bff/internal/platform/authz"
	"mallconsole/bff/internal/platform/httpx"
)

func row(c Cert, agencyName string) Row {
	r := Row{ID: c.ID, AgencyID: c.AgencyID, AgencyName: agencyName, CompanyName: c.CompanyName, CreditCode: c.CreditCode,
		LegalPerson: c.LegalPerson, IDNumber: c.IDNumber, Status: c.Status, Reason: c.Reason, SubmitTime: httpx.FormatTime(c.SubmitTime)}
	if c.AuditTime != nil {
		r.AuditTime = httpx.FormatTime(*c.AuditTime)
	}
	return r
}

func image(fs map[int64]File, id int64) *Image {
	if f, ok := fs[id]; ok {
		return &Image{ID: id, URL: f.URL}
	}
	return nil
}

// detail is a row with its images: the detail and the operator's own view, which show the
// whole ID number (the reviewer compares it with the card; the operator typed it).
func (s *Service) detail(c echo.Context, ct Cert) (Row, error) {
	ctx := c.Request().Context()
	name, err := s.store.AgencyName(ctx, ct.AgencyID)
	if err != nil {
		return Row{}, err
	}
	fs, err := s.URLs(ctx, ct)
	if err != nil {
		return Row{}, err
	}
	r := row(ct, name)
	r.IDFront, r.IDBack, r.License = image(fs, ct.IDFront), image(fs, ct.IDBack), image(fs, ct.License)
	return r, nil
}

func (s *Service) handleMine(c echo.Context) error {
	ct, found, err := s.Mine(c.Request().Context(), authz.From(c))
	if err != nil {
		return err
	}
	if !found {
		return c.JSON(http.StatusOK, MineAnswer{})
	}
	r, err := s.detail(c, ct)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, MineAnswer{Cert: &r})
}

func (s *Service) handleGet(c echo.Context) error {
	id, err := httpx.PathID(c, "id")
	if err != nil {
		return err
	}
	ct, err := s.Get(c.Request().Context(), authz.From(c), id)
	if err != nil {
		return httpError(err)
	}
	r, err := s.detail(c, ct)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, r)
}

func (s *Service) handleList(c echo.Context) error {
	page, err := httpx.ParsePage(c)
	if err != nil {
		return err
	}
	blurry, err := httpx.Blurry(c)
	if err != nil {
		return err
	}
	var chk httpx.Check
	status := c.QueryParam("status")
	if status != "" {
		chk.OneOf("status", status, Pending, Approved, Rejected)
	}
	if chk.Err != nil {
		return chk.Err
	}
	cs, n, err := s.List(c.Request().Context(), authz.From(c), Query{Status: status, Blurry: blurry, Offset: page.Offset(), Limit: page.Size})
	if err != nil {
		return httpError(err)
	}
	rows := make([]Row, len(cs))
	for i, ct := range cs {
		rows[i] = row(ct.Cert, ct.AgencyName)
		rows[i].IDNumber = MaskID(ct.IDNumber)
	}
	return c.JSON(http.StatusOK, httpx.List[Row]{Content: rows, TotalElements: int(n)})
}
