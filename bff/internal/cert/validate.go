package cert

import (
	"strings"
	"time"
)

// creditChars are the characters of a unified social credit code (GB 32100-2015): digits and
// upper-case letters without I, O, S, V, Z; a character's value is its index.
const creditChars = "0123456789ABCDEFGHJKLMNPQRTUWXY"

// creditWeights are the weights 3^i mod 31 of the first 17 characters.
var creditWeights = [17]int{1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28}

// CreditCode tells whether s is a unified social credit code: 18 characters of creditChars, the
// registering authority (1 机构编制, 5 民政, 9 工商, Y 其他) first, the 6-digit region at 3..8,
// and the last character the check of the first 17: 31 − (Σ value×weight mod 31), 31 read as 0.
func CreditCode(s string) bool {
	if len(s) != 18 || !strings.ContainsRune("159Y", rune(s[0])) {
		return false
	}
	for i := 2; i < 8; i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	sum := 0
	for i := range 17 {
		v := strings.IndexByte(creditChars, s[i])
		if v < 0 {
			return false
		}
		sum += v * creditWeights[i]
	}
	check := (31 - sum%31) % 31
	return s[17] == creditChars[check]
}

// idWeights and idCheck are GB 11643's ISO 7064 MOD 11-2 check of a resident ID number.
var idWeights = [17]int{7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2}

const idCheck = "10X98765432"

// IDCard tells whether s is an 18-character resident identity number: the region (first digit
// 1-9), a real birth date from 1900 on, the sequence, and the check character (X for 10). The
// rule of the front end's isIdCard (frontend/src/shared/lib/validate.ts) for the 18-digit form;
// the 15-digit cards it also accepts stopped being valid in 2013, so a certification refuses
// them (docs/decisions.md "Enterprise certification").
func IDCard(s string) bool {
	if len(s) != 18 || s[0] < '1' || s[0] > '9' {
		return false
	}
	sum := 0
	for i := range 17 {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
		sum += int(s[i]-'0') * idWeights[i]
	}
	if last := s[17]; last != idCheck[sum%11] && (last != 'x' || idCheck[sum%11] != 'X') {
		return false
	}
	birth, err := time.Parse("20060102", s[6:14])
	return err == nil && birth.Year() >= 1900
}

// MaskID hides the middle of an identity number: the region's first 4 and the last 4 stay
// (1101**********0019), as lists and logs show it (docs/decisions.md "Masking").
func MaskID(s string) string {
	r := []rune(s)
	if len(r) <= 8 {
		return strings.Repeat("*", len(r))
	}
	return string(r[:4]) + strings.Repeat("*", len(r)-8) + string(r[len(r)-4:])
}
