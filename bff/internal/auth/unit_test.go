package auth

import (
	"strings"
	"testing"
)

func TestBrowserOf(t *testing.T) {
	for ua, want := range map[string]string{
		"Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36":                "Chrome 120 (Windows)",
		"Mozilla/5.0 (Macintosh; Intel Mac OS X 14_1) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Safari/605.1.15":             "Safari 17 (macOS)",
		"Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0":                                                         "Firefox 121 (Linux)",
		"Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0.2210": "Edge 120 (Windows)",
		"":         "未知",
		"curl/8.0": "curl/8.0",
	} {
		if got := browserOf(ua); got != want {
			t.Errorf("browserOf(%q) = %q, want %q", ua, got, want)
		}
	}
	if got := browserOf(strings.Repeat("x", 500)); len(got) > 64 {
		t.Errorf("long agent kept %d bytes", len(got))
	}
}

func TestBearer(t *testing.T) {
	for h, want := range map[string]string{"Bearer abc": "abc", "bearer  abc ": "abc", "abc": "abc", "": "", "Bearer ": "Bearer"} {
		if got := bearer(h); got != want {
			t.Errorf("bearer(%q) = %q, want %q", h, got, want)
		}
	}
}

func TestQuestionsAreFourDigitsTypedAsShown(t *testing.T) {
	seen := map[byte]bool{}
	for range 500 {
		digits, answer := question()
		if len(digits) != 4 || len(answer) != 4 {
			t.Fatalf("question %v = %q", digits, answer)
		}
		for i, d := range digits {
			if d > 9 || answer[i] != '0'+d {
				t.Fatalf("digits %v answered %q", digits, answer)
			}
			seen[d] = true
		}
	}
	if len(seen) != 10 {
		t.Fatalf("only digits %v in 500 captchas", seen)
	}
}
