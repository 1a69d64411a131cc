package printing

import (
	"bytes"
	"html/template"
	"strings"
	"time"
)

// parsePages parses the print views once per Service. html/template escapes every value (a
// remark is the customer's text) and the pages have no script (docs/decisions.md "Printing").
func parsePages() *template.Template {
	return template.Must(template.New("page").Funcs(template.FuncMap{
		"inc":  func(i int) int { return i + 1 },
		"join": func(s []string) string { return strings.Join(s, "，") },
		"time": func(t time.Time) string { return t.Format("2006-01-02 15:04:05") },
	}).Parse(pageText))
}

func (s *Service) page(kind string, d document) ([]byte, error) {
	var buf bytes.Buffer
	buf.Grow(4096 + 3072*len(d.Notes) + 256*len(d.Lines))
	err := s.pages.ExecuteTemplate(&buf, kind, d)
	return buf.Bytes(), err
}
