package ocr

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"
)

// Parse reads the fields of one side from the text an OCR engine printed, line by line, by the
// labels printed on the card (姓名 性别 民族 出生 住址 公民身份号码; 签发机关 有效期限). Engines put
// spaces between Chinese characters and read the card's faint lines as quotes, so both go
// before a line is looked at.
func Parse(text string, side Side) Card {
	lines := cleanLines(text)
	if side == Front {
		return parseFront(lines)
	}
	return parseBack(lines)
}

var (
	numberPattern   = regexp.MustCompile(`[1-9]\d{16}[\dXx]`)
	birthPattern    = regexp.MustCompile(`(\d{4})年(\d{1,2})月(\d{1,2})日?`)
	validityPattern = regexp.MustCompile(`(\d{4})[.\-]?(\d{2})[.\-]?(\d{2})[-—–~至]+(?:(\d{4})[.\-]?(\d{2})[.\-]?(\d{2})|(长期))`)
)

// specimenMarks are printed on specimen cards (样本) on a line of their own; never a field.
var specimenMarks = []string{"样本", "SPECIMEN"}

func cleanLines(text string) []string {
	var out []string
	for _, l := range strings.Split(text, "\n") {
		l = strings.Map(func(r rune) rune {
			if unicode.IsSpace(r) || strings.ContainsRune("\"'“”‘’`,，:：|_", r) {
				return -1
			}
			return r
		}, l)
		if l != "" && !slices.Contains(specimenMarks, l) {
			out = append(out, l)
		}
	}
	return out
}

// after is what follows label on the line, found = whether the label is on it.
func after(line, label string) (string, bool) {
	_, rest, ok := strings.Cut(line, label)
	return rest, ok
}

func parseFront(lines []string) Card {
	var c Card
	for i, l := range lines {
		if m := numberPattern.FindString(l); m != "" && c.Number == "" {
			c.Number = strings.ToUpper(m)
		}
		if v, ok := after(l, "姓名"); ok && c.Name == "" {
			c.Name = v
		}
		if v, ok := after(l, "性别"); ok && c.Gender == "" {
			g, eth, _ := strings.Cut(v, "民族")
			c.Gender = firstOf(g, "男", "女")
			c.Ethnicity = eth
		} else if v, ok := after(l, "民族"); ok && c.Ethnicity == "" {
			c.Ethnicity = v
		}
		if m := birthPattern.FindStringSubmatch(l); m != nil && c.Birth == "" {
			c.Birth = date(m[1], m[2], m[3])
		}
		if v, ok := after(l, "住址"); ok && c.Address == "" {
			c.Address = v + addressTail(lines[i+1:])
		}
	}
	// The number holds the birth date and the gender (GB 11643): a label the engine missed is
	// filled from it.
	if len(c.Number) == 18 {
		if c.Birth == "" {
			c.Birth = date(c.Number[6:10], c.Number[10:12], c.Number[12:14])
		}
		if c.Gender == "" {
			if (c.Number[16]-'0')%2 == 1 {
				c.Gender = "男"
			} else {
				c.Gender = "女"
			}
		}
	}
	return c
}

// addressTail is the address's further lines: up to the number's line.
func addressTail(lines []string) string {
	var b strings.Builder
	for _, l := range lines {
		if strings.Contains(l, "身份号码") || strings.Contains(l, "号码") || numberPattern.MatchString(l) {
			break
		}
		b.WriteString(l)
	}
	return b.String()
}

func parseBack(lines []string) Card {
	var c Card
	for i, l := range lines {
		if v, ok := after(l, "签发机关"); ok && c.Authority == "" {
			if v == "" && i+1 < len(lines) && !strings.Contains(lines[i+1], "有效期限") {
				v = lines[i+1]
			}
			c.Authority = v
		}
		if m := validityPattern.FindStringSubmatch(l); m != nil && c.Validity == "" {
			from := m[1] + "." + m[2] + "." + m[3]
			if m[7] != "" {
				c.Validity = from + "-长期"
			} else {
				c.Validity = from + "-" + m[4] + "." + m[5] + "." + m[6]
			}
		}
	}
	return c
}

func firstOf(s string, choices ...string) string {
	for _, r := range s {
		for _, c := range choices {
			if string(r) == c {
				return c
			}
		}
	}
	return ""
}

func date(y, m, d string) string {
	yi, _ := strconv.Atoi(y)
	mi, _ := strconv.Atoi(m)
	di, _ := strconv.Atoi(d)
	if yi < 1900 || mi < 1 || mi > 12 || di < 1 || di > 31 {
		return ""
	}
	return fmt.Sprintf("%04d-%02d-%02d", yi, mi, di)
}
