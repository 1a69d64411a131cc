package user

import (
	"unicode"

	"golang.org/x/text/cases"
	"golang.org/x/text/runes"
	"golang.org/x/text/transform"
	"golang.org/x/text/unicode/norm"
)

// NameKey is the form under which two user names count as the same account name: compatibility
// forms folded (ＡＤＭＩＮ), accents dropped (ÁDMÏÑ) and case folded (Admin). Names are stored and
// compared exactly; the key, unique in the users table, only keeps a look-alike from being created.
func NameKey(name string) string {
	t := transform.Chain(norm.NFKD, runes.Remove(runes.In(unicode.Mn)), norm.NFKC)
	s, _, err := transform.String(t, name)
	if err != nil {
		s = name
	}
	return cases.Fold().String(s)
}

// ReasonInvisible is why a user name with a hidden character is refused.
const ReasonInvisible = "不能包含不可见字符或文字方向控制字符"

// Invisible tells whether name holds a character a reader does not see or that reorders what
// they see: controls, format characters such as zero-width spaces and U+202E, default-ignorable
// code points, and any space other than the plain one.
func Invisible(name string) bool {
	for _, r := range name {
		switch {
		case r == ' ':
		case unicode.IsControl(r), unicode.In(r, unicode.Cf, unicode.Co, unicode.Cs, unicode.Zl, unicode.Zp),
			unicode.In(r, unicode.Other_Default_Ignorable_Code_Point, unicode.Variation_Selector),
			unicode.IsSpace(r), r == unicode.ReplacementChar:
			return true
		}
	}
	return false
}
