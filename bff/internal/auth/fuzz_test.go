package auth

import (
	"strings"
	"testing"
	"time"
)

// FuzzTokenParse feeds the token parser what a client may send: any text never verifies unless it
// is the very token the server signed, and a signed token changed in any one byte never verifies
// either (no forgery, no second spelling of one token).
func FuzzTokenParse(f *testing.F) {
	tk := newTokens([]byte("0123456789abcdef0123456789abcdef"))
	issued := time.Date(2026, 11, 25, 8, 0, 0, 0, time.UTC)
	valid, err := tk.sign("sid-1", "staff", 42, issued, issued.Add(time.Hour))
	if err != nil {
		f.Fatal(err)
	}
	other, _ := newTokens([]byte("another key, another key, 32 by.")).sign("sid-1", "staff", 42, issued, issued.Add(time.Hour))
	head, _, _ := strings.Cut(valid, ".")
	for _, s := range []string{valid, other, "Bearer " + valid, "", ".", "..", "a.b.c", head + "..",
		"eyJhbGciOiJub25lIn0.eyJzaWQiOiJ4Iiwic3ViIjoiMSJ9.", valid + "x", strings.ToUpper(valid)} {
		f.Add(s, uint16(0), byte(0))
	}
	f.Add("", uint16(len(valid)-1), byte('A'))
	f.Add("", uint16(len(valid)-1), byte('B'))
	f.Fuzz(func(t *testing.T, raw string, pos uint16, b byte) {
		if c, uid, err := tk.parse(raw); err == nil && raw != valid {
			t.Fatalf("parse(%q) verified as %+v uid %d: a forgery", raw, c, uid)
		}
		tok := bearer(raw)
		if tok != strings.TrimSpace(tok) || (strings.HasPrefix(raw, "Bearer ") && strings.HasPrefix(tok, "Bearer ")) && tok == raw {
			t.Fatalf("bearer(%q) = %q", raw, tok)
		}
		mutated := []byte(valid)
		i := int(pos) % len(mutated)
		if mutated[i] == b {
			return
		}
		mutated[i] = b
		if _, _, err := tk.parse(string(mutated)); err == nil {
			t.Fatalf("the token with byte %d set to %q still verifies: %s", i, b, mutated)
		}
	})
}

// Found by FuzzTokenParse: the signature's last base64 character carries two unused bits, and
// without strict decoding the other spellings of it verified too.
func TestTokenWithAnotherSpellingOfItsSignatureIsRefused(t *testing.T) {
	tk := newTokens([]byte("0123456789abcdef0123456789abcdef"))
	valid, err := tk.sign("sid-1", "staff", 42, time.Unix(1795593600, 0), time.Unix(1795597200, 0))
	if err != nil {
		t.Fatal(err)
	}
	const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
	last := strings.IndexByte(alphabet, valid[len(valid)-1])
	for bits := 1; bits < 4; bits++ { // the two low bits of the last character are padding
		other := valid[:len(valid)-1] + string(alphabet[last^bits])
		if _, _, err := tk.parse(other); err == nil {
			t.Errorf("%s verified", other)
		}
	}
	if _, _, err := tk.parse(valid); err != nil {
		t.Fatalf("the token itself: %v", err)
	}
}
