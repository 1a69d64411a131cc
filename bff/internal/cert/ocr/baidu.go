package ocr

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"
)

// Baidu is the cloud provider: Baidu AI Cloud's 身份证识别 (OCR idcard v1). An access token is
// taken with the API key and secret key (OAuth client_credentials, valid for 30 days) and kept
// until shortly before it expires; a read POSTs the image, base64 in a form, with the side:
//
//	POST {base}/oauth/2.0/token?grant_type=client_credentials&client_id=AK&client_secret=SK
//	  → {"access_token":"…","expires_in":2592000}
//	POST {base}/rest/2.0/ocr/v1/idcard?access_token=…  image=<base64>&id_card_side=front|back
//	  → {"words_result":{"姓名":{"words":"…"},…},"image_status":"normal"}
//	  or {"error_code":110,"error_msg":"Access token invalid or no longer valid"}
type Baidu struct {
	Base      string // https://aip.baidubce.com (a test server in tests)
	APIKey    string
	SecretKey string
	Client    *http.Client // with its timeout
	Now       func() time.Time

	mu      sync.Mutex
	token   string
	expires time.Time
}

// Name is "cloud".
func (b *Baidu) Name() string { return "cloud" }

// maxAnswer bounds a vendor's answer.
const maxAnswer = 1 << 20

type baiduWords struct {
	Words string `json:"words"`
}

type baiduAnswer struct {
	ErrorCode   int                   `json:"error_code"`
	ErrorMsg    string                `json:"error_msg"`
	Words       map[string]baiduWords `json:"words_result"`
	ImageStatus string                `json:"image_status"`
	AccessToken string                `json:"access_token"`
	ExpiresIn   int64                 `json:"expires_in"`
}

// Token errors of the vendor (110 invalid, 111 expired): the token is dropped and taken again once.
func tokenError(code int) bool { return code == 110 || code == 111 }

// Read asks the vendor to read the side.
func (b *Baidu) Read(ctx context.Context, img []byte, side Side) (Card, error) {
	if err := CheckImage(img); err != nil {
		return Card{}, err
	}
	for attempt := 0; ; attempt++ {
		tok, err := b.accessToken(ctx)
		if err != nil {
			return Card{}, err
		}
		form := url.Values{"image": {base64.StdEncoding.EncodeToString(img)}, "id_card_side": {string(side)}}
		var a baiduAnswer
		if err := b.post(ctx, "/rest/2.0/ocr/v1/idcard?access_token="+url.QueryEscape(tok), form, &a); err != nil {
			return Card{}, err
		}
		if tokenError(a.ErrorCode) && attempt == 0 {
			b.mu.Lock()
			b.token = ""
			b.mu.Unlock()
			continue
		}
		return baiduCard(a, side)
	}
}

func baiduCard(a baiduAnswer, side Side) (Card, error) {
	if a.ErrorCode != 0 {
		// 216200 empty image, 216201 bad format, 216202 bad size, 216633 not an id card…
		if a.ErrorCode >= 216000 && a.ErrorCode < 217000 {
			return Card{}, fmt.Errorf("%w: %d %s", ErrUnreadable, a.ErrorCode, a.ErrorMsg)
		}
		return Card{}, fmt.Errorf("%w: %d %s", ErrUnavailable, a.ErrorCode, a.ErrorMsg)
	}
	if a.ImageStatus != "" && a.ImageStatus != "normal" {
		return Card{}, fmt.Errorf("%w: image_status %s", ErrUnreadable, a.ImageStatus)
	}
	w := func(k string) string { return strings.TrimSpace(a.Words[k].Words) }
	c := Card{Name: w("姓名"), Gender: w("性别"), Ethnicity: w("民族"), Address: w("住址"),
		Number: strings.ToUpper(w("公民身份号码")), Authority: w("签发机关")}
	if s := w("出生"); len(s) == 8 {
		c.Birth = date(s[:4], s[4:6], s[6:])
	}
	if from, to := w("签发日期"), w("失效日期"); len(from) == 8 {
		c.Validity = from[:4] + "." + from[4:6] + "." + from[6:] + "-"
		if len(to) == 8 {
			c.Validity += to[:4] + "." + to[4:6] + "." + to[6:]
		} else {
			c.Validity += to // 长期
		}
	}
	if !complete(c, side) {
		return Card{}, ErrUnreadable
	}
	return c, nil
}

func (b *Baidu) accessToken(ctx context.Context) (string, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	now := time.Now
	if b.Now != nil {
		now = b.Now
	}
	if b.token != "" && now().Before(b.expires) {
		return b.token, nil
	}
	q := url.Values{"grant_type": {"client_credentials"}, "client_id": {b.APIKey}, "client_secret": {b.SecretKey}}
	var a baiduAnswer
	if err := b.post(ctx, "/oauth/2.0/token?"+q.Encode(), nil, &a); err != nil {
		return "", err
	}
	if a.AccessToken == "" {
		return "", fmt.Errorf("%w: no access token (check the API key and secret key)", ErrUnavailable)
	}
	// taken again a day before it expires
	b.token, b.expires = a.AccessToken, now().Add(time.Duration(a.ExpiresIn)*time.Second-24*time.Hour)
	return b.token, nil
}

func (b *Baidu) post(ctx context.Context, path string, form url.Values, into *baiduAnswer) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, strings.TrimSuffix(b.Base, "/")+path, strings.NewReader(form.Encode()))
	if err != nil {
		return fmt.Errorf("%w: %v", ErrUnavailable, err)
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	client := b.Client
	if client == nil {
		client = &http.Client{Timeout: 20 * time.Second}
	}
	resp, err := client.Do(req)
	if err != nil {
		return fmt.Errorf("%w: %v", ErrUnavailable, err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, maxAnswer))
	if err != nil {
		return fmt.Errorf("%w: %v", ErrUnavailable, err)
	}
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("%w: HTTP %d", ErrUnavailable, resp.StatusCode)
	}
	if err := json.Unmarshal(body, into); err != nil {
		return fmt.Errorf("%w: %v", ErrUnavailable, errors.New("answer is not JSON"))
	}
	return nil
}
