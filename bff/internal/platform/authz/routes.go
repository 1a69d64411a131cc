package authz

import (
	"net/http"
	"slices"
	"strings"

	"github.com/labstack/echo/v4"
)

// Access says who may call a route.
type Access int

// The kinds of access a route can declare.
const (
	AccessPublic     Access = iota + 1 // anyone, no session
	AccessSignedIn                     // any live session
	AccessChannel                      // the channel operators' API: no live session → 405
	AccessPermission                   // a live session holding one of Rule.Perms (admin holds all)
	AccessSigned                       // server-to-server: no session, a request signature Rule.Verify checks
)

// Rule is the access rule a route declares when it is registered.
type Rule struct {
	Access Access
	Perms  []string // for AccessPermission: any one of them lets the caller through
	// Verify is AccessSigned's whole check (signature, clock, nonce); it answers 401 itself.
	Verify echo.MiddlewareFunc
	// Scheme describes AccessSigned's signature for the API document (its security scheme).
	Scheme string
}

// Public routes need no session.
func Public() Rule { return Rule{Access: AccessPublic} }

// SignedIn routes need any live session.
func SignedIn() Rule { return Rule{Access: AccessSignedIn} }

// Channel routes belong to the channel operators' API (405 without a live session).
func Channel() Rule { return Rule{Access: AccessChannel} }

// Perm routes need a live session whose user holds one of perms.
func Perm(perms ...string) Rule {
	if len(perms) == 0 {
		panic("authz.Perm needs at least one permission")
	}
	return Rule{Access: AccessPermission, Perms: perms}
}

// Signed routes are called by servers, not browsers: no session, cookie or CSRF check, only
// verify (which must refuse an unsigned request with 401); scheme tells a reader of the API
// document how to sign. The operation log is not written for them: the feature records who did
// what in its own history.
func Signed(verify echo.MiddlewareFunc, scheme string) Rule {
	if verify == nil {
		panic("authz.Signed needs a verifier")
	}
	return Rule{Access: AccessSigned, Verify: verify, Scheme: scheme}
}

// Router registers routes on echo together with their access rule, so that no route exists
// without one: the rule decides the middleware (authentication, permission check, audit), and
// Rules lets a test walk every route and prove the rule holds.
type Router struct {
	e            *echo.Echo
	authenticate echo.MiddlewareFunc
	audit        echo.MiddlewareFunc
	rules        map[string]Rule
	routes       []*Route
	yield        func(path string) bool
	names        PermNames
}

// Route is one registered route: its rule and how the API document describes it.
type Route struct {
	Method string
	Path   string // echo's pattern, ":id" for parameters
	Rule   Rule
	API    Doc
}

// Doc describes a route's contract for the API document (package apidoc): each field is a Go
// value whose type gives the schema, so the document and the front end's types come from the
// same structs the handlers use.
type Doc struct {
	Summary string
	Params  any // a struct whose fields carry `query:"…"` and `path:"…"` tags
	Body    any // the JSON request body
	Form    any // a form body (`formData:"…"` tags; multipart when one is a file) instead of JSON
	Resp    any // the JSON answer; nil: no body (or RespType)
	// Status of success; 0: 200 with a Resp or RespType, else 204.
	Status int
	// RespType is the content type of a non-JSON answer (a file download, an image).
	RespType string
}

// Doc sets the route's description; it returns the route for chaining at registration.
func (rt *Route) Doc(d Doc) *Route {
	rt.API = d
	return rt
}

// NewRouter registers on e; authenticate is the session middleware (401 staff / 405 channel);
// audit, when not nil, wraps every write (any method but GET and HEAD).
func NewRouter(e *echo.Echo, authenticate, audit echo.MiddlewareFunc) *Router {
	return &Router{e: e, authenticate: authenticate, audit: audit, rules: map[string]Rule{}}
}

// RouteKey names a route the way Rules does: "METHOD /path".
func RouteKey(method, path string) string { return method + " " + path }

// Yield makes the routes registered from now on whose path yield(path) holds left out: the
// upstream mode hands them to another backend (package upstream, docs/upstream.md).
func (r *Router) Yield(yield func(path string) bool) { r.yield = yield }

// NameRefusals makes a refused permission name what was refused in words (the menus' titles).
func (r *Router) NameRefusals(names PermNames) { r.names = names }

// Has tells whether a route is registered.
func (r *Router) Has(method, path string) bool {
	_, ok := r.rules[RouteKey(method, path)]
	return ok
}

