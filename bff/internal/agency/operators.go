package agency

import (
	"context"
	"errors"
	"slices"

	"golang.org/x/crypto/bcrypt"

	"mallconsole/bff/internal/platform/authz"
	"mallconsole/bff/internal/role"
	"mallconsole/bff/internal/user"
)

// OperatorRole is the role a new operator gets when it exists (the demo seeds it, and the
// agency pages' seed creates it with 我的渠道).
const OperatorRole = "渠道运营"

// Errors of operator management.
var (
	ErrOperatorNotFound = errors.New("agency: no such operator of this agency")
	ErrNameTaken        = errors.New("agency: the user name is taken")
	ErrNameLookFake     = errors.New("agency: the user name looks like another's")
)

// Accounts is what operator management needs of the user accounts.
type Accounts interface {
	Operators(ctx context.Context, agencyID int64) ([]user.User, error)
	CountOperators(ctx context.Context, agencyIDs []int64) (int64, error)
	ByID(ctx context.Context, id int64) (user.User, bool, error)
	ByNameKey(ctx context.Context, key string) (user.User, bool, error)
	Create(ctx context.Context, u *user.User, roleIDs []int64) error
	SetEnabled(ctx context.Context, ids []int64, enabled bool) error
	SetPassword(ctx context.Context, id int64, hash string) error
}

// Sessions ends an account's sessions (auth).
type Sessions interface {
	EndOtherSessions(ctx context.Context, userID int64, keep string) error
}

// Roles finds the operators' role.
type Roles interface {
	All(ctx context.Context) ([]role.Role, error)
}

// Operator is one account of an agency.
type Operator struct {
	ID         int64
	Username   string
	NickName   string
	Phone      string
	Enabled    bool
	CreateTime string
}

// OperatorInput is a new operator.
type OperatorInput struct {
	Username, NickName, Phone, Password string
}

func (s *Service) operators(ctx context.Context, agencyID int64) ([]Operator, error) {
	us, err := s.accounts.Operators(ctx, agencyID)
	if err != nil {
		return nil, err
	}
	out := make([]Operator, len(us))
	for i, u := range us {
		out[i] = Operator{ID: u.ID, Username: u.Username, NickName: u.NickName, Phone: u.Phone, Enabled: u.Enabled,
			CreateTime: u.CreateTime.Format("2006-01-02 15:04:05")}
	}
	return out, nil
}

// Operators lists an agency's operators.
func (s *Service) Operators(ctx context.Context, p *authz.Principal, agencyID int64) ([]Operator, error) {
	if err := staff(p); err != nil {
		return nil, err
	}
	if _, err := s.Get(ctx, agencyID); err != nil {
		return nil, err
	}
	return s.operators(ctx, agencyID)
}

// CreateOperator adds a channel account to the agency, with the operators' role when it exists.
func (s *Service) CreateOperator(ctx context.Context, p *authz.Principal, agencyID int64, in OperatorInput) (int64, error) {
	if err := staff(p); err != nil {
		return 0, err
	}
	if _, err := s.Get(ctx, agencyID); err != nil {
		return 0, err
	}
	key := user.NameKey(in.Username)
	if other, found, err := s.accounts.ByNameKey(ctx, key); err != nil {
		return 0, err
	} else if found && other.Username == in.Username {
		return 0, ErrNameTaken
	} else if found {
		return 0, ErrNameLookFake
	}
	hash, err := bcrypt.GenerateFromPassword([]byte(in.Password), s.bcrypt)
	if err != nil {
		return 0, err
	}
	roles, err := s.roles.All(ctx)
	if err != nil {
		return 0, err
	}
	var roleIDs []int64
	if i := slices.IndexFunc(roles, func(r role.Role) bool { return r.Name == OperatorRole }); i >= 0 {
		roleIDs = []int64{roles[i].ID}
	}
	u := user.User{Username: in.Username, NickName: in.NickName, Phone: in.Phone, Password: string(hash),
		Enabled: true, Kind: authz.KindChannel, AgencyID: &agencyID}
	err = s.accounts.Create(ctx, &u, roleIDs)
	if errors.Is(err, user.ErrDuplicate) {
		return 0, ErrNameTaken
	}
	return u.ID, err
}

// operator is the agency's operator id, ErrOperatorNotFound for anyone else's account.
func (s *Service) operator(ctx context.Context, p *authz.Principal, agencyID, id int64) error {
	if err := staff(p); err != nil {
		return err
	}
	u, found, err := s.accounts.ByID(ctx, id)
	if err != nil {
		return err
	}
	if !found || u.Kind != authz.KindChannel || u.AgencyID == nil || *u.AgencyID != agencyID {
		return ErrOperatorNotFound
	}
	return nil
}

// SetOperatorEnabled switches an operator on or off; a disabled one's sessions end at once.
func (s *Service) SetOperatorEnabled(ctx context.Context, p *authz.Principal, agencyID, id int64, enabled bool) error {
	if err := s.operator(ctx, p, agencyID, id); err != nil {
		return err
	}
	if err := s.accounts.SetEnabled(ctx, []int64{id}, enabled); err != nil {
		return err
	}
	if enabled {
		return nil
	}
	return s.sessions.EndOtherSessions(ctx, id, "")
}

// ResetOperatorPassword sets an operator's password; their sessions end, as the old password's would.
func (s *Service) ResetOperatorPassword(ctx context.Context, p *authz.Principal, agencyID, id int64, pw string) error {
	if err := s.operator(ctx, p, agencyID, id); err != nil {
		return err
	}
	hash, err := bcrypt.GenerateFromPassword([]byte(pw), s.bcrypt)
	if err != nil {
		return err
	}
	if err := s.accounts.SetPassword(ctx, id, string(hash)); err != nil {
		return err
	}
	return s.sessions.EndOtherSessions(ctx, id, "")
}
