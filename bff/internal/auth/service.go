package auth

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"strconv"
	"strings"
	"time"

	"mallconsole/bff/internal/dept"
	"mallconsole/bff/internal/platform/authz"
	"mallconsole/bff/internal/platform/cache"
	"mallconsole/bff/internal/platform/httpx"
	"mallconsole/bff/internal/platform/kv"
	"mallconsole/bff/internal/platform/ratelimit"
	"mallconsole/bff/internal/role"
	"mallconsole/bff/internal/user"
)

// Users is what auth needs from the user feature.
type Users interface {
	ByUsername(ctx context.Context, name string) (user.User, bool, error)
	ByEmpNo(ctx context.Context, empNo string) (user.User, bool, error)
	ByID(ctx context.Context, id int64) (user.User, bool, error)
	ByIDs(ctx context.Context, ids []int64) (map[int64]user.User, error)
	RoleIDs(ctx context.Context, userID int64) ([]int64, error)
}

// Roles is what auth needs from the role feature.
type Roles interface {
	ByIDs(ctx context.Context, ids []int64) ([]role.Role, error)
	DeptIDs(ctx context.Context, roleIDs []int64) ([]int64, error)
}

// Depts is what auth needs from the department feature.
type Depts interface {
	ByIDs(ctx context.Context, ids []int64) (map[int64]dept.Dept, error)
	Subtree(ctx context.Context, roots []int64) ([]int64, error)
}

// Permissions gives the permission strings of a set of roles (the menu feature).
type Permissions interface {
	Permissions(ctx context.Context, key string, roleIDs []int64) ([]string, error)
}

// Agencies is what auth needs from the agency feature: whether a channel operator's agency
// still lets its operators in.
type Agencies interface {
	Enabled(ctx context.Context, id int64) (bool, error)
}

// Edge verifies an identity JWT minted by an edge BFF for path (package upstream's Verifier).
type Edge interface {
	Principal(raw, path string) (*authz.Principal, error)
}

// Options are the settings of sign-in.
type Options struct {
	Captcha      bool          // check the captcha on staff sign-in
	CaptchaRate  int           // captchas per minute per client address (0: no limit)
	SessionTTL   time.Duration // how long a session lasts
	MaxFails     int           // failed sign-ins per user name before lock-out; per IP 4x
	Lock         time.Duration // counting window and lock-out length
	PortalSecret string        // enables loginAccount when set
	Key          []byte        // JWT signing key
	Edge         Edge          // origin role: trusts an edge BFF's identity JWT; nil: off
	// StaffUpstream and ChannelUpstream sign those accounts in through the relay upstream
	// (Deps.Upstream) instead of the BFF's own passwords.
	StaffUpstream, ChannelUpstream bool
	Now                            func() time.Time
	Log                            *slog.Logger
}

// Deps are the stores auth works with.
type Deps struct {
	Users       Users
	Roles       Roles
	Depts       Depts
	Permissions Permissions
	Sessions    SessionStore
	KV          kv.Store
	Agencies    Agencies          // nil: a channel operator with an agency is refused (fail closed)
	Generation  *cache.Generation // bumped by user, role, menu and agency-status writes
	Upstream    UpstreamSignIn    // the relay upstream's sign-in; nil: every sign-in is local
	Accounts    Accounts          // required with Upstream
}

// Service is the auth feature.
type Service struct {
	opt      Options
	d        Deps
	tokens   *tokens
	captchas captchas
	limiter  limiter
	codes    *ratelimit.Limiter // captchas handed out per address
	access   *cache.Map[int64, access]
	infos    *cache.Map[int64, Info]                        // GET /api/auth/info's answers, per user
	onEnd    func(ctx context.Context, sessionIDs []string) // OnSessionEnd; nil: nobody is told
}

// access is what a request needs to know about its user; cached, because every signed-in
// request asks.
type access struct {
	found    bool
	enabled  bool
	username string
	kind     string
	isAdmin  bool
	roleIDs  []int64
	roleKey  string
	perms    []string
	agencyID *int64 // a channel operator's agency
	deptID   int64
}

// maxRatedAddresses bounds the memory of the captcha rate limit (about 100 bytes an address).
const maxRatedAddresses = 100_000

// errUserGone: the session's account no longer exists (the info of a deleted user).
var errUserGone = errors.New("auth: the account is gone")

// AccessTTL bounds how long a change of an account, its roles or their permissions made through
// another BFF instance can go unseen here (the instance that made it forgets at once).
const AccessTTL = 10 * time.Second

