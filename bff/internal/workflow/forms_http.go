package workflow

import (
	"encoding/json"
	"errors"
	"net/http"

	"github.com/labstack/echo/v4"

	"mallconsole/bff/internal/platform/authz"
	"mallconsole/bff/internal/platform/httpx"
	"mallconsole/bff/internal/platform/perm"
)

// FormRow is a form in the list.
type FormRow struct {
	ID           int64  `json:"id"`
	Name         string `json:"name"`
	Icon         string `json:"icon"`
	Group        string `json:"group"`
	Version      int    `json:"version"`
	DraftChanged bool   `json:"draftChanged"`
	UpdateTime   string `json:"updateTime"`
}

// FormView is GET /api/workflow/forms/{id}.
type FormView struct {
	ID        int64          `json:"id"`
	Name      string         `json:"name"`
	Icon      string         `json:"icon"`
	Group     string         `json:"group"`
	Version   int            `json:"version"`
	Published *PublishedForm `json:"published"`
	Draft     *DraftForm     `json:"draft"`
}

// PublishedForm is the frozen version instances start from.
type PublishedForm struct {
	Version     int    `json:"version"`
	Schema      Schema `json:"schema"`
	Flow        *Node  `json:"flow"`
	PublishTime string `json:"publishTime"`
}

// DraftForm is what the designer edits.
type DraftForm struct {
	Schema Schema `json:"schema"`
	Flow   *Node  `json:"flow"`
}

// Published answers a publish: the version now published; unchanged when the draft equalled
// it, so that no version was made.
type Published struct {
	Version   int  `json:"version"`
	Unchanged bool `json:"unchanged"`
}

// ProblemsAnswer is the 400 of a publish whose flow is wrong: the error envelope plus every
// bad node.
type ProblemsAnswer struct {
	httpx.Envelope
	Problems []Problem `json:"problems"`
}

// FormParams filter the form list.
type FormParams struct {
	Blurry    string `query:"blurry" maxLength:"64"`
	Group     string `query:"group"`
	Published bool   `query:"published"`
	Page      int    `query:"page"`
	Size      int    `query:"size"`
}

// formRoutes registers the form designer's API.
func (s *Service) formRoutes(r *authz.Router) {
	r.GET("/api/workflow/forms", authz.SignedIn(), s.handleForms).
		Doc(authz.Doc{Summary: "forms (published only without workflow:design)", Params: FormParams{}, Resp: httpx.List[FormRow]{}})
	r.GET("/api/workflow/forms/:id", authz.SignedIn(), s.handleForm).
		Doc(authz.Doc{Params: httpx.IDPath{}, Summary: "a form with its published version and draft", Resp: FormView{}})
	r.POST("/api/workflow/forms", authz.Perm(perm.WorkflowDesign), s.handleFormSave).
		Doc(authz.Doc{Summary: "create a form", Body: FormInput{}, Resp: httpx.Created{}, Status: http.StatusCreated})
	r.PUT("/api/workflow/forms/:id", authz.Perm(perm.WorkflowDesign), s.handleFormSave).
		Doc(authz.Doc{Params: httpx.IDPath{}, Summary: "save a form's draft", Body: FormInput{}})
	r.POST("/api/workflow/forms/:id/publish", authz.Perm(perm.WorkflowDesign), s.handlePublish).
		Doc(authz.Doc{Params: httpx.IDPath{}, Summary: "publish a form's draft as a new version (none when it equals the latest)", Resp: Published{}})
	r.DELETE("/api/workflow/forms", authz.Perm(perm.WorkflowDesign), s.handleFormDelete).
		Doc(authz.Doc{Summary: "delete forms (disabled when they have instances: 409)", Body: httpx.IDList{}, Status: http.StatusOK})
}

