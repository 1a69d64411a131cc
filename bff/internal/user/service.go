package user

import (
	"cmp"
	"context"
	"errors"
	"net/http"
	"slices"

	"golang.org/x/crypto/bcrypt"

	"mallconsole/bff/internal/dept"
	"mallconsole/bff/internal/platform/authz"
	"mallconsole/bff/internal/platform/httpx"
	"mallconsole/bff/internal/role"
)

// Roles is what user management needs from the role feature.
type Roles interface {
	ByIDs(ctx context.Context, ids []int64) ([]role.Role, error)
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
	depts      Depts
	scope      authz.Scoper
	bcryptCost int
}

// NewService builds user management; bcryptCost 0 means bcrypt's default.
func NewService(store *Store, roles Roles, depts Depts, scope authz.Scoper, bcryptCost int) *Service {
	return &Service{store: store, roles: roles, depts: depts, scope: scope, bcryptCost: cmp.Or(bcryptCost, bcrypt.DefaultCost)}
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
	Enabled  *bool  `json:"enabled"`
	Dept     *Ref   `json:"dept"`
	Roles    []Ref  `json:"roles"`
	Password string `json:"password"` // create only
}

// Password limits: bcrypt reads no further than 72 bytes.
const (
	minPassword = 6
	maxPassword = 72
)

func checkPassword(field, pw string) error {
	if len(pw) < minPassword || len(pw) > maxPassword {
		return httpx.BadRequest(field, "长度必须在6到72个字符之间")
	}
	return nil
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
			CreateTime: httpx.FormatTime(u.CreateTime)}
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

// level is the most powerful (lowest) role level of the roles; the superuser is 0.
func (s *Service) level(ctx context.Context, isAdmin bool, roleIDs []int64) (int, error) {
	if isAdmin {
		return 0, nil
	}
	roles, err := s.roles.ByIDs(ctx, roleIDs)
	if err != nil {
		return 0, err
	}
	lv := 1 << 30
	for _, r := range roles {
		lv = min(lv, r.Level)
	}
	return lv, nil
}

var errHigherLevel = &httpx.Error{Status: http.StatusForbidden, Message: "角色权限不足，不能操作级别更高的用户或角色"}

// mayTouch checks that the caller may change the target user: inside the data scope, and not
// ranked above the caller (only the superuser changes the superuser).
func (s *Service) mayTouch(ctx context.Context, p *authz.Principal, sc authz.Scope, u User) error {
	if !sc.Allows(u.DeptID) {
		return httpx.Forbidden("没有权限操作该部门的用户")
	}
	if p.IsAdmin {
		return nil
	}
	if u.IsAdmin {
		return errHigherLevel
	}
	roleOf, err := s.store.RolesOf(ctx, []int64{u.ID})
	if err != nil {
		return err
	}
	mine, err := s.level(ctx, false, p.RoleIDs)
	if err != nil {
		return err
	}
	theirs, err := s.level(ctx, false, roleOf[u.ID])
	if err != nil {
		return err
	}
	if theirs < mine {
		return errHigherLevel
	}
	return nil
}

// validate checks the input and resolves its department and roles.
func (s *Service) validate(ctx context.Context, p *authz.Principal, sc authz.Scope, in *Input) (User, []int64, error) {
	var c httpx.Check
	c.Text("username", &in.Username, 64, true)
	c.Text("nickName", &in.NickName, 64, true)
	c.Text("gender", &in.Gender, 8, false)
	if in.Gender != "" {
		c.OneOf("gender", in.Gender, "男", "女")
	}
	c.Email("email", &in.Email)
	c.Phone("phone", &in.Phone)
	if in.Dept == nil || in.Dept.ID <= 0 {
		c.Fail("dept", ReasonRequiredChoice)
	}
	if len(in.Roles) == 0 || len(in.Roles) > 100 {
		c.Fail("roles", ReasonRequiredChoice)
	}
	if c.Err != nil {
		return User{}, nil, c.Err
	}
	ds, err := s.depts.ByIDs(ctx, []int64{in.Dept.ID})
	if err != nil {
		return User{}, nil, err
	}
	if _, ok := ds[in.Dept.ID]; !ok {
		return User{}, nil, httpx.BadRequest("dept", "部门不存在")
	}
	if !sc.Allows(&in.Dept.ID) {
		return User{}, nil, httpx.Forbidden("没有权限操作该部门的用户")
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
		return User{}, nil, httpx.BadRequest("roles", "角色不存在")
	}
	mine, err := s.level(ctx, p.IsAdmin, p.RoleIDs)
	if err != nil {
		return User{}, nil, err
	}
	for _, r := range roles {
		if r.Level < mine {
			return User{}, nil, errHigherLevel
		}
	}
	enabled := in.Enabled == nil || *in.Enabled
	return User{ID: in.ID, Username: in.Username, NickName: in.NickName, Gender: in.Gender, Email: in.Email,
		Phone: in.Phone, Enabled: enabled, Kind: authz.KindStaff, DeptID: &in.Dept.ID}, roleIDs, nil
}

