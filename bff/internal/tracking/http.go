package tracking

import (
	"errors"
	"net/http"

	"github.com/labstack/echo/v4"

	"mallconsole/bff/internal/agency"
	"mallconsole/bff/internal/platform/authz"
	"mallconsole/bff/internal/platform/httpx"
	"mallconsole/bff/internal/platform/perm"
)

// PushRoute is where the provider posts; the settings tell it BFF_PUBLIC_URL + this path.
const PushRoute = "/api/tracking/push"

// maxPush bounds a push's form (a parcel's events, a few kB; 快递100's largest are ~50 kB).
const maxPush = 256 << 10

// Routes registers the order's tracking and the provider's push.
func (s *Service) Routes(r *authz.Router) {
	r.GET("/api/orders/:id/tracking", authz.Perm(perm.OrderDetail), s.handleGet).
		Doc(authz.Doc{Summary: "a shipped order's parcel tracking (物流跟踪), cached up to 30 min; refresh=1 asks the provider (at most once a minute per parcel); 409 without a shipment",
			Params: trackingParams{}, Resp: Row{}})
	r.POST(PushRoute, authz.Public(), s.handlePush).
		Doc(authz.Doc{Summary: "the tracking provider's push (快递100 shape: form param + sign = upper(MD5(param + salt))); 404 with tracking off",
			Form: pushForm{}, Resp: PushAck{}})
}

type trackingParams struct {
	httpx.IDPath
	Refresh string `query:"refresh" enum:"0,1" description:"1: ask the provider unless asked less than a minute ago"`
}

type pushForm struct {
	Param string `formData:"param" required:"true" description:"the push's JSON"`
	Sign  string `formData:"sign" required:"true" description:"upper(MD5(param + salt))"`
}

// Row is an order's tracking. Without a provider only enabled, expressCompany and trackingNo
// are filled; error is set when the provider failed and the rest is the cache's.
type Row struct {
	Enabled        bool       `json:"enabled"`
	ExpressCompany string     `json:"expressCompany"`
	TrackingNo     string     `json:"trackingNo"`
	State          string     `json:"state"`
	StateLabel     string     `json:"stateLabel"`
	Events         []EventRow `json:"events"`
	FetchedAt      string     `json:"fetchedAt"`  // yyyy-MM-dd HH:mm:ss; "" never fetched
	AgeSeconds     int64      `json:"ageSeconds"` // how old the answer is
	Error          string     `json:"error,omitempty"`
}

// EventRow is one event, newest first in Row.Events.
type EventRow struct {
	Time string `json:"time"`
	Text string `json:"text"`
}

func (s *Service) handleGet(c echo.Context) error {
	id, err := httpx.PathID(c, "id")
	if err != nil {
		return err
	}
	refresh := c.QueryParam("refresh")
	if refresh != "" && refresh != "0" && refresh != "1" {
		return httpx.BadRequest("refresh", "只能是0或1")
	}
	a, err := s.Lookup(c.Request().Context(), agency.Scope(authz.From(c)), id, refresh == "1")
	if err != nil {
		return httpError(err)
	}
	out := Row{Enabled: a.Enabled, ExpressCompany: a.ExpressCompany, TrackingNo: a.TrackingNo, Events: make([]EventRow, len(a.Events)),
		Error: a.Error, AgeSeconds: int64(a.Age.Seconds())}
	if a.Enabled {
		out.State, out.StateLabel = a.State, StateLabel(a.State)
	}
	if a.FetchedAt != nil {
		out.FetchedAt = httpx.FormatTime(*a.FetchedAt)
	}
	for i, e := range a.Events {
		out.Events[i] = EventRow{Time: httpx.FormatTime(e.Time), Text: e.Text}
	}
	return c.JSON(http.StatusOK, out)
}

// handlePush: the provider's signed push. A bad signature is 400 and stores nothing; the
// answer is the acknowledgement 快递100 expects (anything else makes it push again).
func (s *Service) handlePush(c echo.Context) error {
	if !s.Enabled() {
		return httpx.NotFound("未启用物流跟踪")
	}
	req := c.Request()
	req.Body = http.MaxBytesReader(c.Response(), req.Body, maxPush)
	if err := req.ParseForm(); err != nil {
		return httpx.BadRequest("param", "推送内容无法读取或过大")
	}
	if _, err := s.Push(req.Context(), req.PostForm.Get("param"), req.PostForm.Get("sign")); err != nil {
		return httpError(err)
	}
	return c.JSON(http.StatusOK, PushAck{Result: true, ReturnCode: "200", Message: "成功"})
}

// httpError is the one place where the service's errors become answers; any other error is
// the server's fault (500, logged).
func httpError(err error) error {
	switch {
	case errors.Is(err, ErrOrderNotFound):
		return httpx.NotFound("订单不存在")
	case errors.Is(err, ErrNotShipped):
		return httpx.Conflict("trackingNo", "订单尚未发货，没有物流信息")
	case errors.Is(err, ErrOff):
		return httpx.NotFound("未启用物流跟踪")
	case errors.Is(err, ErrBadSignature):
		return httpx.BadRequest("sign", "签名不正确")
	case errors.Is(err, ErrBadPush):
		return httpx.BadRequest("param", "推送内容无法识别")
	}
	return err
}
