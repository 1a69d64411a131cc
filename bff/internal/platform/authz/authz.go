// Package authz carries the signed-in principal through a request and checks permissions.
// Authentication (who is this?) lives in the auth feature; this is only what every feature
// needs to ask "who is calling and may they do this?".
package authz

import (
	"context"
	"net/http"
	"slices"

	"github.com/labstack/echo/v4"

	"mallconsole/bff/internal/platform/httpx"
)

// Session kinds: back-office staff and channel operators.
const (
	KindStaff   = "staff"
	KindChannel = "channel"
)

// Principal is the caller of a signed-in request.
type Principal struct {
	UserID    int64
	SessionID string
	Kind      string
	Username  string
	IsAdmin   bool
	RoleIDs   []int64  // sorted
	Perms     []string // permission strings of the roles' menus, sorted
	RoleKey   string   // identifies the set of roles ("admin" for the superuser), for caches
	AgencyID  *int64   // a channel operator's agency (enabled, checked at sign-in and on each request)
	DeptID    int64    // the user's department, 0 when none (sent upstream in the identity)
}

// Can tells whether the principal holds any of the permissions (the superuser holds all).
func (p *Principal) Can(perms ...string) bool {
	if p.IsAdmin {
		return true
	}
	for _, want := range perms {
		if _, ok := slices.BinarySearch(p.Perms, want); ok {
			return true
		}
	}
	return false
}

const key = "authz.principal"

// Set stores the principal in the request context.
func Set(c echo.Context, p *Principal) { c.Set(key, p) }

// From returns the request's principal, nil when the request is not signed in.
func From(c echo.Context) *Principal {
	p, _ := c.Get(key).(*Principal)
	return p
}

const attemptKey = "authz.attempt"

// SetAttempt names the account a sign-in attempt asked for, so that the operation log records
// the attempt under it whatever the body's encoding and whatever the outcome.
func SetAttempt(c echo.Context, username string) { c.Set(attemptKey, username) }

// Attempt is the name SetAttempt recorded ("" when none).
func Attempt(c echo.Context) string {
	name, _ := c.Get(attemptKey).(string)
	return name
}

// RequirePerm lets a request through only if its principal holds one of perms: 403 otherwise.
// It must run after the authentication middleware.
func RequirePerm(perms ...string) echo.MiddlewareFunc {
	return requirePerm(func() PermNames { return nil }, perms)
}

// PermNames gives the words a person knows a permission by (the title of the menu or button
// carrying it), "" when none.
type PermNames func(ctx context.Context, perm string) string

// Refusal is the 403 message for a permission: what the caller may not do, in words; the bare
// "没有权限" when the permission has no name (a code like leave:batch means nothing to a person).
func Refusal(name string) string {
	if name == "" {
		return "没有权限"
	}
	return "你没有“" + name + "”的权限"
}

// requirePerm reads names when a request is refused, so that names set after the routes were
// registered (the menus) are used.
func requirePerm(names func() PermNames, perms []string) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			p := From(c)
			if p == nil {
				return &httpx.Error{Status: http.StatusUnauthorized, Message: "未登录"}
			}
			if !p.Can(perms...) {
				name := ""
				if n := names(); n != nil {
					name = n(c.Request().Context(), perms[0])
				}
				return &httpx.Error{Status: http.StatusForbidden, Message: Refusal(name)}
			}
			return next(c)
		}
	}
}

// Scope is the set of departments whose users and departments a caller may see and change
// (the data scope of their roles).
type Scope struct {
	All   bool    // every department (the superuser, or a role with the "all" scope)
	Depts []int64 // sorted; only these when not All
}

// Allows tells whether data of a department is inside the scope; data that belongs to no
// department is visible only to an unrestricted caller.
func (s Scope) Allows(deptID *int64) bool {
	if s.All {
		return true
	}
	if deptID == nil {
		return false
	}
	_, ok := slices.BinarySearch(s.Depts, *deptID)
	return ok
}

// Scoper gives a caller's data scope (the auth feature implements it).
type Scoper interface {
	Scope(ctx context.Context, p *Principal) (Scope, error)
}