// ReasonRequiredChoice is the reason for a missing choice.
const ReasonRequiredChoice = "请选择"

func duplicate(err error) error {
	if errors.Is(err, ErrDuplicate) {
		return httpx.Conflict("username", "用户名已存在")
	}
	return err
}

// Create adds a user.
func (s *Service) Create(ctx context.Context, p *authz.Principal, in Input) (int64, error) {
	sc, err := s.scope.Scope(ctx, p)
	if err != nil {
		return 0, err
	}
	u, roleIDs, err := s.validate(ctx, p, sc, &in)
	if err != nil {
		return 0, err
	}
	if err := checkPassword("password", in.Password); err != nil {
		return 0, err
	}
	hash, err := bcrypt.GenerateFromPassword([]byte(in.Password), s.bcryptCost)
	if err != nil {
		return 0, err
	}
	u.ID, u.Password = 0, string(hash)
	if err := s.store.Create(ctx, &u, roleIDs); err != nil {
		return 0, duplicate(err)
	}
	return u.ID, nil
}

// target loads a user the caller may change.
func (s *Service) target(ctx context.Context, p *authz.Principal, sc authz.Scope, id int64) (User, error) {
	u, found, err := s.store.ByID(ctx, id)
	if err != nil {
		return User{}, err
	}
	if !found {
		return User{}, httpx.NotFound("用户不存在")
	}
	return u, s.mayTouch(ctx, p, sc, u)
}

// Update edits a user.
func (s *Service) Update(ctx context.Context, p *authz.Principal, in Input) error {
	if in.ID <= 0 {
		return httpx.BadRequest("id", httpx.ReasonRequired)
	}
	sc, err := s.scope.Scope(ctx, p)
	if err != nil {
		return err
	}
	old, err := s.target(ctx, p, sc, in.ID)
	if err != nil {
		return err
	}
	u, roleIDs, err := s.validate(ctx, p, sc, &in)
	if err != nil {
		return err
	}
	if old.ID == p.UserID && !u.Enabled {
		return httpx.BadRequest("enabled", "不能停用自己")
	}
	return duplicate(s.store.Update(ctx, u, roleIDs))
}

// Delete removes users; nobody deletes themself or the superuser.
func (s *Service) Delete(ctx context.Context, p *authz.Principal, ids []int64) error {
	sc, err := s.scope.Scope(ctx, p)
	if err != nil {
		return err
	}
	for _, id := range ids {
		u, err := s.target(ctx, p, sc, id)
		if err != nil {
			return err
		}
		if u.ID == p.UserID {
			return httpx.BadRequest("ids", "不能删除自己")
		}
		if u.IsAdmin {
			return httpx.BadRequest("ids", "不能删除超级管理员")
		}
	}
	return s.store.Delete(ctx, ids)
}

// SetEnabled switches users on or off; a disabled user's sessions stop at their next request.
func (s *Service) SetEnabled(ctx context.Context, p *authz.Principal, ids []int64, enabled bool) error {
	sc, err := s.scope.Scope(ctx, p)
	if err != nil {
		return err
	}
	for _, id := range ids {
		u, err := s.target(ctx, p, sc, id)
		if err != nil {
			return err
		}
		if !enabled && (u.ID == p.UserID || u.IsAdmin) {
			return httpx.BadRequest("ids", "不能停用自己或超级管理员")
		}
	}
	return s.store.SetEnabled(ctx, ids, enabled)
}

// ResetPassword sets another user's password (permission user:edit, checked by the route).
func (s *Service) ResetPassword(ctx context.Context, p *authz.Principal, id int64, pw string) error {
	if err := checkPassword("password", pw); err != nil {
		return err
	}
	sc, err := s.scope.Scope(ctx, p)
	if err != nil {
		return err
	}
	if _, err := s.target(ctx, p, sc, id); err != nil {
		return err
	}
	hash, err := bcrypt.GenerateFromPassword([]byte(pw), s.bcryptCost)
	if err != nil {
		return err
	}
	return s.store.SetPassword(ctx, id, string(hash))
}
