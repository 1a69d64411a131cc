package cert_test

import (
	"testing"

	"mallconsole/bff/internal/cert"
)

func TestCreditCode(t *testing.T) {
	cases := []struct {
		code string
		ok   bool
		why  string
	}{
		{"91350100M000100Y43", true, "a published example (福建)"},
		{"91110000600037341L", true, "check character a letter"},
		{"91110000MA00000240", true, "check character 0 (31 mod 31)"},
		{"91350100M000100Y44", false, "wrong check character"},
		{"91350100M000100Y4", false, "17 characters"},
		{"91350100M000100Y430", false, "19 characters"},
		{"91350100m000100Y43", false, "lower case"},
		{"91350100O000100Y43", false, "letter O is not in the set"},
		{"81350100M000100Y4X", false, "registering authority 8 does not exist"},
		{"913501A0M000100Y43", false, "region not all digits"},
		{"", false, "empty"},
	}
	for _, c := range cases {
		if got := cert.CreditCode(c.code); got != c.ok {
			t.Errorf("CreditCode(%q) = %v, want %v (%s)", c.code, got, c.ok, c.why)
		}
	}
}

func TestIDCard(t *testing.T) {
	cases := []struct {
		id  string
		ok  bool
		why string
	}{
		{"110101199003070011", true, "the specimen card's number"},
		{"11010119850512058X", true, "check X"},
		{"11010119850512058x", true, "check x in lower case"},
		{"110101199003070012", false, "wrong check digit"},
		{"110101199002300011", false, "30 February"},
		{"110101189003070016", false, "born before 1900"},
		{"010101199003070019", false, "region starts with 0"},
		{"11010119900307001", false, "17 characters"},
		{"110101900307001", false, "the 15-digit form (withdrawn in 2013)"},
		{"1101011990030700A9", false, "a letter inside"},
	}
	for _, c := range cases {
		if got := cert.IDCard(c.id); got != c.ok {
			t.Errorf("IDCard(%q) = %v, want %v (%s)", c.id, got, c.ok, c.why)
		}
	}
}

func TestMaskID(t *testing.T) {
	for in, want := range map[string]string{"110101199003070011": "1101**********0011", "1234": "****", "": ""} {
		if got := cert.MaskID(in); got != want {
			t.Errorf("MaskID(%q) = %q, want %q", in, got, want)
		}
	}
}
