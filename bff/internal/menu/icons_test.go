package menu

import (
	"os"
	"regexp"
	"slices"
	"testing"
)

// TestIconsMatchTheConsole: the server accepts exactly the icons the sidebar draws, so a menu
// saved with an accepted icon never shows the generic one, and every drawn icon can be chosen.
func TestIconsMatchTheConsole(t *testing.T) {
	src, err := os.ReadFile("../../../frontend/src/features/menu/icons.tsx")
	if err != nil {
		t.Fatal(err)
	}
	var drawn []string
	for _, m := range regexp.MustCompile(`(?m)^\s+(\w+): <\w+ />,$`).FindAllStringSubmatch(string(src), -1) {
		drawn = append(drawn, m[1])
	}
	slices.Sort(drawn)
	want := slices.Clone(Icons)
	slices.Sort(want)
	if !slices.Equal(drawn, want) {
		t.Fatalf("icons.tsx draws %v, the server accepts %v", drawn, want)
	}
	if !knownIcon("") || knownIcon("banana") || knownIcon("Dashboard") {
		t.Fatal("knownIcon")
	}
}
