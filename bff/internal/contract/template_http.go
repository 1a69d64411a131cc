package contract

import (
	"fmt"
	"net/http"
	"regexp"

	"github.com/labstack/echo/v4"

	"mallconsole/bff/internal/agency"
	"mallconsole/bff/internal/attach"
	"mallconsole/bff/internal/platform/authz"
	"mallconsole/bff/internal/platform/filter"
	"mallconsole/bff/internal/platform/httpx"
	"mallconsole/bff/internal/platform/perm"
)

func (s *Service) templateRoutes(r *authz.Router) {
	r.GET("/api/contractTemplates", authz.Perm(perm.ContractTemplateList), s.handleTemplates).
		Doc(authz.Doc{Summary: "list templates (an operator: the published, enabled ones, with received)",
			Params: templateParams{}, Resp: httpx.List[TemplateRow]{}})
	r.GET("/api/contractTemplates/:id", authz.Perm(perm.ContractTemplateList), s.handleTemplate).
		Doc(authz.Doc{Summary: "one template", Params: httpx.IDPath{}, Resp: TemplateRow{}})
	r.POST("/api/contractTemplates", authz.Perm(perm.ContractTemplateAdd), s.handleTemplateCreate).
		Doc(authz.Doc{Summary: "create a template", Body: templateBody{}, Resp: httpx.Created{}, Status: http.StatusCreated})
	r.PUT("/api/contractTemplates", authz.Perm(perm.ContractTemplateEdit), s.handleTemplateUpdate).
		Doc(authz.Doc{Summary: "edit a template", Body: templateBody{}})
	r.PUT("/api/contractTemplates/:id/publish", authz.Perm(perm.ContractTemplateEdit), s.handlePublish).
		Doc(authz.Doc{Summary: "publish a template to the agencies (发布)", Params: httpx.IDPath{}})
	r.DELETE("/api/contractTemplates", authz.Perm(perm.ContractTemplateDel), s.handleTemplateDelete).
		Doc(authz.Doc{Summary: "delete templates no contract was made from", Body: httpx.IDList{}, Status: http.StatusOK})
	r.POST("/api/contractTemplate/receive", authz.Perm(perm.ContractTemplateReceive), s.handleReceive).
		Doc(authz.Doc{Summary: "an operator receives a template: their agency's contract in pending_sign, once",
			Body: receiveBody{}, Resp: httpx.Created{}, Status: http.StatusCreated})
}

type templateParams struct {
	httpx.PageParams
	httpx.BlurryParams
	Enabled string `query:"enabled" enum:"true,false"`
}

// TemplateRow is a template in answers.
type TemplateRow struct {
	ID          int64  `json:"id"`
	Name        string `json:"name"`
	Version     string `json:"version"`
	FileID      int64  `json:"fileId"`
	FileName    string `json:"fileName"`
	FileURL     string `json:"fileUrl" description:"read (inline)"`
	DownloadURL string `json:"downloadUrl" description:"download under the original name"`
	Variables   []Var  `json:"variables"`
	ValidMonths int    `json:"validMonths"`
	Enabled     bool   `json:"enabled"`
	Published   bool   `json:"published"`
	PublishTime string `json:"publishTime"`
	Received    bool   `json:"received" description:"an operator: their agency received it"`
	CreateTime  string `json:"createTime"`
}

func templateRow(t Template, received bool) TemplateRow {
	f := attach.Answer(attach.Attachment{Key: t.FileKey, OriginalName: t.FileName})
	r := TemplateRow{ID: t.ID, Name: t.Name, Version: t.Version, FileID: t.FileID, FileName: t.FileName,
		FileURL: f.ReadURL, DownloadURL: f.DownloadURL, Variables: t.Variables, ValidMonths: t.ValidMonths,
		Enabled: t.Enabled, Published: t.Published, Received: received, CreateTime: httpx.FormatTime(t.CreateTime)}
	if t.PublishTime != nil {
		r.PublishTime = httpx.FormatTime(*t.PublishTime)
	}
	if r.Variables == nil {
		r.Variables = []Var{}
	}
	return r
}

func (s *Service) handleTemplates(c echo.Context) error {
	page, err := httpx.ParsePage(c)
	if err != nil {
		return err
	}
	q := TemplateQuery{Offset: page.Offset(), Limit: page.Size}
	if q.Blurry, err = filter.Blurry(c.QueryParam); err != nil {
		return err
	}
	if q.Enabled, err = filter.Bool(c.QueryParam, "enabled"); err != nil {
		return err
	}
	ts, n, err := s.Templates(c.Request().Context(), agency.Scope(authz.From(c)), q)
	if err != nil {
		return httpError(err)
	}
	rows := make([]TemplateRow, len(ts))
	for i, t := range ts {
		rows[i] = templateRow(t.Template, t.Received)
	}
	return c.JSON(http.StatusOK, httpx.List[TemplateRow]{Content: rows, TotalElements: int(n)})
}

