package attach

import (
	"path/filepath"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"mallconsole/bff/internal/platform/httpx"
)

// FuzzUploadNameAndType checks, for any uploaded name and first bytes: the kind comes from the
// content (the name may only pick docx/xlsx/xls inside a container, never accept or refuse a
// file); the kept name is valid UTF-8 without separators, control or invisible characters, at
// most 255 characters, and cleaning it again changes nothing; the download name carries the
// sniffed type's extension and its Content-Disposition stays one printable ASCII line.
func FuzzUploadNameAndType(f *testing.F) {
	for _, s := range [][2]string{
		{"%PDF-1.7", "合同.pdf"}, {"\x89PNG\r\n\x1a\nxxxx", `C:\Users\me\photo.PNG`}, {"PK\x03\x04", "../../etc/表.xlsx"},
		{"PK\x03\x04", "a.docx"}, {"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1", "old.XLS"}, {"<svg onload=alert(1)>", "x.html"},
		{"MZ\x90\x00", "evil\u202Egnp.exe"}, {"GIF89a", "a\x00b\r\n.gif"}, {"BM0123456789ab", " . "},
		{"\xef\xbb\xbf <svg/>", "\xff\xfe.svg"}, {"RIFF0000WEBPVP8 ", "x.jpeg"}, {"\xff\xd8\xff", "photo.jpeg"},
	} {
		f.Add([]byte(s[0]), s[1])
	}
	f.Fuzz(func(t *testing.T, head []byte, filename string) {
		if len(head) > sniffLen {
			head = head[:sniffLen] // the handler sniffs only this much
		}
		name := cleanName(filename)
		if !utf8.ValidString(name) || utf8.RuneCountInString(name) > 255 || name != strings.TrimSpace(name) ||
			strings.ContainsAny(name, `/\`) || strings.ContainsFunc(name, func(r rune) bool { return unicode.IsControl(r) || invisible(r) }) {
			t.Fatalf("cleanName(%q) = %q", filename, name)
		}
		if again := cleanName(name); again != name {
			t.Fatalf("cleanName not stable: %q → %q → %q", filename, name, again)
		}

		kind, ok := sniff(head, name)
		if plain, plainOK := sniff(head, "file"); ok != plainOK {
			t.Fatalf("the name %q decided whether %q is accepted", name, head)
		} else if ok && kind != plain && plain != kindZIP && plain != kindOLE {
			t.Fatalf("the name %q turned %s into %s", name, plain.Ext, kind.Ext)
		}
		if !ok {
			return
		}
		if kind.Ext == "" || kind.ContentType == "" || !strings.Contains(strings.Join(DefaultTypes, " "), kind.Ext) {
			t.Fatalf("sniff(%q) = %+v", head, kind)
		}
		if name == "" {
			return // refused before it is stored
		}
		dl := downloadName(Attachment{Key: "0123456789abcdef." + kind.Ext, OriginalName: name})
		if ext := strings.ToLower(filepath.Ext(dl)); ext != "."+kind.Ext && (kind.Ext != "jpg" || ext != ".jpeg") {
			t.Fatalf("downloadName(%q as %s) = %q", name, kind.Ext, dl)
		}
		h := httpx.Disposition("attachment", dl)
		if strings.ContainsFunc(h, func(r rune) bool { return r < 0x20 || r > 0x7e }) {
			t.Fatalf("Content-Disposition for %q is not one ASCII line: %q", dl, h)
		}
	})
}
