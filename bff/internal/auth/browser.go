package auth

import (
	"regexp"
	"strings"
)

var browserPatterns = []struct {
	name string
	re   *regexp.Regexp
}{
	{"Edge", regexp.MustCompile(`Edg(?:e|A|iOS)?/(\d+)`)},
	{"Opera", regexp.MustCompile(`OPR/(\d+)`)},
	{"Chrome", regexp.MustCompile(`(?:Chrome|CriOS)/(\d+)`)},
	{"Firefox", regexp.MustCompile(`(?:Firefox|FxiOS)/(\d+)`)},
	{"Safari", regexp.MustCompile(`Version/(\d+).*Safari/`)},
}

var osNames = []struct{ marker, name string }{
	{"Windows", "Windows"}, {"Android", "Android"}, {"iPhone", "iOS"}, {"iPad", "iPadOS"},
	{"Mac OS X", "macOS"}, {"CrOS", "ChromeOS"}, {"Linux", "Linux"},
}

// browserOf summarises a User-Agent for the online list: "Chrome 120 (Windows)".
func browserOf(ua string) string {
	if ua == "" {
		return "未知"
	}
	name := ""
	for _, p := range browserPatterns {
		if m := p.re.FindStringSubmatch(ua); m != nil {
			name = p.name + " " + m[1]
			break
		}
	}
	osName := ""
	for _, o := range osNames {
		if strings.Contains(ua, o.marker) {
			osName = o.name
			break
		}
	}
	switch {
	case name != "" && osName != "":
		return name + " (" + osName + ")"
	case name != "":
		return name
	}
	if len(ua) > 64 {
		ua = ua[:64]
	}
	return strings.ToValidUTF8(ua, "")
}

// BrowserOf names the browser and system of a User-Agent for people to read ("Chrome 142 / Windows").
func BrowserOf(ua string) string { return browserOf(ua) }
