// Package limits declares, once, the input limits several features share (accounts, names,
// searches), so that user management, the personal center, sign-in, first-run setup and the
// front end (frontend/src/shared/api/limits.ts, kept equal by a test) agree.
package limits

// Passwords: bcrypt reads no further than 72 bytes.
const (
	PasswordMin = 6
	PasswordMax = 72
	// SetupPasswordMin is stricter for the superuser's password chosen at first-run setup.
	SetupPasswordMin = 8
)

// Accounts.
const (
	UsernameMax = 64
	NickNameMax = 64
	EmailMax    = 128
	PhoneMax    = 32
)

// Names and texts of managed records (roles, departments, dictionaries, menus).
const (
	NameMax        = 64
	DescriptionMax = 255
)

// BlurryMax bounds a list's keyword search.
const BlurryMax = 64

// Patterns of e-mail addresses and mainland mobile numbers, the same in the front end.
const (
	EmailPattern = `^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$`
	PhonePattern = `^1[3-9]\d{9}$`
)