// New builds the service.
func New(opt Options, d Deps) *Service {
	return &Service{
		opt:      opt,
		d:        d,
		tokens:   newTokens(opt.Key),
		captchas: newCaptchas(d.KV, opt.Key, opt.Now),
		codes:    ratelimit.New(opt.CaptchaRate, maxRatedAddresses, opt.Now),
		limiter:  limiter{kv: d.KV, maxUser: opt.MaxFails, maxIP: 4 * opt.MaxFails, window: opt.Lock, now: opt.Now},
		access:   cache.NewMap[int64, access](d.Generation, AccessTTL, 100_000, opt.Now),
		infos:    cache.NewMap[int64, Info](d.Generation, AccessTTL, 100_000, opt.Now),
	}
}

func (s *Service) loadAccess(ctx context.Context, userID int64) (access, error) {
	return s.access.Get(userID, func() (access, error) {
		u, found, err := s.d.Users.ByID(ctx, userID)
		if err != nil || !found {
			return access{}, err
		}
		a := access{found: true, enabled: u.Enabled, username: u.Username, kind: u.Kind, isAdmin: u.IsAdmin}
		if u.Kind == authz.KindChannel {
			a.agencyID = u.AgencyID
			if a.enabled, err = s.agencyLetsIn(ctx, u); err != nil {
				return access{}, err
			}
		}
		if u.DeptID != nil {
			a.deptID = *u.DeptID
		}
		if a.roleIDs, err = s.d.Users.RoleIDs(ctx, userID); err != nil {
			return access{}, err
		}
		if a.isAdmin {
			a.roleKey, a.perms = "admin", []string{}
			return a, nil
		}
		parts := make([]string, len(a.roleIDs))
		for i, id := range a.roleIDs {
			parts[i] = strconv.FormatInt(id, 10)
		}
		a.roleKey = "roles:" + strings.Join(parts, ",")
		a.perms, err = s.d.Permissions.Permissions(ctx, a.roleKey, a.roleIDs)
		return a, err
	})
}

// agencyLetsIn tells whether u may work: enabled, and for a channel operator with an agency,
// that agency enabled too (a disabled agency locks out all of its operators: docs/decisions.md
// "Agencies"). An operator without an agency may sign in and sees nothing.
func (s *Service) agencyLetsIn(ctx context.Context, u user.User) (bool, error) {
	if !u.Enabled || u.Kind != authz.KindChannel || u.AgencyID == nil {
		return u.Enabled, nil
	}
	if s.d.Agencies == nil {
		return false, nil
	}
	return s.d.Agencies.Enabled(ctx, *u.AgencyID)
}

// newSessionID is 128 random bits, base64url.
func newSessionID() (string, error) {
	b := make([]byte, 16)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	return base64.RawURLEncoding.EncodeToString(b), nil
}

// LoginResult is the answer of every sign-in.
type LoginResult struct {
	Token string `json:"token"`
	User  Info   `json:"user"`
}

// startSession creates the session and its token for u.
func (s *Service) startSession(ctx context.Context, u user.User, ip, userAgent string, upstreamToken ...string) (LoginResult, error) {
	now := s.opt.Now()
	sid, err := newSessionID()
	if err != nil {
		return LoginResult{}, err
	}
	// Whole seconds: the JWT's exp has no finer grain and the two must agree.
	expires := now.Add(s.opt.SessionTTL).Truncate(time.Second)
	sess := Session{ID: sid, UserID: u.ID, Kind: u.Kind, IP: ip, Browser: browserOf(userAgent),
		LoginTime: now.Truncate(time.Second), ExpiresAt: expires}
	if len(upstreamToken) > 0 {
		sess.UpstreamToken = upstreamToken[0]
	}
	if err := s.d.Sessions.Create(ctx, sess); err != nil {
		return LoginResult{}, fmt.Errorf("creating session: %w", err)
	}
	tok, err := s.tokens.sign(sid, u.Kind, u.ID, now, expires)
	if err != nil {
		return LoginResult{}, err
	}
	info, err := s.info(ctx, u)
	if err != nil {
		return LoginResult{}, err
	}
	return LoginResult{Token: "Bearer " + tok, User: info}, nil
}

// Info is GET /api/auth/info: the user, their permission strings and visible departments.
type Info struct {
	User       UserInfo `json:"user"`
	Roles      []string `json:"roles"`
	DataScopes []int64  `json:"dataScopes"`
}

// UserInfo is the user as the front end sees it: never the password hash.
type UserInfo struct {
	ID         int64     `json:"id"`
	Username   string    `json:"username"`
	NickName   string    `json:"nickName"`
	Email      string    `json:"email"`
	Phone      string    `json:"phone"`
	Gender     string    `json:"gender"`
	AvatarPath string    `json:"avatarPath"`
	Enabled    bool      `json:"enabled"`
	IsAdmin    bool      `json:"isAdmin"`
	Kind       string    `json:"kind"`
	EmpNo      string    `json:"empNo"`
	Dept       *DeptRef  `json:"dept"`
	Roles      []RoleRef `json:"roles"`
	CreateTime string    `json:"createTime"`
}

