package limits

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"
)

// The front end's copy of the limits (frontend/src/shared/api/limits.ts) has the same numbers:
// a form refuses what the BFF refuses, and nothing more.
func TestFrontEndLimitsMatch(t *testing.T) {
	src, err := os.ReadFile(filepath.Join("..", "..", "..", "..", "frontend", "src", "shared", "api", "limits.ts"))
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]int{
		"passwordMin": PasswordMin, "passwordMax": PasswordMax, "setupPasswordMin": SetupPasswordMin,
		"usernameMax": UsernameMax, "nickNameMax": NickNameMax, "emailMax": EmailMax, "phoneMax": PhoneMax,
		"nameMax": NameMax, "descriptionMax": DescriptionMax, "blurryMax": BlurryMax,
	}
	got := map[string]int{}
	for _, m := range regexp.MustCompile(`(?m)^\s*(\w+):\s*(\d+),`).FindAllStringSubmatch(string(src), -1) {
		n, _ := strconv.Atoi(m[2])
		got[m[1]] = n
	}
	if len(got) != len(want) {
		t.Errorf("front end declares %v, want %v", got, want)
	}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("%s: front end %d, BFF %d", k, got[k], v)
		}
	}
}
