package user

import (
	"cmp"
	"context"
	"errors"
	"slices"

	"golang.org/x/crypto/bcrypt"

	"mallconsole/bff/internal/dept"
	"mallconsole/bff/internal/platform/authz"
	"mallconsole/bff/internal/platform/httpx"
	"mallconsole/bff/internal/platform/limits"
	"mallconsole/bff/internal/role"
)

// Roles is what user management needs from the role feature.
type Roles interface {
	ByIDs(ctx context.Context, ids []int64) ([]role.Role, error)
}

// Grants applies the role feature's grant rules: nobody assigns a role they could not have
// created, nor acts on an account above their level.
type Grants interface {
	Grantor(ctx context.Context, p *authz.Principal) (role.Grantor, error)
	MayAssign(ctx context.Context, g role.Grantor, roleIDs []int64) error
}

// Depts is what user management needs from the department feature.
type Depts interface {
	ByIDs(ctx context.Context, ids []int64) (map[int64]dept.Dept, error)
	Subtree(ctx context.Context, roots []int64) ([]int64, error)
}

// Service is user management.
type Service struct {
	store      *Store
	roles      Roles
	grants     Grants
	depts      Depts
	scope      authz.Scoper
	sessions   Sessions
	bcryptCost int
}

// NewService builds user management; bcryptCost 0 means bcrypt's default. sessions ends the
// sessions of an account whose password, state or roles an administrator changes.
func NewService(store *Store, roles Roles, grants Grants, depts Depts, scope authz.Scoper, sessions Sessions,
	bcryptCost int) *Service {
	return &Service{store: store, roles: roles, grants: grants, depts: depts, scope: scope, sessions: sessions,
		bcryptCost: cmp.Or(bcryptCost, bcrypt.DefaultCost)}
}

// Ref is an {id, name} pair in answers and bodies.
type Ref struct {
	ID   int64  `json:"id"`
	Name string `json:"name,omitempty"`
}

// Row is a user as the list shows it (never the password hash).
type Row struct {
	ID         int64  `json:"id"`
	Username   string `json:"username"`
	NickName   string `json:"nickName"`
	Gender     string `json:"gender"`
	Email      string `json:"email"`
	Phone      string `json:"phone"`
	Enabled    bool   `json:"enabled"`
	IsAdmin    bool   `json:"isAdmin"`
	Kind       string `json:"kind"`
	EmpNo      string `json:"empNo"`    // 工号, "" for none
	LoginIPs   string `json:"loginIps"` // 登录IP白名单, entries joined by ","; "" for anywhere
	Dept       *Ref   `json:"dept"`
	Roles      []Ref  `json:"roles"`
	CreateTime string `json:"createTime"`
}

// Input is the body of create and edit.
type Input struct {
	ID       int64  `json:"id"`
	Username string `json:"username"`
	NickName string `json:"nickName"`
	Gender   string `json:"gender"`
	Email    string `json:"email"`
	Phone    string `json:"phone"`
	EmpNo    string `json:"empNo"`
	LoginIPs string `json:"loginIps" description:"addresses and CIDR ranges separated by commas or line breaks"`
	Enabled  *bool  `json:"enabled"`
	Dept     *Ref   `json:"dept"`
	Roles    []Ref  `json:"roles"`
	Password string `json:"password"` // create only
}

func checkPassword(field, pw string) error {
	var c httpx.Check
	c.Password(field, pw)
	return c.Err
}

// rows turns users into list rows with their department and roles.
func (s *Service) rows(ctx context.Context, us []User) ([]Row, error) {
	ids := make([]int64, len(us))
	var deptIDs []int64
	for i, u := range us {
		ids[i] = u.ID
		if u.DeptID != nil {
			deptIDs = append(deptIDs, *u.DeptID)
		}
	}
	roleOf, err := s.store.RolesOf(ctx, ids)
	if err != nil {
		return nil, err
	}
	var roleIDs []int64
	for _, rs := range roleOf {
		roleIDs = append(roleIDs, rs...)
	}
	slices.Sort(roleIDs)
	roles, err := s.roles.ByIDs(ctx, slices.Compact(roleIDs))
	if err != nil {
		return nil, err
	}
	roleName := map[int64]string{}
	for _, r := range roles {
		roleName[r.ID] = r.Name
	}
	depts, err := s.depts.ByIDs(ctx, deptIDs)
	if err != nil {
		return nil, err
	}
	out := make([]Row, len(us))
	for i, u := range us {
		r := Row{ID: u.ID, Username: u.Username, NickName: u.NickName, Gender: u.Gender, Email: u.Email,
			Phone: u.Phone, Enabled: u.Enabled, IsAdmin: u.IsAdmin, Kind: u.Kind, Roles: []Ref{},
			LoginIPs: u.LoginIPs, CreateTime: httpx.FormatTime(u.CreateTime)}
		if u.EmpNo != nil {
			r.EmpNo = *u.EmpNo
		}
		if u.DeptID != nil {
			if d, ok := depts[*u.DeptID]; ok {
				r.Dept = &Ref{ID: d.ID, Name: d.Name}
			}
		}
		for _, id := range roleOf[u.ID] {
			r.Roles = append(r.Roles, Ref{ID: id, Name: roleName[id]})
		}
		out[i] = r
	}
	return out, nil
}

