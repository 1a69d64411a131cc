package ocr_test

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"
	"time"

	"mallconsole/bff/internal/cert/ocr"
	"mallconsole/bff/internal/cert/ocr/specimen"
)

// fakeBaidu answers like Baidu AI's token and idcard endpoints (the shapes of their documents).
func fakeBaidu(t *testing.T, tokens *atomic.Int32, answer func(side string, img []byte) any) *httptest.Server {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		switch r.URL.Path {
		case "/oauth/2.0/token":
			q := r.URL.Query()
			if q.Get("grant_type") != "client_credentials" || q.Get("client_id") != "ak" || q.Get("client_secret") != "sk" {
				_ = json.NewEncoder(w).Encode(map[string]any{"error": "invalid_client", "error_description": "unknown client id"})
				return
			}
			n := tokens.Add(1)
			_ = json.NewEncoder(w).Encode(map[string]any{"access_token": "tok" + string(rune('0'+n)), "expires_in": 2592000})
		case "/rest/2.0/ocr/v1/idcard":
			if r.URL.Query().Get("access_token") != "tok"+string(rune('0'+tokens.Load())) {
				_ = json.NewEncoder(w).Encode(map[string]any{"error_code": 110, "error_msg": "Access token invalid or no longer valid"})
				return
			}
			img, err := base64.StdEncoding.DecodeString(r.PostFormValue("image"))
			if err != nil {
				_ = json.NewEncoder(w).Encode(map[string]any{"error_code": 216201, "error_msg": "image format error"})
				return
			}
			_ = json.NewEncoder(w).Encode(answer(r.PostFormValue("id_card_side"), img))
		default:
			http.NotFound(w, r)
		}
	}))
	t.Cleanup(srv.Close)
	return srv
}

func words(m map[string]string) map[string]any {
	out := map[string]any{}
	for k, v := range m {
		out[k] = map[string]any{"words": v, "location": map[string]int{"top": 1, "left": 1, "width": 10, "height": 10}}
	}
	return out
}

func TestBaiduProvider(t *testing.T) {
	blank, err := specimen.BlankPNG()
	if err != nil {
		t.Fatal(err)
	}
	var tokens atomic.Int32
	srv := fakeBaidu(t, &tokens, func(side string, _ []byte) any {
		if side == "front" {
			return map[string]any{"log_id": 1, "image_status": "normal", "words_result_num": 6, "words_result": words(map[string]string{
				"姓名": "王小明", "性别": "男", "民族": "汉", "出生": "19900307", "住址": "北京市东城区示例路一号院二号楼", "公民身份号码": "110101199003070011"})}
		}
		return map[string]any{"log_id": 2, "image_status": "normal", "words_result_num": 3, "words_result": words(map[string]string{
			"签发机关": "北京市公安局东城分局", "签发日期": "20200101", "失效日期": "长期"})}
	})
	b := &ocr.Baidu{Base: srv.URL, APIKey: "ak", SecretKey: "sk"}
	ctx := context.Background()
	got, err := b.Read(ctx, blank, ocr.Front)
	want := ocr.Card{Name: "王小明", Gender: "男", Ethnicity: "汉", Birth: "1990-03-07", Address: "北京市东城区示例路一号院二号楼", Number: "110101199003070011"}
	if err != nil || got != want {
		t.Fatalf("front: %+v %v", got, err)
	}
	got, err = b.Read(ctx, blank, ocr.Back)
	if want := (ocr.Card{Authority: "北京市公安局东城分局", Validity: "2020.01.01-长期"}); err != nil || got != want {
		t.Fatalf("back: %+v %v", got, err)
	}
	if n := tokens.Load(); n != 1 {
		t.Errorf("took %d tokens for two reads, want 1 (kept until it expires)", n)
	}
	// the vendor forgets the token: taken again once, and the read succeeds
	tokens.Add(1)
	if _, err := b.Read(ctx, blank, ocr.Front); err != nil {
		t.Errorf("after the vendor dropped the token: %v", err)
	}
	if _, err := b.Read(ctx, []byte("not an image"), ocr.Front); !errors.Is(err, ocr.ErrNotImage) {
		t.Errorf("not an image: %v", err)
	}
	// a picture out of bounds is refused from its header, never sent (nor a token taken for it)
	b.Now = func() time.Time { return time.Now().Add(90 * 24 * time.Hour) } // the token has expired
	before := tokens.Load()
	if _, err := b.Read(ctx, specimen.ZeroPNG(1, 40_000_000, false), ocr.Front); !errors.Is(err, ocr.ErrImageSize) || tokens.Load() != before {
		t.Errorf("a 1 × 40,000,000 strip: %v, tokens %d → %d", err, before, tokens.Load())
	}
	wrongKey := &ocr.Baidu{Base: srv.URL, APIKey: "ak", SecretKey: "wrong"}
	if _, err := wrongKey.Read(ctx, blank, ocr.Front); !errors.Is(err, ocr.ErrUnavailable) {
		t.Errorf("wrong secret key: %v, want ErrUnavailable", err)
	}
}

func TestBaiduUnreadableAndDown(t *testing.T) {
	blank, err := specimen.BlankPNG()
	if err != nil {
		t.Fatal(err)
	}
	var tokens atomic.Int32
	srv := fakeBaidu(t, &tokens, func(string, []byte) any {
		return map[string]any{"log_id": 3, "image_status": "non_idcard", "words_result_num": 0, "words_result": map[string]any{}}
	})
	ctx := context.Background()
	if _, err := (&ocr.Baidu{Base: srv.URL, APIKey: "ak", SecretKey: "sk"}).Read(ctx, blank, ocr.Front); !errors.Is(err, ocr.ErrUnreadable) {
		t.Errorf("non_idcard: %v, want ErrUnreadable", err)
	}
	down := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		http.Error(w, "bad gateway", http.StatusBadGateway)
	}))
	down.Close() // nothing listens any more
	if _, err := (&ocr.Baidu{Base: down.URL, APIKey: "ak", SecretKey: "sk"}).Read(ctx, blank, ocr.Front); !errors.Is(err, ocr.ErrUnavailable) {
		t.Errorf("vendor down: %v, want ErrUnavailable", err)
	}
}
