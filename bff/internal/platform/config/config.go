// Package config reads the BFF's settings from the environment and the same-named flags
// (BFF_DATA_DIR ↔ --data-dir; flags win) and validates them once, at start-up.
package config

import (
	"crypto/rsa"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/netip"
	"net/url"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/go-sql-driver/mysql"
	"github.com/redis/go-redis/v9"

	"mallconsole/bff/internal/platform/limits"
	"mallconsole/bff/internal/platform/money"
)

// Config is the validated configuration. Zero values of optional settings mean "off".
type Config struct {
	Addr          string
	DB            DB
	DataDir       string
	Captcha       bool
	AdminPassword string // empty: generate one when the database is new
	JWTSecret     string // empty: generated once and kept in DataDir
	StaticDir     string // empty: serve no front end
	Demo          bool
	// DemoShop: with Demo, also the demo shop (agencies, goods, orders).
	DemoShop bool
	// ProfilingPublic opens the wall display (/profiling, GET /api/profiling) without sign-in.
	ProfilingPublic bool
	// APIDocsPublic serves the OpenAPI document without sign-in (else it needs api:doc).
	APIDocsPublic bool
	DemoPassword  string // empty: generate one when the demo users are created
	PortalOrigins []string
	PortalSecret  string // empty: POST /api/auth/loginAccount is off
	PublicURL     string // empty: derive from the request; else absolute, ends with "/"
	SetupToken    string // empty: a new database gets a random one, printed to the log
	Redis         string // empty: sessions, captchas and counters live in the database
	SessionTTL    time.Duration
	LoginMaxFails int
	LoginLock     time.Duration
	TrustedProxy  []netip.Prefix
	LogLevel      slog.Level
	LogFormat     string // "text" or "json"
	UploadDir     string // empty: DATA_DIR/uploads
	UploadMaxMB   int
	S3            S3                // S3.Bucket empty: uploads on local disk (UploadDir)
	Image         ImageUpload       // where the rich-text editor's pictures go
	BrandTitles   map[string]string // host name (lower case, no port) → header title; others: 商城
	Footer        Footer            // the page footer's text and filing number (seed-spec §3)

	// Upstream mode (docs/upstream.md): prefixes proxied to existing backends, longest first.
	Upstreams       []Upstream
	UpstreamSecret  string         // signs the identity JWT sent upstream; required with Upstreams
	UpstreamTimeout time.Duration  // how long an upstream may send nothing before 504
	TrustEdgeSecret string         // origin role: accept an edge BFF's identity JWT signed with it
	StaffLogin      string         // LoginLocal or LoginUpstream (through the identity:relay upstream)
	ChannelLogin    string         // the same for channel operators
	UpstreamRSAKey  *rsa.PublicKey // nil: the password goes to the relay upstream as typed

	// CaptchaPerMinute is how many captchas one address gets a minute (also the burst); 0: no limit.
	CaptchaPerMinute int

	// MetricsAddr is the listener of GET /metrics (Prometheus); empty: no metrics.
	MetricsAddr string
	// Profiles serves Go's profiler under /debug/pprof/ on the metrics listener.
	Profiles bool

	// OCR reads identity cards for the enterprise certification.
	OCR OCR
	// PDFFont is the TrueType font generated PDFs embed; "" when PDFs are off.
	PDFFont string

	// RefundGateway is where after-sales refunds are paid; URL empty: none.
	RefundGateway RefundGateway
	// Tracking is the parcel tracking provider; Provider "off": none.
	Tracking Tracking

	// RefundApprovalOver: an after-sales refund above it (fen) needs a 退款审批 approval.
	RefundApprovalOver money.Fen
	// ReturnAddress is given to buyers whose return was approved without an address of its own.
	ReturnAddress string

	// Notify is the message centre's outbound channels; none by default.
	Notify Notify

	// Admit bounds the requests in flight (BFF_ADMIT*).
	Admit Admit
}

// DB says which database to open.
type DB struct {
	Driver string // "sqlite" or "mysql"
	DSN    string // sqlite: file path; mysql: go-sql-driver DSN
}

// setting is one configuration entry: its environment name, default and parser.
type setting struct {
	env   string
	def   string
	help  string
	parse func(c *Config, v string) error
}

