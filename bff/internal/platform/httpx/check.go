package httpx

import (
	"fmt"
	"regexp"
	"strings"
)

// Patterns of the spec's validation rules (seed-spec §5), the same as the front end's.
var (
	emailPattern = regexp.MustCompile(`^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$`)
	phonePattern = regexp.MustCompile(`^1[3-9]\d{9}$`)
)

// Check collects the first failure of a series of field checks, so a handler reads top-down.
type Check struct{ Err error }

func (c *Check) fail(field, reason string) {
	if c.Err == nil {
		c.Err = BadRequest(field, reason)
	}
}

// Text trims *v and requires 1..max characters (0..max when optional).
func (c *Check) Text(field string, v *string, max int, required bool) {
	*v = strings.TrimSpace(*v)
	switch {
	case *v == "" && required:
		c.fail(field, ReasonRequired)
	case len([]rune(*v)) > max:
		c.fail(field, fmt.Sprintf("%s(最多%d个字符)", ReasonTooLong, max))
	}
}

// Email requires a well-formed address when v is not empty.
func (c *Check) Email(field string, v *string) {
	c.Text(field, v, 128, false)
	if *v != "" && !emailPattern.MatchString(*v) {
		c.fail(field, "请输入正确的邮箱地址")
	}
}

// Phone requires a mainland mobile number when v is not empty.
func (c *Check) Phone(field string, v *string) {
	c.Text(field, v, 32, false)
	if *v != "" && !phonePattern.MatchString(*v) {
		c.fail(field, "请输入正确的手机号码")
	}
}

// OneOf requires v to be one of the choices.
func (c *Check) OneOf(field, v string, choices ...string) {
	for _, ch := range choices {
		if v == ch {
			return
		}
	}
	c.fail(field, "必须是"+strings.Join(choices, "、")+"之一")
}

// Range requires min <= v <= max.
func (c *Check) Range(field string, v, min, max int) {
	if v < min || v > max {
		c.fail(field, fmt.Sprintf("必须在%d到%d之间", min, max))
	}
}

// Positive requires an ID.
func (c *Check) Positive(field string, v int64) {
	if v <= 0 {
		c.fail(field, ReasonRequired)
	}
}

// Fail records a failure of a rule the checks above do not cover.
func (c *Check) Fail(field, reason string) { c.fail(field, reason) }
