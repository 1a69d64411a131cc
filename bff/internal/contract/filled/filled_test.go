package filled_test

import (
	"slices"
	"testing"

	"mallconsole/bff/internal/contract"
	"mallconsole/bff/internal/contract/filled"
)

// TestTextAndFill: the demo template's lines come back as written, and the declared variables
// are filled in both spellings while other braces stay.
func TestTextAndFill(t *testing.T) {
	lines, err := filled.Text(contract.MinimalPDF("Contract", "Agency: {{agencyName}}", "Term: {{ startDate }} - {endDate}", "Keep {{unknown}} {x y}"))
	if err != nil {
		t.Fatal(err)
	}
	got := filled.Fill(lines, map[string]string{"agencyName": "华东渠道", "startDate": "2026-01-01", "endDate": "2026-12-31"})
	wantLines := []string{"Contract", "Agency: 华东渠道", "Term: 2026-01-01 - 2026-12-31", "Keep {{unknown}} {x y}"}
	if !slices.Equal(got, wantLines) {
		t.Fatalf("filled %q, want %q", got, wantLines)
	}
	if _, err := filled.Text([]byte("%PDF-1.4 not really")); err != filled.ErrUnreadable {
		t.Fatalf("a broken file: %v", err)
	}
}