// Minimum lengths of secrets given by the operator: short ones are guessable.
const (
	minPasswordLen   = limits.PasswordMin
	maxPasswordLen   = limits.PasswordMax // bcrypt ignores anything longer
	minSecretLen     = 32
	minPortalLen     = 16
	minSetupTokenLen = 32
)

func settings() []setting {
	return append([]setting{
		{"BFF_ADDR", "127.0.0.1:8000", "listen address host:port", parseAddr},
		{"BFF_DATA_DIR", "./data", "directory for the SQLite file and the generated JWT secret", func(c *Config, v string) error {
			c.DataDir = filepath.Clean(v)
			return nil
		}},
		{"BFF_DB", "", "database: sqlite:PATH (default DATA_DIR/bff.db) or mysql://user:pass@tcp(host:port)/db?params", nil}, // parsed after DATA_DIR
		{"BFF_CAPTCHA", "on", "on|off: check the login captcha", func(c *Config, v string) (err error) {
			c.Captcha, err = parseSwitch(v)
			return err
		}},
		{"BFF_CAPTCHA_PER_MINUTE", "60", "captchas one client address may fetch a minute (1..10000)", func(c *Config, v string) error {
			n, err := strconv.Atoi(v)
			if err != nil || n < 1 || n > 10000 {
				return fmt.Errorf("must be a whole number from 1 to 10000, got %q", v)
			}
			c.CaptchaPerMinute = n
			return nil
		}},
		{"BFF_ADMIN_PASSWORD", "", "password of the first admin when the database is new (random and printed if unset)", func(c *Config, v string) error {
			c.AdminPassword = v
			return checkPassword(v)
		}},
		{"BFF_JWT_SECRET", "", "HS256 secret (at least 32 characters); unset: generated once and kept in DATA_DIR/jwt-secret", func(c *Config, v string) error {
			if v != "" && len(v) < minSecretLen {
				return fmt.Errorf("must be at least %d characters", minSecretLen)
			}
			c.JWTSecret = v
			return nil
		}},
		{"BFF_STATIC_DIR", "", "built front end to serve (a directory with index.html); empty serves none", parseStaticDir},
		{"BFF_DEMO", "off", "on|off: seed demo departments, users and dictionaries", func(c *Config, v string) (err error) {
			c.Demo, err = parseSwitch(v)
			return err
		}},
		{"BFF_DEMO_SHOP", "on", "on|off: with BFF_DEMO=on, also seed the demo shop (two agencies, goods and orders)", func(c *Config, v string) (err error) {
			c.DemoShop, err = parseSwitch(v)
			return err
		}},
		{"BFF_PROFILING_PUBLIC", "off", "on|off: the wall display /profiling shows the shop's figures (no personal data) without sign-in", func(c *Config, v string) (err error) {
			c.ProfilingPublic, err = parseSwitch(v)
			return err
		}},
		{"BFF_API_DOCS", "permission", "permission|public: who may read the API document (/api/openapi.json, browsed at /api/swagger-ui.html): holders of api:doc, or anyone", func(c *Config, v string) error {
			switch v {
			case "permission":
				c.APIDocsPublic = false
			case "public":
				c.APIDocsPublic = true
			default:
				return fmt.Errorf("must be permission or public, got %q", v)
			}
			return nil
		}},
		{"BFF_DEMO_PASSWORD", "", "password of the demo users staff and channel (random and printed if unset)", func(c *Config, v string) error {
			c.DemoPassword = v
			return checkPassword(v)
		}},
		{"BFF_PORTAL_ORIGINS", "", "comma-separated origins of host portals allowed by CORS (https://portal.example.com)", parseOrigins},
		{"BFF_PORTAL_SECRET", "", "shared secret (at least 16 characters) that enables POST /api/auth/loginAccount", func(c *Config, v string) error {
			if v != "" && len(v) < minPortalLen {
				return fmt.Errorf("must be at least %d characters", minPortalLen)
			}
			c.PortalSecret = v
			return nil
		}},
		{"BFF_PUBLIC_URL", "", "absolute base URL the front end's assets are loaded from (default: the request's scheme and host)", parsePublicURL},
		{"BFF_SETUP_TOKEN", "", "secret (at least 32 characters) that the first-run page /init asks for (random and logged if unset)", func(c *Config, v string) error {
			if v != "" && (len(v) < minSetupTokenLen || strings.TrimSpace(v) != v) {
				return fmt.Errorf("must be at least %d characters, without surrounding spaces", minSetupTokenLen)
			}
			c.SetupToken = v
			return nil
		}},
		{"BFF_REDIS", "", "redis://host:port/db: keep sessions, captchas and login counters in Redis", func(c *Config, v string) error {
			if v == "" {
				return nil
			}
			if _, err := redis.ParseURL(v); err != nil {
				return fmt.Errorf("not a redis:// URL: %v", err)
			}
			c.Redis = v
			return nil
		}},
		{"BFF_SESSION_TTL", "8h", "session lifetime (Go duration, 1m..720h)", func(c *Config, v string) (err error) {
			c.SessionTTL, err = parseDuration(v, time.Minute, 720*time.Hour)
			return err
		}},
		{"BFF_LOGIN_MAX_FAILS", "5", "failed logins per user name before lock-out (per IP: 4 times this)", func(c *Config, v string) error {
			n, err := strconv.Atoi(v)
			if err != nil || n < 1 || n > 1000 {
				return fmt.Errorf("must be a whole number from 1 to 1000, got %q", v)
			}
			c.LoginMaxFails = n
			return nil
		}},
		{"BFF_LOGIN_LOCK", "15m", "window for counting failed logins and length of the lock-out (Go duration)", func(c *Config, v string) (err error) {
			c.LoginLock, err = parseDuration(v, time.Second, 24*time.Hour)
			return err
		}},
		{"BFF_TRUSTED_PROXIES", "", "comma-separated CIDRs/IPs of reverse proxies whose X-Forwarded-* headers are believed", parseProxies},
		{"BFF_UPLOAD_DIR", "", "directory of uploaded files (default DATA_DIR/uploads)", func(c *Config, v string) error {
			if v != "" {
				c.UploadDir = filepath.Clean(v)
			}
			return nil
		}},
		{"BFF_UPLOAD_MAX_MB", "50", "largest accepted upload in MB (1..1024)", func(c *Config, v string) error {
			n, err := strconv.Atoi(v)
			if err != nil || n < 1 || n > 1024 {
				return fmt.Errorf("must be a whole number from 1 to 1024, got %q", v)
			}
			c.UploadMaxMB = n
			return nil
		}},
		{"BFF_STORAGE", "local", "where uploads are kept: local (BFF_UPLOAD_DIR) or s3://bucket (an S3-compatible bucket, with the BFF_S3_* settings)", parseStorage},
		{"BFF_S3_ENDPOINT", "", "with BFF_STORAGE=s3://…: the service's URL, http(s)://host[:port]", parseS3Endpoint},
		{"BFF_S3_REGION", "us-east-1", "with BFF_STORAGE=s3://…: the bucket's region", func(c *Config, v string) error {
			c.S3.Region = strings.TrimSpace(v)
			return nil
		}},
		{"BFF_S3_ACCESS_KEY", "", "with BFF_STORAGE=s3://…: access key id (required, no default)", func(c *Config, v string) error {
			c.S3.AccessKey = v
			return nil
		}},
		{"BFF_S3_SECRET_KEY", "", "with BFF_STORAGE=s3://…: secret access key (required, no default)", func(c *Config, v string) error {
			c.S3.SecretKey = v
			return nil
		}},
		{"BFF_S3_POLICY_HOURS", "1", "with BFF_STORAGE=s3://…: lifetime in hours of a presigned image upload (× 3600 s; 0.01..168)", parseS3Hours},
		{"BFF_BRAND_TITLES", "", "comma-separated host=title pairs: the header title for each deployment host (others: the shop name set at /init, else 商城)", parseBrandTitles},
		{"BFF_FOOTER_TEXT", "", "the page footer's text, e.g. © 2026 好物商城 (at most 100 characters; empty with no BFF_CASE_NUMBER: no footer)", parseFooterText},
		{"BFF_CASE_NUMBER", "", "the site's ICP filing number shown in the footer, linked to beian.miit.gov.cn, e.g. 浙ICP备12345678号-1 (at most 50 characters)", parseCaseNumber},
		{"BFF_UPSTREAMS", "", "comma-separated PREFIX=URL[|perm:PERMISSION][|identity:jwt|relay][|replace]: API prefixes proxied to existing backends", parseUpstreams},
		{"BFF_UPSTREAM_SECRET", "", "HS256 secret (at least 32 characters) signing the identity sent to upstreams; required with BFF_UPSTREAMS", parseUpstreamSecret},
		{"BFF_REFUND_APPROVAL_OVER", "100000", "after-sales refunds above this many fen (default ¥1,000) need a 退款审批 approval (0 or more)", func(c *Config, v string) error {
			n, err := strconv.ParseInt(v, 10, 64)
			if err != nil || n < 0 || n > int64(money.Max) {
				return fmt.Errorf("must be a whole number of fen from 0, got %q", v)
			}
			c.RefundApprovalOver = money.Fen(n)
			return nil
		}},
		{"BFF_RETURN_ADDRESS", "", "the shop's return address given with an approved return (at most 255 characters)", func(c *Config, v string) error {
			if utf8.RuneCountInString(v) > 255 {
				return fmt.Errorf("must be at most 255 characters")
			}
			c.ReturnAddress = strings.TrimSpace(v)
			return nil
		}},
		{"BFF_UPSTREAM_TIMEOUT", "30s", "how long an upstream may send or take nothing before the answer is 504 (Go duration, 1s..1h)", parseUpstreamTimeout},
		{"BFF_TRUST_EDGE_SECRET", "", "origin role: serve requests bearing an edge BFF's identity JWT signed with this secret (at least 32 characters)", parseTrustEdgeSecret},
		{"BFF_STAFF_LOGIN", "local", "local|upstream: staff sign in with the BFF's own accounts, or through the identity:relay upstream", parseStaffLogin},
		{"BFF_CHANNEL_LOGIN", "local", "local|upstream: the same for channel operators", parseChannelLogin},
		{"BFF_UPSTREAM_RSA_PUBLIC_KEY", "", "the relay upstream's RSA public key (PEM or base64 DER, as eladmin-web holds it): passwords are encrypted with it on the way up", parseRSAKey},
		{"BFF_METRICS_ADDR", "", "host:port of a separate listener serving GET /metrics (Prometheus), e.g. 127.0.0.1:9100; empty: off", func(c *Config, v string) error {
			if v == "" {
				return nil
			}
			if err := checkHostPort(v); err != nil {
				return err
			}
			c.MetricsAddr = v
			return nil
		}},
		{"BFF_PPROF", "off", "on|off: serve Go's profiler (/debug/pprof/) on the metrics listener (needs BFF_METRICS_ADDR)", func(c *Config, v string) error {
			switch strings.ToLower(v) {
			case "on":
				c.Profiles = true
				return nil
			case "off":
				return nil
			}
			return fmt.Errorf("on or off, not %q", v)
		}},
		{"BFF_LOG_FORMAT", "text", "text|json: log lines as key=value text or as JSON objects", func(c *Config, v string) error {
			switch strings.ToLower(v) {
			case "text", "json":
				c.LogFormat = strings.ToLower(v)
				return nil
			}
			return fmt.Errorf("must be text or json, got %q", v)
		}},
		{"BFF_LOG_LEVEL", "info", "debug|info|warn|error", func(c *Config, v string) error {
			switch strings.ToLower(v) {
			case "debug":
				c.LogLevel = slog.LevelDebug
			case "info":
				c.LogLevel = slog.LevelInfo
			case "warn", "warning":
				c.LogLevel = slog.LevelWarn
			case "error":
				c.LogLevel = slog.LevelError
			default:
				return fmt.Errorf("must be debug, info, warn or error, got %q", v)
			}
			return nil
		}},
	}, slices.Concat(ocrSettings(), imageSettings(), refundGatewaySettings(), notifySettings(), pdfSettings(),
		admitSettings(), trackingSettings())...)
}

