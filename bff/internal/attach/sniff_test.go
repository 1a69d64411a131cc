package attach

import "testing"

func TestSniff(t *testing.T) {
	for _, c := range []struct {
		head, name, ext string
		ok              bool
	}{
		{"%PDF-1.4 …", "a.png", "pdf", true},
		{"\x89PNG\r\n\x1a\n....", "a.pdf", "png", true},
		{"\xff\xd8\xff\xe0..JFIF", "a.jpeg", "jpg", true},
		{"GIF89a....", "a", "gif", true},
		{"RIFF\x00\x00\x00\x00WEBPVP8 ", "a.webp", "webp", true},
		{"BM\x36\x00\x00\x00\x00\x00\x00\x00\x36\x00\x00\x00", "a.bmp", "bmp", true},
		{"\xef\xbb\xbf<?xml version=\"1.0\"?>\n<svg xmlns=…>", "a.svg", "svg", true},
		{"PK\x03\x04....", "a.docx", "docx", true},
		{"PK\x03\x04....", "a.xlsx", "xlsx", true},
		{"PK\x03\x04....", "a.png", "zip", true},
		{"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1", "a.doc", "doc", true},
		{"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1", "a.xls", "xls", true},
		{"<html><script>", "a.svg", "", false},
		{"MZ\x90\x00", "a.pdf", "", false},
		{"plain text", "a.txt", "", false},
		{"BM", "a.bmp", "", false}, // too short to be a bitmap
	} {
		k, ok := sniff([]byte(c.head), c.name)
		if ok != c.ok || k.Ext != c.ext {
			t.Errorf("sniff(%q, %s) = %q %v, want %q %v", c.head, c.name, k.Ext, ok, c.ext, c.ok)
		}
	}
}

func TestCleanName(t *testing.T) {
	for in, want := range map[string]string{
		"a.png":             "a.png",
		"../../etc/passwd":  "passwd",
		`C:\Users\x\合同.pdf`: "合同.pdf",
		"a\x00b\nc.png":     "abc.png",
		"..":                "", // no file is called that
		" . ":               "", // trimmed to "." (found by FuzzUploadNameAndType)
		"":                  "",
	} {
		if got := cleanName(in); got != want {
			t.Errorf("cleanName(%q) = %q, want %q", in, got, want)
		}
	}
}
