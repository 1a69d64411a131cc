package httpx

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"

	"mallconsole/bff/internal/platform/iplist"
	"mallconsole/bff/internal/platform/limits"
)

var (
	emailPattern = regexp.MustCompile(limits.EmailPattern)
	phonePattern = regexp.MustCompile(limits.PhonePattern)
)

// Check collects the failures of a series of field checks, so a handler reads top-down and the
// answer lists every bad field at once. Only a field's first failure counts (a too long e-mail
// is not also reported as malformed). Err is nil while every check passed, else the 400.
type Check struct {
	Err    error
	fields []FieldError
}

func (c *Check) fail(field, code, reason string) {
	if slices.ContainsFunc(c.fields, func(f FieldError) bool { return f.Field == field }) {
		return
	}
	c.fields = append(c.fields, FieldError{Field: field, Code: code, Message: reason})
	c.Err = Invalid(c.fields...)
}

// Failed tells whether field already failed (a later check that needs it parsed can skip).
func (c *Check) Failed(field string) bool {
	return slices.ContainsFunc(c.fields, func(f FieldError) bool { return f.Field == field })
}

// Text trims *v and requires 1..max characters (0..max when optional).
func (c *Check) Text(field string, v *string, max int, required bool) {
	*v = strings.TrimSpace(*v)
	switch {
	case *v == "" && required:
		c.fail(field, FieldRequired, ReasonRequired)
	case !utf8.ValidString(*v):
		c.fail(field, FieldFormat, ReasonNotUTF8)
	case len([]rune(*v)) > max:
		c.fail(field, FieldTooLong, fmt.Sprintf("%s（最多%d个字符）", ReasonTooLong, max))
	}
}

// Email requires a well-formed address when v is not empty.
func (c *Check) Email(field string, v *string) {
	c.Text(field, v, limits.EmailMax, false)
	if *v != "" && !emailPattern.MatchString(*v) {
		c.fail(field, FieldFormat, "请输入正确的邮箱地址")
	}
}

// Phone requires a mainland mobile number when v is not empty.
func (c *Check) Phone(field string, v *string) {
	c.Text(field, v, limits.PhoneMax, false)
	if *v != "" && !phonePattern.MatchString(*v) {
		c.fail(field, FieldFormat, "请输入正确的手机号码")
	}
}

// IPList requires an address allow-list (iplist.Parse) and normalises *v; empty is allowed.
func (c *Check) IPList(field string, v *string) {
	if len(*v) > 4*iplist.MaxLen {
		c.fail(field, FieldTooLong, ReasonTooLong)
		return
	}
	list, reason := iplist.Parse(*v)
	switch {
	case reason != "":
		c.fail(field, FieldFormat, reason)
	case len(list) > iplist.MaxLen:
		c.fail(field, FieldTooLong, fmt.Sprintf("%s（最多%d个字符）", ReasonTooLong, iplist.MaxLen))
	default:
		*v = list
	}
}

// Password requires limits.PasswordMin..PasswordMax bytes (bcrypt reads no further than 72).
func (c *Check) Password(field, v string) {
	if len(v) < limits.PasswordMin || len(v) > limits.PasswordMax {
		c.fail(field, FieldRange, PasswordReason)
	}
}

// PasswordReason is the reason a password of the wrong length is refused.
var PasswordReason = fmt.Sprintf("长度必须在%d到%d个字符之间", limits.PasswordMin, limits.PasswordMax)

// OneOf requires v to be one of the choices.
func (c *Check) OneOf(field, v string, choices ...string) {
	if !slices.Contains(choices, v) {
		c.fail(field, FieldChoice, "必须是"+strings.Join(choices, "、")+"之一")
	}
}

// Range requires min <= v <= max.
func (c *Check) Range(field string, v, min, max int) {
	if v < min || v > max {
		c.fail(field, FieldRange, fmt.Sprintf("必须在%d到%d之间", min, max))
	}
}

// Positive requires an ID.
func (c *Check) Positive(field string, v int64) {
	if v <= 0 {
		c.fail(field, FieldRequired, ReasonRequired)
	}
}

// Fail records a failure of a rule the checks above do not cover.
func (c *Check) Fail(field, reason string) { c.fail(field, FieldInvalid, reason) }

// FailCode records a failure with its own field code.
func (c *Check) FailCode(field, code, reason string) { c.fail(field, code, reason) }
