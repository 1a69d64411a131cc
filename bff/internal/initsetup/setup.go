package initsetup

import (
	"cmp"
	"context"
	"errors"
	"net/http"
	"net/netip"
	"net/url"
	"strings"

	"github.com/labstack/echo/v4"
	"golang.org/x/crypto/bcrypt"
	"gorm.io/gorm"

	"mallconsole/bff/internal/platform/httpx"
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

// Setup is the first-run setup: open only while the system is new, and then only to a request
// from this machine or from the configured public origin.
type Setup struct {
	store      *Store
	admins     Admins
	clean      Sanitizer
	origin     string // the configured public origin (scheme://host), "" when none
	bcryptCost int
}

// NewSetup builds the setup; publicURL is BFF_PUBLIC_URL ("" when unset).
func NewSetup(store *Store, admins Admins, clean Sanitizer, publicURL string, bcryptCost int) *Setup {
	origin := ""
	if u, err := url.Parse(publicURL); err == nil && u.Host != "" {
		origin = strings.ToLower(u.Scheme + "://" + u.Host)
	}
	return &Setup{store: store, admins: admins, clean: clean, origin: origin, bcryptCost: cmp.Or(bcryptCost, bcrypt.DefaultCost)}
}

// SetupInput is the body of POST /api/init.
type SetupInput struct {
	Username    string `json:"username"`
	NickName    string `json:"nickName"`
	Email       string `json:"email"`
	Password    string `json:"password"`
	ShopName    string `json:"shopName"`
	ShopPhone   string `json:"shopPhone"`
	ShopAddress string `json:"shopAddress"`
	ShopIntro   string `json:"shopIntro"` // 店铺简介, rich text
}

var errInitialized = &httpx.Error{Status: http.StatusConflict, Message: "系统已初始化"}

// allowed tells whether the request may set the system up: from loopback, or from a page of
// the configured public origin.
func (s *Setup) allowed(c echo.Context) bool {
	if a, err := netip.ParseAddr(c.RealIP()); err == nil && a.Unmap().IsLoopback() {
		return true
	}
	o := strings.ToLower(c.Request().Header.Get(echo.HeaderOrigin))
	return s.origin != "" && o == s.origin
}

func (s *Setup) handle(c echo.Context) error {
	ctx := c.Request().Context()
	if _, done, err := s.store.Get(ctx, KeyInitialized); err != nil {
		return err
	} else if done {
		return errInitialized
	}
	if !s.allowed(c) {
		return httpx.Forbidden("只能在本机或配置的站点地址上初始化系统")
	}
	var in SetupInput
	if err := httpx.JSON(c, &in); err != nil {
		return err
	}
	var chk httpx.Check
	chk.Text("username", &in.Username, 64, true)
	chk.Text("nickName", &in.NickName, 64, true)
	chk.Email("email", &in.Email)
	if len(in.Password) < 8 || len(in.Password) > 72 {
		chk.Fail("password", "长度必须在8到72个字符之间")
	}
	chk.Text("shopName", &in.ShopName, 64, true)
	chk.Phone("shopPhone", &in.ShopPhone)
	chk.Text("shopAddress", &in.ShopAddress, 255, false)
	// stored only as cleaned: no script, no event attributes, no javascript: links
	in.ShopIntro = s.clean.HTML(in.ShopIntro)
	chk.Text("shopIntro", &in.ShopIntro, maxIntro, false)
	if chk.Err != nil {
		return chk.Err
	}
	hash, err := bcrypt.GenerateFromPassword([]byte(in.Password), s.bcryptCost)
	if err != nil {
		return err
	}
	err = s.store.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		// Marking the system initialised first, as a plain insert, lets only one of two
		// concurrent set-ups through: the other fails on the key.
		if err := tx.Create(&Setting{K: KeyInitialized, V: "setup"}).Error; err != nil {
			if errors.Is(err, gorm.ErrDuplicatedKey) {
				return errInitialized
			}
			return err
		}
		for k, v := range map[string]string{KeyShopName: in.ShopName, KeyShopPhone: in.ShopPhone, KeyShopAddress: in.ShopAddress, KeyShopIntro: in.ShopIntro} {
			if err := s.store.Set(ctx, tx, k, v); err != nil {
				return err
			}
		}
		err := s.admins.SetupSuperuser(ctx, tx, in.Username, in.NickName, in.Email, string(hash))
		if errors.Is(err, gorm.ErrDuplicatedKey) {
			return httpx.Conflict("username", "用户名已存在")
		}
		return err
	})
	if err != nil {
		return err
	}
	return c.NoContent(http.StatusCreated)
}
