package order

// maskPhone hides the middle of a mobile number as docs/decisions.md "Masking" says: the first 3
// characters, 4 stars, then everything from the 8th character ("13812345678" → "138****5678").
// A shorter value keeps at most its first 3 characters.
func maskPhone(p string) string {
	r := []rune(p)
	switch {
	case len(r) == 0:
		return ""
	case len(r) <= 7:
		return string(r[:min(3, len(r))]) + "****"
	}
	return string(r[:3]) + "****" + string(r[7:])
}
