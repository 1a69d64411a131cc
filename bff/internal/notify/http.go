package notify

import (
	"net/http"
	"strings"

	"github.com/labstack/echo/v4"

	"mallconsole/bff/internal/platform/authz"
	"mallconsole/bff/internal/platform/httpx"
)

// Routes registers the message centre: any signed-in user, each on their own messages only.
func (s *Service) Routes(r *authz.Router) {
	r.GET("/api/messages", authz.SignedIn(), s.handleList).
		Doc(authz.Doc{Summary: "my messages, newest first", Params: listParams{}, Resp: httpx.List[Stored]{}})
	r.GET("/api/messages/unread-count", authz.SignedIn(), s.handleUnread).
		Doc(authz.Doc{Summary: "my unread messages", Resp: Count{}})
	r.PUT("/api/messages/read", authz.SignedIn(), s.handleRead).
		Doc(authz.Doc{Summary: "mark my messages read: ids, or all", Body: ReadInput{}})
	r.GET(StreamRoute, authz.SignedIn(), s.handleStream).
		Doc(authz.Doc{Summary: "live events (Server-Sent Events): message, unread, todo; Last-Event-ID replays", RespType: "text/event-stream"})
	r.GET("/api/messages/settings", authz.SignedIn(), s.handleSettings).
		Doc(authz.Doc{Summary: "my message types and whether each is on", Resp: []TypeSetting{}})
	r.PUT("/api/messages/settings", authz.SignedIn(), s.handleSaveSettings).
		Doc(authz.Doc{Summary: "turn message types off (the others on)", Body: SettingsInput{}})
}

type listParams struct {
	httpx.PageParams
	Type string `query:"type" enum:"order_to_ship,aftersale_opened,low_stock,contract_expiring,approval_task,request_result,job_failed"`
	Read string `query:"read" enum:"0,1,true,false"`
}

// Count is a count answer.
type Count struct {
	Count int64 `json:"count"`
}

// ReadInput is PUT /api/messages/read: ids, or all.
type ReadInput struct {
	IDs []int64 `json:"ids"`
	All bool    `json:"all"`
}

// TypeSetting is one type of GET /api/messages/settings.
type TypeSetting struct {
	Type    string `json:"type"`
	Label   string `json:"label"`
	Enabled bool   `json:"enabled"`
}

// SettingsInput is PUT /api/messages/settings: the types turned off.
type SettingsInput struct {
	Off []string `json:"off"`
}

// maxReadIDs bounds one mark-read body.
const maxReadIDs = 1000

func (s *Service) handleList(c echo.Context) error {
	page, err := httpx.ParsePage(c)
	if err != nil {
		return err
	}
	var f Filter
	if t := strings.TrimSpace(c.QueryParam("type")); t != "" {
		if !Known(t) {
			return httpx.BadRequest("type", "未知的消息类型")
		}
		f.Type = t
	}
	switch c.QueryParam("read") {
	case "":
	case "1", "true":
		f.Read = new(true)
	case "0", "false":
		f.Read = new(false)
	default:
		return httpx.BadRequest("read", "必须是0、1、true或false")
	}
	ms, n, err := s.List(c.Request().Context(), authz.From(c).UserID, f, page.Offset(), page.Size)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, httpx.List[Stored]{Content: ms, TotalElements: int(n)})
}

func (s *Service) handleUnread(c echo.Context) error {
	n, err := s.UnreadCount(c.Request().Context(), authz.From(c).UserID)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, Count{Count: n})
}

func (s *Service) handleRead(c echo.Context) error {
	var in ReadInput
	if err := httpx.JSON(c, &in); err != nil {
		return err
	}
	switch {
	case !in.All && len(in.IDs) == 0:
		return httpx.BadRequest("ids", "请给出消息或 all")
	case len(in.IDs) > maxReadIDs:
		return httpx.BadRequest("ids", "一次最多1000条")
	}
	if !in.All {
		if err := httpx.CheckIDs("ids", in.IDs); err != nil {
			return err
		}
	}
	if err := s.MarkRead(c.Request().Context(), authz.From(c).UserID, in.IDs, in.All); err != nil {
		return err
	}
	return c.NoContent(http.StatusOK)
}

func (s *Service) handleSettings(c echo.Context) error {
	off, err := s.Prefs(c.Request().Context(), authz.From(c).UserID)
	if err != nil {
		return err
	}
	out := make([]TypeSetting, len(Types))
	for i, t := range Types {
		out[i] = TypeSetting{Type: t, Label: TypeLabels[t], Enabled: !contains(off, t)}
	}
	return c.JSON(http.StatusOK, out)
}

func (s *Service) handleSaveSettings(c echo.Context) error {
	var in SettingsInput
	if err := httpx.JSON(c, &in); err != nil {
		return err
	}
	if len(in.Off) > len(Types)*2 {
		return httpx.BadRequest("off", "类型过多")
	}
	for _, t := range in.Off {
		if !Known(t) {
			return httpx.BadRequest("off", "未知的消息类型："+t)
		}
	}
	if err := s.SetPrefs(c.Request().Context(), authz.From(c).UserID, in.Off); err != nil {
		return err
	}
	return c.NoContent(http.StatusOK)
}

func contains(xs []string, x string) bool {
	for _, v := range xs {
		if v == x {
			return true
		}
	}
	return false
}

// StreamRoute is the live events' route: it stays open for the session, so the admission limit
// leaves it out (a slot held for hours would be a slot lost).
const StreamRoute = "/api/messages/stream"
