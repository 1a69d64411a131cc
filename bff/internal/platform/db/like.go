package db

import (
	"strings"

	"gorm.io/gorm"
)

// likeEscape follows every LIKE built from Contains. '!' rather than a backslash: SQLite has no
// default escape character, and a backslash is itself an escape in MySQL string literals.
const likeEscape = " ESCAPE '!'"

var likeEscaper = strings.NewReplacer("!", "!!", "%", "!%", "_", "!_")

// Contains is the LIKE pattern of "contains s" with s's wildcards escaped, so that a search for
// "%" or "a_c" finds those characters, not everything or "abc". Use it with LikeSQL or AnyLike.
func Contains(s string) string { return "%" + likeEscaper.Replace(s) + "%" }

// StartsWith is the LIKE pattern of "starts with s" (an index on the column serves it), s's
// wildcards escaped as in Contains.
func StartsWith(s string) string { return likeEscaper.Replace(s) + "%" }

// LikeSQL is "column LIKE ? ESCAPE '!'" for a Contains pattern (column is code, never input).
func LikeSQL(column string) string { return column + " LIKE ?" + likeEscape }

// AnyLike narrows tx to rows where any of the columns contains s; an empty s narrows nothing.
func AnyLike(tx *gorm.DB, s string, columns ...string) *gorm.DB {
	if s == "" || len(columns) == 0 {
		return tx
	}
	conds := make([]string, len(columns))
	args := make([]any, len(columns))
	pattern := Contains(s)
	for i, c := range columns {
		conds[i] = LikeSQL(c)
		args[i] = pattern
	}
	return tx.Where(strings.Join(conds, " OR "), args...)
}