// Add registers one route under rule; describe it with Doc on the answer. A yielded route is
// not registered (its Route is returned for chaining all the same).
func (r *Router) Add(method, path string, rule Rule, h echo.HandlerFunc) *Route {
	if r.yield != nil && r.yield(path) {
		return &Route{Method: method, Path: path, Rule: rule}
	}
	key := RouteKey(method, path)
	if _, dup := r.rules[key]; dup {
		panic("route registered twice: " + key)
	}
	r.rules[key] = rule
	r.e.Add(method, path, h, r.chain(method, rule)...)
	rt := &Route{Method: method, Path: path, Rule: rule}
	r.routes = append(r.routes, rt)
	return rt
}

// Routes returns every registered route in registration order (for the API document).
func (r *Router) Routes() []Route {
	out := make([]Route, len(r.routes))
	for i, rt := range r.routes {
		out[i] = *rt
		out[i].Rule.Perms = slices.Clone(rt.Rule.Perms)
	}
	return out
}

// chain is the middleware of a rule: authentication first, then the audit (so it knows who),
// then the permission check (so refusals are recorded too).
func (r *Router) chain(method string, rule Rule) []echo.MiddlewareFunc {
	var mw []echo.MiddlewareFunc
	write := method != http.MethodGet && method != http.MethodHead
	if rule.Access == AccessSigned {
		return []echo.MiddlewareFunc{rule.Verify}
	}
	if rule.Access != AccessPublic {
		mw = append(mw, r.authenticate)
	}
	if write && r.audit != nil && rule.Access != AccessChannel {
		mw = append(mw, r.audit)
	}
	if rule.Access == AccessPermission {
		mw = append(mw, requirePerm(func() PermNames { return r.names }, rule.Perms))
	}
	return mw
}

// GET registers a GET route.
func (r *Router) GET(path string, rule Rule, h echo.HandlerFunc) *Route {
	return r.Add(http.MethodGet, path, rule, h)
}

// HEAD registers a HEAD route.
func (r *Router) HEAD(path string, rule Rule, h echo.HandlerFunc) *Route {
	return r.Add(http.MethodHead, path, rule, h)
}

// POST registers a POST route.
func (r *Router) POST(path string, rule Rule, h echo.HandlerFunc) *Route {
	return r.Add(http.MethodPost, path, rule, h)
}

// PUT registers a PUT route.
func (r *Router) PUT(path string, rule Rule, h echo.HandlerFunc) *Route {
	return r.Add(http.MethodPut, path, rule, h)
}

// DELETE registers a DELETE route.
func (r *Router) DELETE(path string, rule Rule, h echo.HandlerFunc) *Route {
	return r.Add(http.MethodDelete, path, rule, h)
}

// Any registers the route for every method echo knows.
func (r *Router) Any(path string, rule Rule, h echo.HandlerFunc) RouteSet {
	var rs RouteSet
	for _, m := range anyMethods() {
		rs = append(rs, r.Add(m, path, rule, h))
	}
	return rs
}

// RouteSet are routes registered together (Any), so that one Doc describes them all.
type RouteSet []*Route

// Doc sets every route's description.
func (rs RouteSet) Doc(d Doc) RouteSet {
	for _, rt := range rs {
		rt.Doc(d)
	}
	return rs
}

// anyMethods are the methods echo.Any registers, in a stable order.
func anyMethods() []string {
	return []string{http.MethodConnect, http.MethodDelete, http.MethodGet, http.MethodHead, http.MethodOptions,
		http.MethodPatch, http.MethodPost, echo.PROPFIND, http.MethodPut, http.MethodTrace, echo.REPORT}
}

// Rules returns a copy of every registered route's rule by RouteKey.
func (r *Router) Rules() map[string]Rule {
	out := make(map[string]Rule, len(r.rules))
	for k, v := range r.rules {
		out[k] = Rule{Access: v.Access, Perms: slices.Clone(v.Perms), Verify: v.Verify, Scheme: v.Scheme}
	}
	return out
}

// String renders a rule for test messages.
func (r Rule) String() string {
	switch r.Access {
	case AccessPublic:
		return "public"
	case AccessSignedIn:
		return "signed-in"
	case AccessChannel:
		return "channel"
	case AccessPermission:
		return "perm(" + strings.Join(r.Perms, "|") + ")"
	case AccessSigned:
		return "signed"
	}
	return "none"
}
