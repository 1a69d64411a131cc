package tracking

import (
	"context"
	"crypto/md5"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"sort"
	"strings"
	"time"
)

// Kuaidi100 speaks 快递100's API: POST {URL}/poll/query.do (real-time query, signed
// upper(MD5(param + key + customer))), POST {URL}/poll (subscription with a callback URL and a
// salt) and the pushes to that URL, signed upper(MD5(param + salt)).
type Kuaidi100 struct {
	URL, Customer, Key, Salt string
	PushURL                  string
	HTTP                     *http.Client
}

// Paths of the API under URL.
const (
	PathQuery     = "/poll/query.do"
	PathSubscribe = "/poll"
)

// Kuaidi100Codes maps the express_company dictionary's values to 快递100's company codes.
var Kuaidi100Codes = map[string]string{
	"SF": "shunfeng", "ZTO": "zhongtong", "YTO": "yuantong", "YD": "yunda", "STO": "shentong",
	"JD": "jd", "EMS": "ems",
}

// phoneCarriers are the carriers that answer only with the receiver's phone (its last four
// digits are enough).
var phoneCarriers = map[string]bool{"shunfeng": true, "zhongtong": true}

// Sign is 快递100's signature: upper-case hex MD5 of the parts joined.
func Sign(parts ...string) string {
	sum := md5.Sum([]byte(strings.Join(parts, "")))
	return strings.ToUpper(hex.EncodeToString(sum[:]))
}

// QueryParam is the query's param JSON.
type QueryParam struct {
	Com   string `json:"com"`
	Num   string `json:"num"`
	Phone string `json:"phone,omitempty"`
}

// KdAnswer is a query's answer and a push's lastResult.
type KdAnswer struct {
	Message string    `json:"message"`
	State   string    `json:"state"`
	Status  string    `json:"status"`
	Com     string    `json:"com"`
	Nu      string    `json:"nu"`
	Data    []KdEvent `json:"data"`
	// A refusal: result false with a returnCode (400 bad request, 500 no result, 501 repeat…).
	Result     *bool  `json:"result,omitempty"`
	ReturnCode string `json:"returnCode,omitempty"`
}

// KdEvent is one event as 快递100 writes it.
type KdEvent struct {
	Time    string `json:"time"`
	Context string `json:"context"`
}

// SubscribeParam is the subscription's param JSON.
type SubscribeParam struct {
	Company    string          `json:"company"`
	Number     string          `json:"number"`
	Key        string          `json:"key"`
	Parameters SubscribeExtras `json:"parameters"`
}

// SubscribeExtras are the subscription's parameters.
type SubscribeExtras struct {
	CallbackURL string `json:"callbackurl"`
	Salt        string `json:"salt"`
	Phone       string `json:"phone,omitempty"`
	Resultv2    string `json:"resultv2"`
}

// PushParam is a push's param JSON.
type PushParam struct {
	Status     string   `json:"status"`
	Message    string   `json:"message"`
	LastResult KdAnswer `json:"lastResult"`
}

// PushAck is what the provider expects back from a push.
type PushAck struct {
	Result     bool   `json:"result"`
	ReturnCode string `json:"returnCode"`
	Message    string `json:"message"`
}

// Query asks 快递100 for the parcel now; its "no result" (returnCode 500) is an answer
// without events.
func (k *Kuaidi100) Query(ctx context.Context, p Lookup) (Result, error) {
	com, ok := Kuaidi100Codes[p.Company]
	if !ok {
		return Result{}, ErrUnsupportedCompany
	}
	q := QueryParam{Com: com, Num: p.TrackingNo}
	if phoneCarriers[com] {
		q.Phone = p.PhoneTail
	}
	param := mustJSON(q)
	var a KdAnswer
	if err := k.post(ctx, PathQuery, url.Values{"customer": {k.Customer}, "sign": {Sign(param, k.Key, k.Customer)}, "param": {param}}, &a); err != nil {
		return Result{}, err
	}
	if a.Result != nil && !*a.Result {
		if a.ReturnCode == "500" {
			return Result{}, nil
		}
		return Result{}, fmt.Errorf("%w: %s %s", ErrRefused, a.ReturnCode, a.Message)
	}
	return resultOf(a), nil
}

// Subscribe asks 快递100 to push the parcel's events; a repeat (returnCode 501) is fine.
func (k *Kuaidi100) Subscribe(ctx context.Context, p Lookup) error {
	com, ok := Kuaidi100Codes[p.Company]
	if !ok {
		return ErrUnsupportedCompany
	}
	sp := SubscribeParam{Company: com, Number: p.TrackingNo, Key: k.Key,
		Parameters: SubscribeExtras{CallbackURL: k.PushURL, Salt: k.Salt, Resultv2: "1"}}
	if phoneCarriers[com] {
		sp.Parameters.Phone = p.PhoneTail
	}
	var a PushAck
	if err := k.post(ctx, PathSubscribe, url.Values{"schema": {"json"}, "param": {mustJSON(sp)}}, &a); err != nil {
		return err
	}
	if !a.Result && a.ReturnCode != "501" {
		return fmt.Errorf("%w: %s %s", ErrRefused, a.ReturnCode, a.Message)
	}
	return nil
}

// Push checks sign against param and the salt, then reads the parcel.
func (k *Kuaidi100) Push(param, sign string) (Pushed, error) {
	if param == "" || !strings.EqualFold(Sign(param, k.Salt), sign) {
		return Pushed{}, ErrBadSignature
	}
	var pp PushParam
	if err := json.Unmarshal([]byte(param), &pp); err != nil || pp.LastResult.Nu == "" {
		return Pushed{}, ErrBadPush
	}
	company := ""
	for v, c := range Kuaidi100Codes {
		if c == pp.LastResult.Com {
			company = v
		}
	}
	if company == "" {
		return Pushed{}, fmt.Errorf("%w: company %q", ErrBadPush, pp.LastResult.Com)
	}
	return Pushed{Company: company, TrackingNo: pp.LastResult.Nu, Result: resultOf(pp.LastResult)}, nil
}

func (k *Kuaidi100) post(ctx context.Context, path string, form url.Values, into any) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, k.URL+path, strings.NewReader(form.Encode()))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	resp, err := k.HTTP.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		return err
	}
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("%w: HTTP %d", ErrRefused, resp.StatusCode)
	}
	if err := json.Unmarshal(body, into); err != nil {
		return fmt.Errorf("%w: unreadable answer: %v", ErrRefused, err)
	}
	return nil
}

// resultOf keeps the events newest first (快递100 sends them so; sorting is cheap insurance)
// in Beijing time, the provider's.
func resultOf(a KdAnswer) Result {
	r := Result{State: a.State, Events: make([]Event, 0, len(a.Data))}
	for _, d := range a.Data {
		t, err := time.ParseInLocation(time.DateTime, d.Time, beijing)
		if err != nil {
			continue
		}
		r.Events = append(r.Events, Event{Time: t, Text: d.Context})
	}
	sort.SliceStable(r.Events, func(i, j int) bool { return r.Events[i].Time.After(r.Events[j].Time) })
	return r
}

var beijing = time.FixedZone("CST", 8*3600)

func mustJSON(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err) // only our own plain structs are marshalled
	}
	return string(b)
}
