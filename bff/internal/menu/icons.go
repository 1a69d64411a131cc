package menu

import "slices"

// Icons are the icon names the console's sidebar draws (frontend/src/features/menu/icons.tsx
// maps each onto a picture; TestIconsMatchTheConsole keeps the two lists equal). A menu's icon
// is one of them or none: a name the sidebar does not know would be ignored without a word.
var Icons = []string{
	"app", "chart", "dashboard", "dept", "dictionary", "doc", "documentation", "edit", "form", "goods",
	"index", "link", "list", "lock", "log", "menu", "message", "monitor", "online", "order", "peoples",
	"role", "setting", "shop", "shopping", "system", "tool", "upload", "user", "validCode",
}

// knownIcon tells whether name may be a menu's icon ("" is no icon).
func knownIcon(name string) bool { return name == "" || slices.Contains(Icons, name) }