// FlagName turns BFF_DATA_DIR into data-dir.
func FlagName(env string) string {
	return strings.ReplaceAll(strings.ToLower(strings.TrimPrefix(env, "BFF_")), "_", "-")
}

// Load parses args (without the program name) and environ ("KEY=value" entries). Flags win over
// the environment; an empty value counts as unset. flag.ErrHelp is returned for -h.
func Load(args, environ []string, usage io.Writer) (Config, error) {
	env := map[string]string{}
	for _, kv := range environ {
		if k, v, ok := strings.Cut(kv, "="); ok && strings.HasPrefix(k, "BFF_") {
			env[k] = v
		}
	}
	all := settings()
	fs := flag.NewFlagSet("bff", flag.ContinueOnError)
	fs.SetOutput(usage)
	flags := map[string]*string{}
	for _, s := range all {
		help := s.help + " (env " + s.env
		if s.def != "" {
			help += ", default " + s.def
		}
		flags[s.env] = fs.String(FlagName(s.env), "", help+")")
	}
	if err := fs.Parse(args); err != nil {
		return Config{}, err
	}
	if fs.NArg() > 0 {
		return Config{}, fmt.Errorf("unexpected argument %q (settings are --name=value flags or BFF_* variables)", fs.Arg(0))
	}
	given := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { given[f.Name] = true })
	value := func(name string) (string, bool) {
		if given[FlagName(name)] {
			return *flags[name], true
		}
		v := env[name]
		return v, v != ""
	}

	var c Config
	var errs []error
	for _, s := range all {
		if s.parse == nil {
			continue
		}
		v, ok := value(s.env)
		if !ok || v == "" {
			v = s.def
		}
		if err := s.parse(&c, v); err != nil {
			errs = append(errs, fmt.Errorf("%s (--%s): %w", s.env, FlagName(s.env), err))
		}
	}
	dbValue, _ := value("BFF_DB")
	_, dataDirGiven := value("BFF_DATA_DIR")
	db, err := parseDB(dbValue, c.DataDir, dataDirGiven)
	if err != nil {
		errs = append(errs, fmt.Errorf("BFF_DB (--db): %w", err))
	}
	c.DB = db
	if c.Profiles && c.MetricsAddr == "" {
		errs = append(errs, errors.New("BFF_PPROF (--pprof): on needs BFF_METRICS_ADDR, the listener it is served on"))
	}
	if c.MetricsAddr != "" && c.MetricsAddr == c.Addr && !strings.HasSuffix(c.Addr, ":0") {
		errs = append(errs, fmt.Errorf("BFF_METRICS_ADDR (--metrics-addr): must differ from BFF_ADDR %q: the metrics have their own listener", c.Addr))
	}
	if len(errs) == 0 {
		if err := checkUpstreams(c); err != nil {
			errs = append(errs, err)
		}
		if err := checkRelay(c); err != nil {
			errs = append(errs, err)
		}
		if err := checkStorage(c); err != nil {
			errs = append(errs, err)
		}
		if err := resolveImage(&c); err != nil {
			errs = append(errs, err)
		}
		if err := resolveOCR(&c, fileExists); err != nil {
			errs = append(errs, err)
		}
		if err := resolvePDFFont(&c, fileExists); err != nil {
			errs = append(errs, err)
		}
		if err := checkRefundGateway(&c); err != nil {
			errs = append(errs, err)
		}
		if err := checkNotify(&c); err != nil {
			errs = append(errs, err)
		}
		if err := checkTracking(&c); err != nil {
			errs = append(errs, err)
		}
	}
	if err := errors.Join(errs...); err != nil {
		return Config{}, err
	}
	return c, nil
}