// Domain errors of user management; http.go turns them into answers. The grant rules'
// refusals (role.ErrHigherLevel …) come through as they are.
var (
	ErrOwnRoles     = errors.New("user: changing one's own roles")
	ErrNotFound     = errors.New("user: no such user")
	ErrOutOfScope   = errors.New("user: outside the caller's data scope")
	ErrNoDept       = errors.New("user: no such department")
	ErrNoRole       = errors.New("user: no such role")
	ErrNameTaken    = errors.New("user: the user name is taken")
	ErrNameLookFake = errors.New("user: the user name looks like another's")
	ErrEmpNoTaken   = errors.New("user: the employee number is taken")
	ErrDisableSelf  = errors.New("user: disabling oneself")
	ErrDeleteSelf   = errors.New("user: deleting oneself")
	ErrDeleteAdmin  = errors.New("user: deleting the superuser")
	ErrDisableAdmin = errors.New("user: disabling oneself or the superuser")
)

// targetLevel is the rank of the user u (role.Level).
func (s *Service) targetLevel(ctx context.Context, u User) (int, error) {
	if u.IsAdmin {
		return 0, nil
	}
	roleOf, err := s.store.RolesOf(ctx, []int64{u.ID})
	if err != nil {
		return 0, err
	}
	roles, err := s.roles.ByIDs(ctx, roleOf[u.ID])
	if err != nil {
		return 0, err
	}
	return role.Level(false, roles), nil
}

// mayTouch checks that the caller may change the target user: inside the data scope, and not
// ranked above the caller (only the superuser changes the superuser).
func (s *Service) mayTouch(ctx context.Context, g role.Grantor, sc authz.Scope, u User) error {
	if !sc.Allows(u.DeptID) {
		return ErrOutOfScope
	}
	lv, err := s.targetLevel(ctx, u)
	if err != nil {
		return err
	}
	return g.Reach(lv)
}

// validate checks the input (with its password when creating: old is nil) and resolves its
// department and roles. Every bad field is reported at once. The phone is required (seed §5),
// except on the superuser, who has none from first-run setup (docs/decisions.md "Rules of
// issues 15 and 16").
func (s *Service) validate(ctx context.Context, sc authz.Scope, in *Input, old *User) (User, []int64, error) {
	create := old == nil
	var c httpx.Check
	c.Text("username", &in.Username, limits.UsernameMax, true)
	if Invisible(in.Username) {
		c.Fail("username", ReasonInvisible)
	} else if len([]rune(NameKey(in.Username))) > 255 {
		c.Fail("username", httpx.ReasonTooLong)
	}
	c.Text("nickName", &in.NickName, limits.NickNameMax, true)
	c.Text("gender", &in.Gender, 8, false)
	if in.Gender != "" {
		c.OneOf("gender", in.Gender, "男", "女")
	}
	c.Email("email", &in.Email)
	c.Text("phone", &in.Phone, limits.PhoneMax, old == nil || !old.IsAdmin)
	c.Phone("phone", &in.Phone)
	c.Text("empNo", &in.EmpNo, EmpNoMax, false)
	c.IPList("loginIps", &in.LoginIPs)
	if in.Dept == nil || in.Dept.ID <= 0 {
		c.Fail("dept", ReasonRequiredChoice)
	}
	if len(in.Roles) == 0 || len(in.Roles) > 100 {
		c.Fail("roles", ReasonRequiredChoice)
	}
	if create {
		c.Password("password", in.Password)
	}
	if c.Err != nil {
		return User{}, nil, c.Err
	}
	ds, err := s.depts.ByIDs(ctx, []int64{in.Dept.ID})
	if err != nil {
		return User{}, nil, err
	}
	if _, ok := ds[in.Dept.ID]; !ok {
		return User{}, nil, ErrNoDept
	}
	if !sc.Allows(&in.Dept.ID) {
		return User{}, nil, ErrOutOfScope
	}
	roleIDs := make([]int64, 0, len(in.Roles))
	for _, r := range in.Roles {
		roleIDs = append(roleIDs, r.ID)
	}
	slices.Sort(roleIDs)
	roleIDs = slices.Compact(roleIDs)
	roles, err := s.roles.ByIDs(ctx, roleIDs)
	if err != nil {
		return User{}, nil, err
	}
	if len(roles) != len(roleIDs) {
		return User{}, nil, ErrNoRole
	}
	enabled := in.Enabled == nil || *in.Enabled
	u := User{ID: in.ID, Username: in.Username, NickName: in.NickName, Gender: in.Gender, Email: in.Email,
		Phone: in.Phone, Enabled: enabled, Kind: authz.KindStaff, LoginIPs: in.LoginIPs, DeptID: &in.Dept.ID}
	if in.EmpNo != "" {
		u.EmpNo = &in.EmpNo
	}
	return u, roleIDs, nil
}

