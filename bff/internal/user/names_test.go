package user

import "testing"

func TestNameKey(t *testing.T) {
	for _, n := range []string{"admin", "ADMIN", "ádmin", "ÁDMÏÑ", "ＡＤＭＩＮ", "Admin"} {
		if got := NameKey(n); got != "admin" {
			t.Errorf("NameKey(%q) = %q, want admin", n, got)
		}
	}
	if NameKey("张三") != "张三" || NameKey("lead") == NameKey("1ead") {
		t.Error("distinct names must keep distinct keys")
	}
}

func TestInvisible(t *testing.T) {
	for _, n := range []string{"ad\u200bmin", "admin\u202e", "a\u200dmin", "\ufeffadmin", "ad\u00admin", "ad\u3000min",
		"ad\u00a0min", "ad\tmin", "ad\u2066min", "ad\u115fmin", "ad\ufe0fmin", "ad\u2028min"} {
		if !Invisible(n) {
			t.Errorf("%q passes", n)
		}
	}
	for _, n := range []string{"admin", "张三", "li si", "o'neil", "ÁDMÏÑ"} {
		if Invisible(n) {
			t.Errorf("%q refused", n)
		}
	}
}