func parseSwitch(v string) (bool, error) {
	switch strings.ToLower(v) {
	case "on", "true", "1", "yes":
		return true, nil
	case "off", "false", "0", "no":
		return false, nil
	}
	return false, fmt.Errorf("must be on or off, got %q", v)
}

func parseDuration(v string, lo, hi time.Duration) (time.Duration, error) {
	d, err := time.ParseDuration(v)
	if err != nil || d < lo || d > hi {
		return 0, fmt.Errorf("must be a duration from %s to %s such as 8h or 15m, got %q", lo, hi, v)
	}
	return d, nil
}

func checkPassword(v string) error {
	if v == "" {
		return nil
	}
	if len(v) < minPasswordLen || len(v) > maxPasswordLen {
		return fmt.Errorf("must be %d to %d bytes long", minPasswordLen, maxPasswordLen)
	}
	return nil
}

func parseAddr(c *Config, v string) error {
	if err := checkHostPort(v); err != nil {
		return err
	}
	c.Addr = v
	return nil
}

func checkHostPort(v string) error {
	host, port, err := net.SplitHostPort(v)
	if err != nil {
		return fmt.Errorf("must be host:port, got %q", v)
	}
	if p, err := strconv.Atoi(port); err != nil || p < 0 || p > 65535 {
		return fmt.Errorf("port must be 0..65535, got %q", port)
	}
	if host != "" && !hostPattern.MatchString(host) {
		if _, err := netip.ParseAddr(host); err != nil {
			return fmt.Errorf("bad host %q", host)
		}
	}
	return nil
}