// EmpNoMax is the length of an employee number (the column's).
const EmpNoMax = 64

// empNoFree refuses an employee number another account has: portal sign-in finds the account
// by it, so it names one account only.
func (s *Service) empNoFree(ctx context.Context, u User) error {
	if u.EmpNo == nil {
		return nil
	}
	other, found, err := s.store.ByEmpNo(ctx, *u.EmpNo)
	if err != nil || !found || other.ID == u.ID {
		return err
	}
	return ErrEmpNoTaken
}

// ReasonRequiredChoice is the reason for a missing choice.
const ReasonRequiredChoice = "请选择"

// lookAlike refuses a name that, apart from case, accents or compatibility forms, is the name of
// another account (ÁDMÏÑ next to admin); it sets u's name key.
func (s *Service) lookAlike(ctx context.Context, u *User) error {
	u.NameKey = NameKey(u.Username)
	other, found, err := s.store.ByNameKey(ctx, u.NameKey)
	if err != nil || !found || other.ID == u.ID {
		return err
	}
	if other.Username == u.Username {
		return ErrNameTaken
	}
	return ErrNameLookFake
}

func duplicate(err error) error {
	if errors.Is(err, ErrDuplicate) {
		return ErrNameTaken
	}
	return err
}

// caller is the caller's data scope and rank as a giver of grants.
func (s *Service) caller(ctx context.Context, p *authz.Principal) (authz.Scope, role.Grantor, error) {
	sc, err := s.scope.Scope(ctx, p)
	if err != nil {
		return authz.Scope{}, role.Grantor{}, err
	}
	g, err := s.grants.Grantor(ctx, p)
	return sc, g, err
}

// Create adds a user with roles the caller could have created.
func (s *Service) Create(ctx context.Context, p *authz.Principal, in Input) (int64, error) {
	sc, g, err := s.caller(ctx, p)
	if err != nil {
		return 0, err
	}
	u, roleIDs, err := s.validate(ctx, sc, &in, nil)
	if err != nil {
		return 0, err
	}
	if err := s.grants.MayAssign(ctx, g, roleIDs); err != nil {
		return 0, err
	}
	u.ID = 0
	if err := s.lookAlike(ctx, &u); err != nil {
		return 0, err
	}
	if err := s.empNoFree(ctx, u); err != nil {
		return 0, err
	}
	hash, err := bcrypt.GenerateFromPassword([]byte(in.Password), s.bcryptCost)
	if err != nil {
		return 0, err
	}
	u.Password = string(hash)
	if err := s.store.Create(ctx, &u, roleIDs); err != nil {
		return 0, duplicate(err)
	}
	return u.ID, nil
}

// target loads a user the caller may change.
func (s *Service) target(ctx context.Context, g role.Grantor, sc authz.Scope, id int64) (User, error) {
	u, found, err := s.store.ByID(ctx, id)
	if err != nil {
		return User{}, err
	}
	if !found {
		return User{}, ErrNotFound
	}
	return u, s.mayTouch(ctx, g, sc, u)
}

