package config

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Footer is what the console's page footer shows (seed-spec §3 footerTxt, caseNumber): a line
// of text and, as Chinese sites must, the ICP filing number linked to the filing register.
type Footer struct {
	Text       string
	CaseNumber string
}

const (
	maxFooterText = 100
	maxCaseNumber = 50
)

// printable refuses control characters: the values end up in a page.
func printable(name, v string, max int) (string, error) {
	v = strings.TrimSpace(v)
	if n := utf8.RuneCountInString(v); n > max {
		return "", fmt.Errorf("%s has %d characters, at most %d", name, n, max)
	}
	if strings.IndexFunc(v, unicode.IsControl) >= 0 {
		return "", fmt.Errorf("%s holds a control character", name)
	}
	return v, nil
}

func parseFooterText(c *Config, v string) (err error) {
	c.Footer.Text, err = printable("the footer text", v, maxFooterText)
	return err
}

func parseCaseNumber(c *Config, v string) (err error) {
	c.Footer.CaseNumber, err = printable("the filing number", v, maxCaseNumber)
	return err
}
