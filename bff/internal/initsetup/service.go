package initsetup

import (
	"cmp"
	"context"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"encoding/hex"
	"errors"

	"golang.org/x/crypto/bcrypt"
	"gorm.io/gorm"

	"mallconsole/bff/internal/auth"
)

// Keys of the shop's basic settings.
const (
	KeyShopName    = "shop.name"
	KeyShopPhone   = "shop.phone"
	KeyShopAddress = "shop.address"
	KeyShopIntro   = "shop.intro" // HTML from the rich-text editor, cleaned
)

// maxIntro bounds the cleaned introduction (the settings value is a TEXT column: 64 KB, and a
// Chinese character takes 3 bytes).
const maxIntro = 20000

// Sanitizer cleans rich-text HTML (platform/richtext).
type Sanitizer interface {
	HTML(string) string
}

// Admins sets up the first administrator (the user feature).
type Admins interface {
	SetupSuperuser(ctx context.Context, tx *gorm.DB, username, nickName, email, hash string) error
}

// Sessions ends sessions (the auth feature).
type Sessions interface {
	EndAllSessions(ctx context.Context) error
	// SignInAfterSetup signs the new administrator in (the set-up ends signed in, issue 16).
	SignInAfterSetup(ctx context.Context, username, ip, userAgent string) (auth.LoginResult, error)
}

// Setup is the first-run setup: open only while the system is new, and then only to a request
// carrying the setup token. Neither the remote address (behind a proxy on the same machine every
// client is loopback) nor the Origin header (any client sets it) proves who is asking.
type Setup struct {
	store      *Store
	admins     Admins
	sessions   Sessions
	clean      Sanitizer
	token      string // BFF_SETUP_TOKEN; "" when the token is generated (see Prepare)
	bcryptCost int
}

// NewSetup builds the setup; token is BFF_SETUP_TOKEN ("" when unset).
func NewSetup(store *Store, admins Admins, sessions Sessions, clean Sanitizer, token string, bcryptCost int) *Setup {
	return &Setup{store: store, admins: admins, sessions: sessions, clean: clean, token: token, bcryptCost: cmp.Or(bcryptCost, bcrypt.DefaultCost)}
}

// Prepare runs at start: on a system not yet set up and without BFF_SETUP_TOKEN, it makes a new
// random setup token, keeps only its hash (so every instance on the database accepts it) and
// returns it for the operator; a later start replaces it. It returns "" when nothing is to print.
func (s *Setup) Prepare(ctx context.Context) (string, error) {
	if _, done, err := s.store.Get(ctx, KeyInitialized); err != nil || done || s.token != "" {
		return "", err
	}
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	tok := base64.RawURLEncoding.EncodeToString(b)
	if err := s.store.Set(ctx, nil, KeySetupToken, hashToken(tok)); err != nil {
		return "", err
	}
	return tok, nil
}

func hashToken(tok string) string {
	h := sha256.Sum256([]byte(tok))
	return hex.EncodeToString(h[:])
}

// tokenOK compares the given token with the expected one in constant time (as hashes, so the
// lengths do not matter).
func (s *Setup) tokenOK(ctx context.Context, given string) (bool, error) {
	want := ""
	if s.token != "" {
		want = hashToken(s.token)
	} else {
		v, ok, err := s.store.Get(ctx, KeySetupToken)
		if err != nil || !ok {
			return false, err
		}
		want = v
	}
	return given != "" && subtle.ConstantTimeCompare([]byte(hashToken(given)), []byte(want)) == 1, nil
}

// SetupInput is the body of POST /api/init.
type SetupInput struct {
	SetupToken  string `json:"setupToken"` // 初始化令牌: printed by the BFF at start, or BFF_SETUP_TOKEN
	Username    string `json:"username"`
	NickName    string `json:"nickName"`
	Email       string `json:"email"`
	Password    string `json:"password"`
	ShopName    string `json:"shopName"`
	ShopPhone   string `json:"shopPhone"`
	ShopAddress string `json:"shopAddress"`
	ShopIntro   string `json:"shopIntro"` // 店铺简介, rich text
}

// Domain errors of the set-up; http.go turns them into answers.
var (
	ErrInitialized   = errors.New("initsetup: the system is already set up")
	ErrBadToken      = errors.New("initsetup: wrong setup token")
	ErrUsernameTaken = errors.New("initsetup: the user name is taken")
)

// Initialized tells whether the first-run setup is done.
func (s *Setup) Initialized(ctx context.Context) (bool, error) {
	_, done, err := s.store.Get(ctx, KeyInitialized)
	return done, err
}

// CheckToken refuses a set-up without the setup token.
func (s *Setup) CheckToken(ctx context.Context, given string) error {
	ok, err := s.tokenOK(ctx, given)
	if err == nil && !ok {
		return ErrBadToken
	}
	return err
}

// Complete sets the system up with in, whose fields http.go has checked (the introduction
// cleaned): the shop's settings, the superuser, the token used up — all or nothing — and then
// the end of every session opened before it.
func (s *Setup) Complete(ctx context.Context, in SetupInput) error {
	hash, err := bcrypt.GenerateFromPassword([]byte(in.Password), s.bcryptCost)
	if err != nil {
		return err
	}
	shop := map[string]string{KeyShopName: in.ShopName, KeyShopPhone: in.ShopPhone, KeyShopAddress: in.ShopAddress, KeyShopIntro: in.ShopIntro}
	err = s.store.complete(ctx, shop, func(tx *gorm.DB) error {
		err := s.admins.SetupSuperuser(ctx, tx, in.Username, in.NickName, in.Email, string(hash))
		if errors.Is(err, gorm.ErrDuplicatedKey) {
			return ErrUsernameTaken
		}
		return err
	})
	if err != nil {
		return err
	}
	// Whoever signed in before the set-up (with the seeded administrator's printed password, say)
	// starts again under the accounts it created.
	return s.sessions.EndAllSessions(ctx)
}