// Update edits a user. Roles added must be roles the caller could have created; nobody changes
// their own roles. Disabling the user or taking a role away ends their sessions.
func (s *Service) Update(ctx context.Context, p *authz.Principal, in Input) error {
	if in.ID <= 0 {
		return httpx.BadRequest("id", httpx.ReasonRequired)
	}
	sc, g, err := s.caller(ctx, p)
	if err != nil {
		return err
	}
	old, err := s.target(ctx, g, sc, in.ID)
	if err != nil {
		return err
	}
	u, roleIDs, err := s.validate(ctx, sc, &in, &old)
	if err != nil {
		return err
	}
	if old.ID == p.UserID && !u.Enabled {
		return ErrDisableSelf
	}
	had, err := s.store.RoleIDs(ctx, old.ID)
	if err != nil {
		return err
	}
	if old.ID == p.UserID && !slices.Equal(had, roleIDs) {
		return ErrOwnRoles
	}
	var added []int64
	for _, id := range roleIDs {
		if !slices.Contains(had, id) {
			added = append(added, id)
		}
	}
	if err := s.grants.MayAssign(ctx, g, added); err != nil {
		return err
	}
	if u.Username == old.Username {
		u.NameKey = old.NameKey // as stored: an older look-alike keeps its own key
	} else if err := s.lookAlike(ctx, &u); err != nil {
		return err
	}
	if err := s.empNoFree(ctx, u); err != nil {
		return err
	}
	if err := duplicate(s.store.Update(ctx, u, roleIDs)); err != nil {
		return err
	}
	removed := slices.ContainsFunc(had, func(id int64) bool { return !slices.Contains(roleIDs, id) })
	if removed || (old.Enabled && !u.Enabled) {
		return s.sessions.EndOtherSessions(ctx, u.ID, "")
	}
	return nil
}

// Delete removes users; nobody deletes themself or the superuser.
func (s *Service) Delete(ctx context.Context, p *authz.Principal, ids []int64) error {
	sc, g, err := s.caller(ctx, p)
	if err != nil {
		return err
	}
	for _, id := range ids {
		u, err := s.target(ctx, g, sc, id)
		if err != nil {
			return err
		}
		if u.ID == p.UserID {
			return ErrDeleteSelf
		}
		if u.IsAdmin {
			return ErrDeleteAdmin
		}
	}
	return s.store.Delete(ctx, ids)
}

// SetEnabled switches users on or off. Disabling ends the users' sessions at once, so that
// switching them on again never revives one.
func (s *Service) SetEnabled(ctx context.Context, p *authz.Principal, ids []int64, enabled bool) error {
	sc, g, err := s.caller(ctx, p)
	if err != nil {
		return err
	}
	for _, id := range ids {
		u, err := s.target(ctx, g, sc, id)
		if err != nil {
			return err
		}
		if !enabled && (u.ID == p.UserID || u.IsAdmin) {
			return ErrDisableAdmin
		}
	}
	if err := s.store.SetEnabled(ctx, ids, enabled); err != nil {
		return err
	}
	if enabled {
		return nil
	}
	for _, id := range ids {
		if err := s.sessions.EndOtherSessions(ctx, id, ""); err != nil {
			return err
		}
	}
	return nil
}

// ResetPassword sets another user's password (permission user:edit, checked by the route). Only
// a caller ranked strictly above the user may: a peer's password is not theirs to know. The
// user's sessions end, as the old password's would.
func (s *Service) ResetPassword(ctx context.Context, p *authz.Principal, id int64, pw string) error {
	if err := checkPassword("password", pw); err != nil {
		return err
	}
	sc, g, err := s.caller(ctx, p)
	if err != nil {
		return err
	}
	u, err := s.target(ctx, g, sc, id)
	if err != nil {
		return err
	}
	// Also one's own: the personal center, which asks for the old password, is the way there.
	lv, err := s.targetLevel(ctx, u)
	if err != nil {
		return err
	}
	if err := g.Above(lv); err != nil {
		return err
	}
	hash, err := bcrypt.GenerateFromPassword([]byte(pw), s.bcryptCost)
	if err != nil {
		return err
	}
	if err := s.store.SetPassword(ctx, id, string(hash)); err != nil {
		return err
	}
	return s.sessions.EndOtherSessions(ctx, id, "")
}
