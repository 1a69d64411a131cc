package order

import (
	"bytes"
	"fmt"
)

// Bounds of a workbook's XML. encoding/xml, under excelize, holds a whole token at a time, a
// run of character data or a tag, however long; excelize decodes parts other than the sheets
// into a struct an element; and it keeps an offset pair for each shared string. So tokens,
// elements and shared strings are bounded where Excel's own limits, or the import's, allow.
const (
	maxToken         = 256 << 10 // a cell of 32,767 characters (Excel's most), escaped, fits
	maxPartText      = 32 << 20  // character data in one part: 100,000 rows hold about 3 MB
	maxRows          = 1 << 20   // row elements in a sheet: Excel's 1,048,576 rows
	maxCellsInRow    = 16384     // cells in a row: Excel's columns, A to XFD
	maxSharedStrings = 6 * ImportMaxRows
	maxElements      = 200_000 // in a part decoded whole (styles: Excel's 64,000 formats and more)
	maxItemElements  = 1 << 15 // in a cell or shared string: a rich-text run is about ten, a cell has a few
)

type scanState uint8

const (
	inText    scanState = iota
	inTag               // after '<': a tag, or a comment, CDATA or declaration until its kind is known
	inComment           // <!-- … -->
	inCDATA             // <![CDATA[ … ]]>, character data
	inPI                // <? … ?>
)

// headLen is how much of a markup is kept to tell its kind and its element's name.
const headLen = 16

// xmlScan reads one part's XML as it is unpacked and fails with ErrBomb at the first bound
// passed. It is no parser: it tells text from markup (quotes in tags, comments, CDATA and
// processing instructions, which may hold '<' and '>') well enough to measure each token as
// encoding/xml will, and counts the elements excelize keeps. A DOCTYPE, which OOXML forbids and
// encoding/xml hands on whole, is refused.
type xmlScan struct {
	part  part
	state scanState
	run   int64 // bytes of the current token
	text  int64 // character data in the part so far
	head  []byte
	quote byte    // the quote open inside a tag
	prev  [2]byte // the bytes before, to find the end of a comment, CDATA or PI

	rows, items, elements int64 // items: cells of the current row, or shared strings
	inItem                bool  // inside a cell or a shared string
	inItemElements        int64
}

// Write scans p; an error stops the unpacking.
func (s *xmlScan) Write(p []byte) (int, error) {
	for i := 0; i < len(p); {
		if s.state == inText {
			j := bytes.IndexByte(p[i:], '<')
			if j < 0 {
				j = len(p) - i
			}
			if err := s.addText(int64(j)); err != nil {
				return i, err
			}
			if i += j; i < len(p) {
				s.state, s.run, s.head, s.quote = inTag, 0, s.head[:0], 0
				i++
			}
			continue
		}
		if err := s.markup(p[i]); err != nil {
			return i, err
		}
		i++
	}
	return len(p), nil
}

func (s *xmlScan) addText(n int64) error {
	s.run += n
	s.text += n
	switch {
	case s.run > maxToken:
		return fmt.Errorf("%w: character data of over %d bytes", ErrBomb, maxToken)
	case s.text > maxPartText:
		return fmt.Errorf("%w: over %d bytes of character data", ErrBomb, maxPartText)
	}
	return nil
}

// markup takes one byte after a '<'.
func (s *xmlScan) markup(b byte) error {
	if s.run++; s.run > maxToken {
		return fmt.Errorf("%w: markup of over %d bytes", ErrBomb, maxToken)
	}
	before, last := s.prev[0], s.prev[1]
	s.prev = [2]byte{last, b}
	switch s.state {
	case inComment:
		s.closeIf(before == '-' && last == '-' && b == '>')
		return nil
	case inCDATA:
		if s.text++; s.text > maxPartText {
			return fmt.Errorf("%w: over %d bytes of character data", ErrBomb, maxPartText)
		}
		s.closeIf(before == ']' && last == ']' && b == '>')
		return nil
	case inPI:
		s.closeIf(last == '?' && b == '>')
		return nil
	}
	if len(s.head) < headLen {
		s.head = append(s.head, b)
	}
	switch {
	case s.head[0] == '!':
		return s.declaration()
	case s.head[0] == '?':
		s.state = inPI
	case s.quote != 0:
		if b == s.quote {
			s.quote = 0
		}
	case b == '"' || b == '\'':
		s.quote = b
	case b == '>':
		s.state, s.run = inText, 0
		return s.element()
	}
	return nil
}

// closeIf ends a comment, CDATA section or PI at its end.
func (s *xmlScan) closeIf(end bool) {
	if end {
		s.state, s.run = inText, 0
	}
}

// declaration tells a comment or CDATA from the declarations OOXML forbids (DOCTYPE, ENTITY).
func (s *xmlScan) declaration() error {
	h := string(s.head)
	switch {
	case h == "!--":
		s.state, s.prev = inComment, [2]byte{}
	case h == "![CDATA[":
		s.state, s.prev = inCDATA, [2]byte{}
	case !bytes.HasPrefix([]byte("!--"), s.head) && !bytes.HasPrefix([]byte("![CDATA["), s.head):
		return fmt.Errorf("%w: a declaration (<%s…>)", ErrBomb, h)
	}
	return nil
}

// element counts a tag that has ended: rows and their cells in a sheet, items of the shared
// strings and the elements inside each (rich-text runs: excelize decodes a cell or an item
// whole), all elements of a part decoded whole.
func (s *xmlScan) element() error {
	end := s.head[0] == '/'
	name := s.head
	if end {
		name = name[1:]
	}
	if i := bytes.IndexAny(name, " \t\r\n/>"); i >= 0 {
		name = name[:i]
	}
	if i := bytes.IndexByte(name, ':'); i >= 0 {
		name = name[i+1:]
	}
	item := s.part.worksheet && string(name) == "c" || s.part.shared && string(name) == "si"
	switch {
	case end:
		s.inItem = s.inItem && !item
	case item:
		s.inItem, s.inItemElements = s.prev[0] != '/', 0 // <c/> holds nothing
		limit, what := s.part.items()
		return s.count(&s.items, limit, what)
	case s.inItem:
		return s.count(&s.inItemElements, maxItemElements, "elements in a cell or shared string")
	case s.part.worksheet && string(name) == "row":
		s.items = 0
		return s.count(&s.rows, maxRows, "rows")
	case !s.part.worksheet && !s.part.shared:
		return s.count(&s.elements, maxElements, "elements")
	}
	return nil
}

// count adds one to n, failing past limit.
func (s *xmlScan) count(n *int64, limit int64, what string) error {
	if *n++; *n > limit {
		return fmt.Errorf("%w: over %d %s", ErrBomb, limit, what)
	}
	return nil
}