// DeptRef names a department.
type DeptRef struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
}

// RoleRef describes a role the user holds.
type RoleRef struct {
	ID        int64  `json:"id"`
	Name      string `json:"name"`
	Level     int    `json:"level"`
	DataScope string `json:"dataScope"`
}

func (s *Service) info(ctx context.Context, u user.User) (Info, error) {
	a, err := s.loadAccess(ctx, u.ID)
	if err != nil {
		return Info{}, err
	}
	ui := UserInfo{ID: u.ID, Username: u.Username, NickName: u.NickName, Email: u.Email, Phone: u.Phone,
		Gender: u.Gender, AvatarPath: u.AvatarPath, Enabled: u.Enabled, IsAdmin: u.IsAdmin, Kind: u.Kind,
		Roles: []RoleRef{}, CreateTime: httpx.FormatTime(u.CreateTime)}
	if u.EmpNo != nil {
		ui.EmpNo = *u.EmpNo
	}
	if u.DeptID != nil {
		ds, err := s.d.Depts.ByIDs(ctx, []int64{*u.DeptID})
		if err != nil {
			return Info{}, err
		}
		if d, ok := ds[*u.DeptID]; ok {
			ui.Dept = &DeptRef{ID: d.ID, Name: d.Name}
		}
	}
	roles, err := s.d.Roles.ByIDs(ctx, a.roleIDs)
	if err != nil {
		return Info{}, err
	}
	for _, r := range roles {
		ui.Roles = append(ui.Roles, RoleRef{ID: r.ID, Name: r.Name, Level: r.Level, DataScope: r.DataScope})
	}
	perms := a.perms
	if u.IsAdmin {
		perms = []string{"admin"}
	}
	scopes, err := s.dataScopes(ctx, u, roles)
	if err != nil {
		return Info{}, err
	}
	return Info{User: ui, Roles: perms, DataScopes: scopes}, nil
}

// dataScopes lists the departments whose data the user sees; empty means all (the superuser,
// or any role with the "all" scope).
func (s *Service) dataScopes(ctx context.Context, u user.User, roles []role.Role) ([]int64, error) {
	if u.IsAdmin {
		return []int64{}, nil
	}
	var roots, custom []int64
	for _, r := range roles {
		switch r.DataScope {
		case role.ScopeAll:
			return []int64{}, nil
		case role.ScopeCustom:
			custom = append(custom, r.ID)
		default: // role.ScopeDept
			if u.DeptID != nil {
				roots = append(roots, *u.DeptID)
			}
		}
	}
	if len(custom) > 0 {
		ids, err := s.d.Roles.DeptIDs(ctx, custom)
		if err != nil {
			return nil, err
		}
		roots = append(roots, ids...)
	}
	ids, err := s.d.Depts.Subtree(ctx, roots)
	slices.Sort(ids)
	return ids, err
}

// Sweep removes expired sessions and short-lived values; run now and then.
func (s *Service) Sweep(ctx context.Context) error {
	if err := s.d.Sessions.Sweep(ctx, s.opt.Now()); err != nil {
		return err
	}
	return s.d.KV.Sweep(ctx)
}

// principal builds the request's principal from a live session.
func principal(sess Session, a access) *authz.Principal {
	return &authz.Principal{UserID: sess.UserID, SessionID: sess.ID, Kind: sess.Kind, Username: a.username,
		IsAdmin: a.isAdmin, RoleIDs: a.roleIDs, Perms: a.perms, RoleKey: a.roleKey, AgencyID: a.agencyID,
		DeptID: a.deptID}
}

// Scope is the data scope of the caller: the departments they may see (docs/decisions.md "System management (issue 4)").
func (s *Service) Scope(ctx context.Context, p *authz.Principal) (authz.Scope, error) {
	if p.IsAdmin {
		return authz.Scope{All: true}, nil
	}
	u, found, err := s.d.Users.ByID(ctx, p.UserID)
	if err != nil || !found {
		return authz.Scope{}, err
	}
	roles, err := s.d.Roles.ByIDs(ctx, p.RoleIDs)
	if err != nil {
		return authz.Scope{}, err
	}
	for _, r := range roles {
		if r.DataScope == role.ScopeAll {
			return authz.Scope{All: true}, nil
		}
	}
	ids, err := s.dataScopes(ctx, u, roles)
	return authz.Scope{Depts: ids}, err
}
