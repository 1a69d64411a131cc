// Package filled makes a contract's filled PDF: its template's text, read from the template's
// PDF, with the contract's variables in place of the {{key}} placeholders, laid out with the
// CJK font of platform/pdf.
package filled

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"regexp"
	"strings"
	"unicode/utf8"

	lpdf "github.com/ledongthuc/pdf"

	"mallconsole/bff/internal/attach"
	"mallconsole/bff/internal/contract"
	"mallconsole/bff/internal/platform/pdf"
)

// Errors of the filled PDF; http.go answers them.
var (
	ErrNoTemplate = errors.New("filled: the contract has no template file")
	ErrUnreadable = errors.New("filled: the template's text cannot be read")
)

// Contracts reads a contract inside an agency scope (contract.Service).
type Contracts interface {
	Get(ctx context.Context, scope *int64, id int64) (contract.Detail, error)
}

// Files reads a stored file (attach.Service).
type Files interface {
	Get(ctx context.Context, id int64) (attach.Attachment, bool, error)
	Open(ctx context.Context, a attach.Attachment) (io.ReadCloser, error)
}

// Service makes filled PDFs.
type Service struct {
	contracts Contracts
	files     Files
	pdfs      *pdf.Maker
}

// NewService uses the contracts, the files and the PDF maker (off: pdf.ErrOff).
func NewService(contracts Contracts, files Files, pdfs *pdf.Maker) *Service {
	return &Service{contracts: contracts, files: files, pdfs: pdfs}
}

// PDF is the contract's filled PDF and the file name to download it as.
func (s *Service) PDF(ctx context.Context, scope *int64, id int64) ([]byte, string, error) {
	d, err := s.contracts.Get(ctx, scope, id)
	if err != nil {
		return nil, "", err
	}
	if !s.pdfs.Enabled() {
		return nil, "", pdf.ErrOff
	}
	if d.Template == nil || d.Template.FileID == 0 {
		return nil, "", ErrNoTemplate
	}
	lines, err := s.templateText(ctx, d.Template.FileID)
	if err != nil {
		return nil, "", err
	}
	values := map[string]string{}
	for _, v := range d.Variables {
		values[v.Key] = v.Value
	}
	b, err := s.layout(d, Fill(lines, values))
	return b, d.ContractNo + ".pdf", err
}

// templateText reads the template PDF's text, a line per row of text on its pages.
func (s *Service) templateText(ctx context.Context, fileID int64) ([]string, error) {
	a, found, err := s.files.Get(ctx, fileID)
	if err != nil {
		return nil, err
	}
	if !found {
		return nil, ErrNoTemplate
	}
	rc, err := s.files.Open(ctx, a)
	if err != nil {
		return nil, err
	}
	defer rc.Close()
	raw, err := io.ReadAll(io.LimitReader(rc, contract.MaxPDF+1))
	if err != nil {
		return nil, err
	}
	return Text(raw)
}

// Text is a PDF's text, one line per row: the characters in drawing order, a new line where
// the baseline moves (a row's pieces are joined as drawn). A PDF that cannot be parsed, or
// whose text cannot be decoded (a composite font without a ToUnicode map), is ErrUnreadable.
func Text(raw []byte) ([]string, error) {
	lines, err := RawText(raw)
	if err != nil {
		return nil, err
	}
	for _, l := range lines {
		if garbled(l) {
			return nil, ErrUnreadable
		}
	}
	return lines, nil
}

// RawText is the lines as decoded, unchecked. The reader parses the file; the text is walked
// and decoded here (walk.go, cmap.go).
func RawText(raw []byte) (lines []string, err error) {
	defer func() {
		// The reader panics on some malformed files; one bad upload must not fail the server.
		if recover() != nil {
			lines, err = nil, ErrUnreadable
		}
	}()
	r, err := lpdf.NewReader(bytes.NewReader(raw), int64(len(raw)))
	if err != nil {
		return nil, ErrUnreadable
	}
	for i := 1; i <= r.NumPage(); i++ {
		if p := r.Page(i); !p.V.IsNull() {
			lines = append(lines, pageLines(p)...)
		}
	}
	return lines, nil
}

// garbled tells a line that was not decoded: a code its font's map lacks (U+FFFD) or a control
// character where a byte was taken for a character. A contract written from such text would be
// nonsense; refusing is honest (the detail's filled text, read by pdf.js, stays right).
func garbled(line string) bool {
	for _, r := range line {
		if (r < 0x20 && r != '\t') || (r >= 0x7f && r <= 0x9f) || r == utf8.RuneError {
			return true
		}
	}
	return false
}

// placeholder is {{key}} (spaces allowed inside) and {key} as older templates wrote it, as the
// console's preview fills them (templateFill.ts).
var placeholder = regexp.MustCompile(`\{\{\s*([A-Za-z][A-Za-z0-9_]*)\s*\}\}|\{([A-Za-z][A-Za-z0-9_]*)\}`)

// Fill puts the values in the lines' placeholders of the keys values has; other braces stay.
func Fill(lines []string, values map[string]string) []string {
	out := make([]string, len(lines))
	for i, l := range lines {
		out[i] = placeholder.ReplaceAllStringFunc(l, func(m string) string {
			sub := placeholder.FindStringSubmatch(m)
			key := sub[1] + sub[2]
			if v, ok := values[key]; ok {
				return v
			}
			return m
		})
	}
	return out
}

// layout writes A4 pages: the contract's name as the title, its number, agency and term, then
// the template's filled text, a paragraph per line.
func (s *Service) layout(d contract.Detail, lines []string) ([]byte, error) {
	doc, err := s.pdfs.New("P", pdf.A4)
	if err != nil {
		return nil, err
	}
	doc.SetTitle(d.Name, true)
	doc.SetMargins(20, 20, 20)
	doc.AddPage()
	doc.SetFont(pdf.Family, "", 18)
	doc.MultiCell(0, 10, d.Name, "", "C", false)
	doc.Ln(2)
	doc.SetFont(pdf.Family, "", 10)
	doc.MultiCell(0, 6, fmt.Sprintf("合同编号：%s　渠道：%s　期限：%s 至 %s", d.ContractNo, d.AgencyName, d.StartDate, d.EndDate), "", "C", false)
	doc.Ln(6)
	doc.SetFont(pdf.Family, "", 12)
	for _, l := range lines {
		if strings.TrimSpace(l) == "" {
			doc.Ln(4)
			continue
		}
		doc.MultiCell(0, 7, l, "", "L", false)
		doc.Ln(1)
	}
	var b bytes.Buffer
	if err := doc.Output(&b); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}