var hostPattern = regexp.MustCompile(`^[A-Za-z0-9]([A-Za-z0-9.-]{0,251}[A-Za-z0-9])?$`)

func parseDB(v, dataDir string, dataDirGiven bool) (DB, error) {
	switch {
	case v == "":
		return DB{Driver: "sqlite", DSN: filepath.Join(dataDir, "bff.db")}, nil
	case strings.HasPrefix(v, "sqlite:"):
		p := strings.TrimPrefix(strings.TrimPrefix(v, "sqlite:"), "//")
		if p == "" || strings.ContainsAny(p, "?#") {
			return DB{}, fmt.Errorf("sqlite:PATH needs a plain file path, got %q", v)
		}
		if !filepath.IsAbs(p) && dataDirGiven {
			p = filepath.Join(dataDir, p)
		}
		return DB{Driver: "sqlite", DSN: filepath.Clean(p)}, nil
	case strings.HasPrefix(v, "mysql://"):
		cfg, err := mysql.ParseDSN(strings.TrimPrefix(v, "mysql://"))
		if err != nil {
			return DB{}, fmt.Errorf("bad mysql DSN (mysql://user:pass@tcp(host:port)/db?params): %v", err)
		}
		if cfg.DBName == "" {
			return DB{}, errors.New("the mysql DSN names no database")
		}
		// Times are stored in UTC and parsed into time.Time; text is utf8mb4.
		cfg.ParseTime = true
		cfg.Loc = time.UTC
		if cfg.Params == nil {
			cfg.Params = map[string]string{}
		}
		if _, ok := cfg.Params["charset"]; !ok {
			cfg.Params["charset"] = "utf8mb4"
		}
		return DB{Driver: "mysql", DSN: cfg.FormatDSN()}, nil
	}
	return DB{}, fmt.Errorf("must start with sqlite: or mysql://, got %q", redact(v))
}