func (s *Service) handleForms(c echo.Context) error {
	p, err := staff(c)
	if err != nil {
		return err
	}
	page, err := httpx.ParsePage(c)
	if err != nil {
		return err
	}
	blurry, err := httpx.Blurry(c)
	if err != nil {
		return err
	}
	q := FormQuery{Blurry: blurry, Group: c.QueryParam("group"), Offset: page.Offset(), Limit: page.Size,
		Published: c.QueryParam("published") == "true" || !p.Can(perm.WorkflowDesign)}
	fs, n, err := s.Forms(c.Request().Context(), q)
	if err != nil {
		return err
	}
	rows := make([]FormRow, len(fs))
	for i, f := range fs {
		rows[i] = FormRow{ID: f.ID, Name: f.Name, Icon: f.Icon, Group: f.GroupName, Version: f.Version,
			DraftChanged: f.DraftChanged, UpdateTime: httpx.FormatTime(f.UpdateTime)}
	}
	return c.JSON(http.StatusOK, httpx.List[FormRow]{Content: rows, TotalElements: int(n)})
}

func (s *Service) handleForm(c echo.Context) error {
	p, err := staff(c)
	if err != nil {
		return err
	}
	id, err := httpx.PathID(c, "id")
	if err != nil {
		return err
	}
	f, v, err := s.FormByID(c.Request().Context(), id)
	if err != nil {
		return engineError(err)
	}
	designer := p.Can(perm.WorkflowDesign)
	if v == nil && !designer {
		return engineError(ErrFormNotFound)
	}
	out := FormView{ID: f.ID, Name: f.Name, Icon: f.Icon, Group: f.GroupName, Version: f.Version}
	if v != nil {
		out.Published = &PublishedForm{Version: v.Version, PublishTime: httpx.FormatTime(v.PublishTime)}
		if err := decode(v.Schema, v.Flow, &out.Published.Schema, &out.Published.Flow); err != nil {
			return err
		}
	}
	if designer {
		out.Draft = &DraftForm{}
		if err := decode(f.DraftSchema, f.DraftFlow, &out.Draft.Schema, &out.Draft.Flow); err != nil {
			return err
		}
	}
	return c.JSON(http.StatusOK, out)
}

func decode(schema, flow string, sc *Schema, root **Node) error {
	if err := json.Unmarshal([]byte(schema), sc); err != nil {
		return err
	}
	if flow == "" {
		return nil
	}
	return json.Unmarshal([]byte(flow), root)
}

func (s *Service) handleFormSave(c echo.Context) error {
	var in FormInput
	if err := httpx.JSON(c, &in); err != nil {
		return err
	}
	in.ID = 0
	if c.Request().Method == http.MethodPut {
		id, err := httpx.PathID(c, "id")
		if err != nil {
			return err
		}
		in.ID = id
	}
	id, err := s.SaveForm(c.Request().Context(), in)
	if err != nil {
		return engineError(err)
	}
	return httpx.Saved(c, in.ID == 0, id)
}

func (s *Service) handlePublish(c echo.Context) error {
	id, err := httpx.PathID(c, "id")
	if err != nil {
		return err
	}
	v, err := s.Publish(c.Request().Context(), id)
	var fp *FlowProblems
	if errors.As(err, &fp) {
		first := fp.Problems[0]
		return c.JSON(http.StatusBadRequest, ProblemsAnswer{Problems: fp.Problems, Envelope: httpx.Envelope{
			Status: http.StatusBadRequest, Code: httpx.CodeValidation, Message: "流程有误：" + first.Message,
			Errors:    []httpx.FieldError{{Field: "flow", Code: httpx.FieldInvalid, Message: first.Message}},
			Timestamp: s.now().UnixMilli()}})
	}
	if err != nil {
		return engineError(err)
	}
	return c.JSON(http.StatusOK, v)
}

func (s *Service) handleFormDelete(c echo.Context) error {
	ids, err := httpx.IDs(c)
	if err != nil {
		return err
	}
	if err := s.DeleteForms(c.Request().Context(), ids); err != nil {
		return engineError(err)
	}
	return c.NoContent(http.StatusOK)
}