func (s *Service) handleTemplate(c echo.Context) error {
	id, err := httpx.PathID(c, "id")
	if err != nil {
		return err
	}
	t, err := s.Template(c.Request().Context(), agency.Scope(authz.From(c)), id)
	if err != nil {
		return httpError(err)
	}
	return c.JSON(http.StatusOK, templateRow(t, false))
}

// templateBody is a template as the form sends it; fileId is the upload of its PDF
// (POST /api/contract/upload with type=contractTemplate).
type templateBody struct {
	ID          int64  `json:"id,omitempty" description:"the row to edit (PUT)"`
	Name        string `json:"name" maxLength:"128"`
	Version     string `json:"version" maxLength:"32"`
	FileID      int64  `json:"fileId"`
	Variables   []Var  `json:"variables" maxItems:"50"`
	ValidMonths int    `json:"validMonths" minimum:"1" maximum:"120"`
	Enabled     *bool  `json:"enabled,omitempty" description:"default true"`
}

// varKey is a variable's key: an identifier, as a template's placeholders name it.
var varKey = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9_]{0,31}$`)

const maxVars = 50

func bindTemplate(c echo.Context, create bool) (TemplateInput, error) {
	var b templateBody
	if err := httpx.JSON(c, &b); err != nil {
		return TemplateInput{}, err
	}
	var chk httpx.Check
	if create {
		b.ID = 0
	} else {
		chk.Positive("id", b.ID)
	}
	chk.Text("name", &b.Name, 128, true)
	chk.Text("version", &b.Version, 32, true)
	chk.Positive("fileId", b.FileID)
	if b.ValidMonths == 0 {
		b.ValidMonths = 12
	}
	chk.Range("validMonths", b.ValidMonths, 1, 120)
	if len(b.Variables) > maxVars {
		chk.Fail("variables", fmt.Sprintf("最多%d个变量", maxVars))
	}
	seen := map[string]bool{}
	for i := range b.Variables {
		v := &b.Variables[i]
		chk.Text("variables", &v.Label, 64, true)
		chk.Text("variables", &v.Value, 255, false)
		if !varKey.MatchString(v.Key) {
			chk.Fail("variables", "变量名须以字母开头，只含字母、数字和_")
		} else if seen[v.Key] {
			chk.Fail("variables", "变量名重复："+v.Key)
		}
		seen[v.Key] = true
	}
	enabled := b.Enabled == nil || *b.Enabled
	return TemplateInput{ID: b.ID, Name: b.Name, Version: b.Version, FileID: b.FileID, Variables: b.Variables,
		ValidMonths: b.ValidMonths, Enabled: enabled}, chk.Err
}

func (s *Service) saveTemplate(c echo.Context, create bool) error {
	in, err := bindTemplate(c, create)
	if err != nil {
		return err
	}
	id, err := s.SaveTemplate(c.Request().Context(), in)
	if err != nil {
		return httpError(err)
	}
	return httpx.Saved(c, create, id)
}

func (s *Service) handleTemplateCreate(c echo.Context) error { return s.saveTemplate(c, true) }
func (s *Service) handleTemplateUpdate(c echo.Context) error { return s.saveTemplate(c, false) }

func (s *Service) handlePublish(c echo.Context) error {
	id, err := httpx.PathID(c, "id")
	if err != nil {
		return err
	}
	if err := s.Publish(c.Request().Context(), id); err != nil {
		return httpError(err)
	}
	return c.NoContent(http.StatusNoContent)
}

func (s *Service) handleTemplateDelete(c echo.Context) error {
	ids, err := httpx.IDs(c)
	if err != nil {
		return err
	}
	if err := s.DeleteTemplates(c.Request().Context(), ids); err != nil {
		return httpError(err)
	}
	return c.NoContent(http.StatusOK)
}

type receiveBody struct {
	TemplateID int64 `json:"templateId"`
	AgencyID   int64 `json:"agencyId,omitempty" description:"staff only: the agency received for (an operator: always their own)"`
}

// handleReceive: POST /api/contractTemplate/receive {templateId} by an operator → 201 {id} of
// their agency's new contract; 409 the second time. Staff, who have no agency, name the one they
// receive for (agencyId).
func (s *Service) handleReceive(c echo.Context) error {
	var b receiveBody
	if err := httpx.JSON(c, &b); err != nil {
		return err
	}
	var chk httpx.Check
	chk.Positive("templateId", b.TemplateID)
	if chk.Err != nil {
		return chk.Err
	}
	scope := agency.Scope(authz.From(c))
	target := b.AgencyID
	if scope != nil {
		target = *scope
	}
	if target <= 0 {
		return httpx.BadRequest("agencyId", httpx.ReasonRequired)
	}
	if _, err := s.Template(c.Request().Context(), scope, b.TemplateID); err != nil {
		return httpError(err)
	}
	ct, err := s.Receive(c.Request().Context(), target, b.TemplateID)
	if err != nil {
		return httpError(err)
	}
	return httpx.Saved(c, true, ct.ID)
}
