package app

import (
	"context"
	"log/slog"
	"time"

	"github.com/redis/go-redis/v9"
	"gorm.io/gorm"

	"mallconsole/bff/internal/auth"
	"mallconsole/bff/internal/menu"
	"mallconsole/bff/internal/notify"
	"mallconsole/bff/internal/platform/authz"
	"mallconsole/bff/internal/platform/config"
	"mallconsole/bff/internal/role"
	"mallconsole/bff/internal/user"
)

// notifyDirectory resolves a message's audience over the users, their roles and the roles'
// menus: a user holds a permission when one of their roles has a menu carrying it; the
// superuser (users.is_admin) holds every permission and is the administrators' audience.
// Disabled accounts, and channel operators without an agency (they see nothing), are skipped.
type notifyDirectory struct{ db *gorm.DB }

type recipientRow struct {
	ID       int64
	AgencyID *int64
	Email    string
	Kind     string
}

func (d notifyDirectory) Recipients(ctx context.Context, a notify.Audience) ([]notify.Recipient, error) {
	g := d.db.WithContext(ctx)
	var rows []recipientRow
	users := g.Model(&user.User{}).Select("id, agency_id, email, kind").Where("enabled = ?", true)
	if len(a.UserIDs) > 0 {
		var got []recipientRow
		if err := users.Session(&gorm.Session{}).Where("id IN ?", a.UserIDs).Scan(&got).Error; err != nil {
			return nil, err
		}
		rows = append(rows, got...)
	}
	if a.Admins || a.Permission != "" {
		var got []recipientRow
		if err := users.Session(&gorm.Session{}).Where("is_admin = ?", true).Scan(&got).Error; err != nil {
			return nil, err
		}
		rows = append(rows, got...)
	}
	if a.Permission != "" {
		holders := g.Model(&user.UserRole{}).Select("users_roles.user_id").
			Joins("JOIN "+role.RoleMenu{}.TableName()+" rm ON rm.role_id = users_roles.role_id").
			Joins("JOIN "+menu.Menu{}.TableName()+" m ON m.id = rm.menu_id").
			Where("m.permission = ?", a.Permission)
		var got []recipientRow
		if err := users.Session(&gorm.Session{}).Where("id IN (?)", holders).Scan(&got).Error; err != nil {
			return nil, err
		}
		rows = append(rows, got...)
	}
	out := make([]notify.Recipient, 0, len(rows))
	for _, r := range rows {
		if r.Kind == authz.KindChannel && r.AgencyID == nil {
			continue
		}
		out = append(out, notify.Recipient{UserID: r.ID, AgencyID: r.AgencyID, Email: r.Email})
	}
	return out, nil
}

// notifyChannels are the outbound channels the configuration turns on (none by default).
func notifyChannels(n config.Notify, now func() time.Time) ([]notify.Channel, error) {
	var out []notify.Channel
	if n.WebhookURL != "" {
		out = append(out, notify.NewWebhook(n.WebhookURL, n.WebhookSecret, now))
	}
	if n.SMTPAddr != "" {
		m, err := notify.NewMail(n.SMTPAddr, n.SMTPFrom, n.SMTPUser, n.SMTPPassword)
		if err != nil {
			return nil, err
		}
		m.Now = now
		out = append(out, m)
	}
	return out, nil
}

// NotifyDeps are what wireNotify builds the message centre from.
type NotifyDeps struct {
	DB        *gorm.DB
	Redis     redis.UniversalClient // nil: one process, LocalHub
	Prefix    string
	Sessions  auth.SessionStore
	TodoCount func(ctx context.Context, userID int64) (int64, error)
	Config    config.Notify
	Now       func() time.Time
	Log       *slog.Logger
}

// wireNotify builds the message centre: across instances through Redis when it is configured,
// else in this process. The returned closer stops its hub and outbound worker.
func wireNotify(ctx context.Context, d NotifyDeps) (*notify.Service, func() error, error) {
	channels, err := notifyChannels(d.Config, d.Now)
	if err != nil {
		return nil, nil, err
	}
	var hub notify.Hub = notify.NewLocalHub()
	closeHub := func() error { return nil }
	if d.Redis != nil {
		rh, err := notify.NewRedisHub(ctx, d.Redis, d.Prefix, d.Log)
		if err != nil {
			return nil, nil, err
		}
		hub, closeHub = rh, rh.Close
	}
	s := notify.New(d.DB, notifyDirectory{d.DB}, hub, notify.Options{Now: d.Now, Log: d.Log, TodoCount: d.TodoCount,
		Channels: channels,
		SessionAlive: func(ctx context.Context, sid string) (bool, error) {
			sess, found, err := d.Sessions.Lookup(ctx, sid)
			return found && d.Now().Before(sess.ExpiresAt), err
		}})
	return s, func() error { _ = s.Close(); return closeHub() }, nil
}