// redact hides a password in a URL-like value before it goes into an error message.
func redact(v string) string {
	start := 0
	if i := strings.Index(v, "://"); i >= 0 {
		start = i + 3
	}
	at := strings.LastIndex(v, "@")
	if at < start {
		return v
	}
	if colon := strings.Index(v[start:at], ":"); colon >= 0 {
		return v[:start+colon+1] + "***" + v[at:]
	}
	return v
}

func parseOrigins(c *Config, v string) error {
	c.PortalOrigins = nil
	for _, o := range strings.Split(v, ",") {
		o = strings.TrimSuffix(strings.TrimSpace(o), "/")
		if o == "" {
			continue
		}
		u, err := url.Parse(o)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.Path != "" || u.RawQuery != "" || u.User != nil {
			return fmt.Errorf("%q is not an origin like https://portal.example.com", o)
		}
		c.PortalOrigins = append(c.PortalOrigins, strings.ToLower(u.Scheme+"://"+u.Host))
	}
	return nil
}

func parsePublicURL(c *Config, v string) error {
	if v == "" {
		return nil
	}
	u, err := url.Parse(v)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.RawQuery != "" || u.Fragment != "" || u.User != nil ||
		strings.ContainsAny(v, "\"'<> \\`") {
		return fmt.Errorf("must be an absolute http(s) URL such as https://console.example.com/, got %q", v)
	}
	if !strings.HasSuffix(v, "/") {
		v += "/"
	}
	c.PublicURL = v
	return nil
}

func parseProxies(c *Config, v string) error {
	c.TrustedProxy = nil
	for _, p := range strings.Split(v, ",") {
		p = strings.TrimSpace(p)
		if p == "" {
			continue
		}
		if !strings.Contains(p, "/") {
			a, err := netip.ParseAddr(p)
			if err != nil {
				return fmt.Errorf("%q is neither an IP nor a CIDR", p)
			}
			c.TrustedProxy = append(c.TrustedProxy, netip.PrefixFrom(a.Unmap(), a.Unmap().BitLen()))
			continue
		}
		pr, err := netip.ParsePrefix(p)
		if err != nil {
			return fmt.Errorf("%q is not a CIDR such as 10.0.0.0/8", p)
		}
		c.TrustedProxy = append(c.TrustedProxy, pr.Masked())
	}
	return nil
}
