// Package app wires the features into one HTTP handler. It is the one place that knows every
// feature; the program (cmd/bff) and the end-to-end tests both build the server through it.
package app

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/url"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/redis/go-redis/v9"
	"gorm.io/gorm"

	"mallconsole/bff/internal/aftersale"
	"mallconsole/bff/internal/agency"
	"mallconsole/bff/internal/appconfig"
	"mallconsole/bff/internal/attach"
	"mallconsole/bff/internal/audit"
	"mallconsole/bff/internal/auth"
	"mallconsole/bff/internal/category"
	"mallconsole/bff/internal/contract"
	"mallconsole/bff/internal/contract/filled"
	"mallconsole/bff/internal/dashboard"
	"mallconsole/bff/internal/dept"
	"mallconsole/bff/internal/dict"
	"mallconsole/bff/internal/goods"
	"mallconsole/bff/internal/initsetup"
	"mallconsole/bff/internal/job"
	"mallconsole/bff/internal/menu"
	"mallconsole/bff/internal/notify"
	"mallconsole/bff/internal/order"
	"mallconsole/bff/internal/platform/admit"
	"mallconsole/bff/internal/platform/apidoc"
	"mallconsole/bff/internal/platform/authz"
	"mallconsole/bff/internal/platform/cache"
	"mallconsole/bff/internal/platform/config"
	"mallconsole/bff/internal/platform/formupload"
	"mallconsole/bff/internal/platform/health"
	"mallconsole/bff/internal/platform/httpx"
	"mallconsole/bff/internal/platform/kv"
	"mallconsole/bff/internal/platform/metrics"
	"mallconsole/bff/internal/platform/objstore"
	"mallconsole/bff/internal/platform/pdf"
	"mallconsole/bff/internal/platform/perm"
	"mallconsole/bff/internal/platform/richtext"
	"mallconsole/bff/internal/printing"
	"mallconsole/bff/internal/report"
	"mallconsole/bff/internal/role"
	"mallconsole/bff/internal/statement"
	"mallconsole/bff/internal/stock"
	"mallconsole/bff/internal/storefront"
	"mallconsole/bff/internal/tracking"
	"mallconsole/bff/internal/upstream"
	"mallconsole/bff/internal/user"
	"mallconsole/bff/internal/web"
	"mallconsole/bff/internal/workflow"
)

// Options are what the app is built from.
type Options struct {
	Config      config.Config
	DB          *gorm.DB // opened and migrated
	Key         []byte   // JWT signing key
	RedisPrefix string   // key prefix in Redis; default "bff:"
	Now         func() time.Time
	Log         *slog.Logger
	Generation  *cache.Generation // shared with the seed; new when nil
	BcryptCost  int               // for passwords set through the API; 0: bcrypt's default
	Out         io.Writer         // where a generated setup token is printed; nil: nowhere
	// Metrics receives the request, pool and runtime metrics; nil: none are kept.
	Metrics *prometheus.Registry
}

// App is the wired server.
type App struct {
	Echo   *echo.Echo
	Auth   *auth.Service
	Routes *authz.Router // every API route with its access rule
	OpLog  *audit.Service
	// Upstreams are the proxies of the upstream mode (none unless BFF_UPSTREAMS is set).
	Upstreams *upstream.Service
	// OpenKeys are the storefront API's idempotency keys (swept by a job).
	OpenKeys *storefront.Idempotency
	// Aftersales settles gateway refunds whose notification did not come (swept by a job).
	Aftersales *aftersale.Service
	// Jobs runs the jobs declared in code (定时任务); cmd/bff starts it.
	Jobs *job.Runner
	// PDFs makes generated PDFs; off (pdf.ErrOff) without a TrueType CJK font.
	PDFs *pdf.Maker
	// Notify is the message centre (站内信, docs/notifications.md): producers send through it.
	Notify *notify.Service
	// Redis is the shared store's client; nil without BFF_REDIS.
	Redis   *redis.Client
	closers []func() error
}

// New builds the handler and the features behind it.
func New(ctx context.Context, opt Options) (*App, error) {
	a := &App{}
	ok := false
	defer func() {
		if !ok {
			a.Close()
		}
	}()
	cfg, now, log := opt.Config, opt.Now, opt.Log
	if now == nil {
		now = time.Now
	}
	gen := opt.Generation
	if gen == nil {
		gen = &cache.Generation{}
	}

	var store kv.Store
	var sessions auth.SessionStore
	var rdb *redis.Client
	if cfg.Redis != "" {
		ropt, err := redis.ParseURL(cfg.Redis)
		if err != nil {
			return nil, fmt.Errorf("BFF_REDIS: %w", err)
		}
		if ropt.DialerRetries == 0 {
			// go-redis dials 5 times per try and tries 4 times: with Redis down a request would
			// wait about 2 s for its 503. Two dials a try answer it in under a second and still
			// ride over a restart (the pool's dead connections are retried on new ones).
			ropt.DialerRetries = 2
		}
		rdb = redis.NewClient(ropt)
		a.Redis = rdb
		a.closers = append(a.closers, rdb.Close)
		pctx, cancel := context.WithTimeout(ctx, 5*time.Second)
		defer cancel()
		if err := rdb.Ping(pctx).Err(); err != nil {
			return nil, fmt.Errorf("connecting to Redis (BFF_REDIS): %w", err)
		}
		prefix := opt.RedisPrefix
		if prefix == "" {
			prefix = "bff:"
		}
		store = kv.NewRedis(rdb, prefix, now)
		// Sessions are remembered here for a few seconds: every instance announces the ones it
		// ends, so each forgets them at once (auth.SharedSessionTTL bounds a lost announcement).
		local := auth.NewLocalSessions(auth.Announced(auth.NewRedisSessions(rdb, prefix), rdb, prefix),
			auth.SharedSessionTTL, 100_000, now)
		stop, err := auth.ListenEnded(pctx, rdb, prefix, local)
		if err != nil {
			return nil, fmt.Errorf("listening to Redis (BFF_REDIS): %w", err)
		}
		a.closers = append(a.closers, stop)
		sessions = local
	} else {
		sqlSessions, err := auth.NewSQLSessions(ctx, opt.DB)
		if err != nil {
			return nil, err
		}
		a.closers = append(a.closers, sqlSessions.Close)
		store = kv.NewSQL(opt.DB, now)
		sessions = sqlSessions
		if opt.DB.Name() == "sqlite" {
			// One process owns an embedded database: its sessions can be remembered here.
			sessions = auth.NewLocalSessions(sqlSessions, 5*time.Second, 100_000, now)
		}
	}

	users := user.NewStore(opt.DB, gen)
	roles := role.NewStore(opt.DB, gen)
	depts := dept.NewStore(opt.DB)
	depts.Tell(gen)
	menuStore := menu.NewStore(opt.DB, gen)
	menus := menu.NewService(menuStore, roles, gen, now)
	// 我的渠道's pages only say 当前账号不属于任何渠道 to an account without an agency
	menus.HideWithoutAgency(agency.MinePath)
	settings := initsetup.NewStore(opt.DB)
	agencies := agency.NewStore(opt.DB, gen)
	proxies := httpx.NewProxies(cfg.TrustedProxy)
	var signIn auth.UpstreamSignIn
	if relay, ok := cfg.RelayUpstream(); ok && (cfg.StaffLogin == config.LoginUpstream || cfg.ChannelLogin == config.LoginUpstream) {
		signIn = upstream.NewSignIn(relay, cfg.UpstreamRSAKey, cfg.UpstreamTimeout, log)
	}
	var edge auth.Edge
	if cfg.TrustEdgeSecret != "" {
		edge = upstream.NewVerifier(cfg.TrustEdgeSecret, now)
	}
	a.Auth = auth.New(auth.Options{
		Captcha:      cfg.Captcha,
		CaptchaRate:  cfg.CaptchaPerMinute,
		SessionTTL:   cfg.SessionTTL,
		MaxFails:     cfg.LoginMaxFails,
		Lock:         cfg.LoginLock,
		PortalSecret: cfg.PortalSecret,
		Key:          opt.Key,
		Edge:         edge,
		// A sign-in through the upstream exists only with its relay prefix (config.checkRelay).
		StaffUpstream:   cfg.StaffLogin == config.LoginUpstream,
		ChannelUpstream: cfg.ChannelLogin == config.LoginUpstream,
		Now:             now,
		Log:             log,
	}, auth.Deps{Users: users, Roles: roles, Depts: depts, Permissions: menus, Sessions: sessions, KV: store,
		Agencies: agencies, Generation: gen, Upstream: signIn, Accounts: users})
	ups, err := upstream.New(upstream.Options{Upstreams: cfg.Upstreams, Secret: cfg.UpstreamSecret,
		Timeout: cfg.UpstreamTimeout, Proxies: proxies, Relay: a.Auth, Log: log, Now: now})
	if err != nil {
		return nil, err
	}

	sqlDB, err := opt.DB.DB()
	if err != nil {
		return nil, err
	}
	e := echo.New()
	e.HideBanner, e.HidePort = true, true
	e.HTTPErrorHandler = httpx.ErrorHandler(log, now)
	e.IPExtractor = proxies.ClientIP
	e.Use(httpx.RequestID(), httpx.SecureHeaders(strings.HasPrefix(cfg.PublicURL, "https://")))
	if opt.Metrics != nil {
		m, err := metrics.NewHTTP(opt.Metrics)
		if err != nil {
			return nil, err
		}
		if err := metrics.Runtime(opt.Metrics, sqlDB, "main"); err != nil {
			return nil, err
		}
		uploadRoutes := []string{attach.UploadRoute, user.AvatarRoute, order.ImportRoute, agency.LogoRoute}
		transfers, err := metrics.NewTransfers(opt.Metrics, func(route, method string) string {
			switch {
			case method != http.MethodPost:
				return ""
			case slices.Contains(uploadRoutes, route):
				return metrics.Upload
			case strings.HasSuffix(route, "/download") || strings.HasSuffix(route, "/downloadAll"):
				return metrics.Export // every list's export (platform/export names them so)
			}
			return ""
		})
		if err != nil {
			return nil, err
		}
		e.Use(m.Middleware(), transfers.Middleware())
		// Counted when scraped, from the store every instance shares: the same for all of them.
		err = metrics.Count(opt.Metrics, "bff_sessions_active", "Sessions that have not expired (all instances).", 2*time.Second,
			func(ctx context.Context) (int, error) {
				ss, err := sessions.List(ctx, now())
				return len(ss), err
			})
		if err != nil {
			return nil, err
		}
	}
	e.Use(httpx.RequestLog(log))
	if !cfg.Admit.Off {
		// After the request id, metrics and log (a refusal is counted and logged like any answer),
		// ahead of everything that costs: a refused request must cost next to nothing.
		limiter := admit.New(admit.Options{Max: cfg.Admit.Max, Wait: cfg.Admit.Wait})
		if opt.Metrics != nil {
			if err := limiter.Register(opt.Metrics); err != nil {
				return nil, err
			}
		}
		e.Use(limiter.Middleware(admitClass, now))
	}
	e.Use(httpx.Recover(log), httpx.CORS(cfg.PortalOrigins, now),
		httpx.BodyLimit(2<<20, append([]string{attach.UploadRoute, user.AvatarRoute, order.ImportRoute, agency.LogoRoute}, ups.Paths()...)...),
		// Ahead of every route's session and permission check: a proxied path must mean one thing.
		ups.Guard())
	checks := []health.Check{{Part: "database", Message: "数据库不可用", Ping: sqlDB.PingContext}}
	if rdb != nil {
		checks = append(checks, health.Check{Part: "redis", Message: "Redis 不可用",
			Ping: func(ctx context.Context) error { return rdb.Ping(ctx).Err() }})
	}
	ready := health.Ready(2*time.Second, log, checks...)
	oplog := audit.New(audit.NewStore(opt.DB), now, log, auth.BrowserOf)
	a.OpLog = oplog
	routes := authz.NewRouter(e, a.Auth.Authenticate, oplog.Middleware)
	a.Routes = routes
	// A refusal says what may not be done in the menus' words, not the permission's code.
	routes.NameRefusals(menuStore.PermissionName)
	// Liveness: the process answers. Readiness: the database (and Redis) answer too.
	routes.GET("/healthz", authz.Public(), health.Live).Doc(authz.Doc{Summary: "liveness: the process answers", Resp: health.Answer{}})
	routes.HEAD("/healthz", authz.Public(), health.Live).Doc(authz.Doc{Summary: "liveness, without a body", Status: http.StatusOK})
	routes.GET("/readyz", authz.Public(), ready).
		Doc(authz.Doc{Summary: "readiness: the database (and Redis) answer; else 503 naming each part", Resp: health.Answer{}})
	routes.HEAD("/readyz", authz.Public(), ready).Doc(authz.Doc{Summary: "readiness, without a body", Status: http.StatusOK})
	// A prefix marked replace takes the BFF's own routes under it, but never sign-in, the
	// session, the menus or the start-up pages the console needs to work at all.
	routes.Yield(func(path string) bool { return ups.Replaces(path) && !coreRoute(path) })

	a.Auth.Routes(routes)
	menus.Routes(routes)
	appconfig.New(cfg.BrandTitles, cfg.Footer, settings, proxies).Routes(routes)
	oplog.Routes(routes)
	// System management (issue 4).
	menus.ManageRoutes(routes)
	roleService := role.NewService(roles, users, a.Auth)
	roleService.Routes(routes)
	user.NewService(users, roles, roleService, depts, a.Auth, a.Auth, opt.BcryptCost).Routes(routes)
	dept.NewService(depts, users, a.Auth).Routes(routes)
	dicts := dict.NewStore(opt.DB)
	dicts.Remember(dict.RememberFor, now) // writes here forget at once; another instance's within RememberFor
	dict.NewService(dicts).Routes(routes)
	setup := initsetup.NewSetup(settings, users, a.Auth, richtext.New(), cfg.SetupToken, opt.BcryptCost)
	setup.Routes(routes)
	if tok, err := setup.Prepare(ctx); err != nil {
		return nil, err
	} else if tok != "" && opt.Out != nil {
		fmt.Fprintf(opt.Out, "setup token (enter it at /init, valid until the system is set up): %s\n", tok)
	}
	uploads, err := wireUploads(ctx, routes, opt)
	if err != nil {
		return nil, err
	}
	user.NewCenter(users, a.Auth, a.Auth, uploads, oplog, opt.BcryptCost).Routes(routes)
	// Workflow: the leave request (first slice) and the engine; submitted applications keep their files.
	flows := workflow.NewService(workflow.NewStore(opt.DB), users, dicts, uploads, a.Auth, now)
	flows.FileRules(uploads)
	flows.Routes(routes)
	// 站内信: messages, their live stream (through Redis across instances), outbound channels.
	redisPrefix := opt.RedisPrefix
	if redisPrefix == "" {
		redisPrefix = "bff:"
	}
	nd := NotifyDeps{DB: opt.DB, Prefix: redisPrefix, Sessions: sessions, Config: cfg.Notify, Now: now, Log: log,
		TodoCount: func(ctx context.Context, id int64) (int64, error) {
			return flows.TodoCount(ctx, &authz.Principal{UserID: id})
		}}
	if rdb != nil {
		nd.Redis = rdb
	}
	notifier, closeNotify, err := wireNotify(ctx, nd)
	if err != nil {
		return nil, err
	}
	a.closers = append(a.closers, closeNotify)
	a.Notify = notifier
	a.Auth.OnSessionEnd(notifier.EndSessions)
	e.Server.RegisterOnShutdown(notifier.Shutdown)
	notifier.Routes(routes)
	flows.Notify(notifier, log)
	// Enterprise certification (issue 12); nil: no agencies.cert_status to keep in step yet.
	wireCert(routes, opt.DB, uploads, certAgencies{agencies}, cfg.OCR, now, log)
	// Generated PDFs (delivery notes, statements, filled contracts) embed this font; off without one.
	pdfs, err := pdf.NewMaker(cfg.PDFFont)
	if err != nil {
		return nil, err
	}
	a.PDFs = pdfs
	// The shop: goods and orders.
	// The dashboard's figures change in the same transaction as the goods and orders they count.
	figures := dashboard.NewRecorder(time.Local)
	// 商品分类: the category tree goods are filed under (a goods filter takes a category's subtree).
	categoryStore := category.NewStore(opt.DB)
	categoryStore.Remember(category.RememberFor, now) // writes here forget at once; another instance's within RememberFor
	categories := category.NewService(categoryStore, goods.NewStore(opt.DB))
	categories.Routes(routes)
	// 订单设置: the order rules, read per move (deadlines) and per SKU saved (default threshold).
	orderRules := order.NewRules(settings)
	orderRules.Routes(routes)
	// The lists name their rows' agencies from memory (agency.NamesTTL; gen: agency writes here).
	agencyNames := agency.NewBook(opt.DB, gen, agency.NamesTTL, now)
	goodsService := goods.NewService(goods.NewStoreWithClock(opt.DB, now, figures), categories, richtext.New(), now)
	goodsService.UseAgencyBook(agencyNames)
	goodsService.UseDefaults(orderRules)
	goodsService.UseFiles(uploads)
	goodsService.Routes(routes)
	orderStore := order.NewStoreWithClock(opt.DB, now, figures)
	orders := order.NewService(orderStore, dicts, now)
	orders.UseSettings(orderRules)
	orders.UseAgencyBook(agencyNames)
	orders.Notify(notifier, log)
	orders.Routes(routes)
	// 物流跟踪 (docs/decisions.md "Parcel tracking"): the settings' provider, or off.
	parcels := tracking.NewService(tracking.NewStore(opt.DB), tracking.Deps{Provider: trackingProvider(cfg.Tracking),
		Orders: orderShipments{orders}, Now: now, Log: log, Timeout: cfg.Tracking.Timeout})
	parcels.Routes(routes)
	// 拣货单 and 发货单 of selected orders (docs/decisions.md "Printing"): HTML always, PDF with the font.
	printing.NewService(printing.NewStore(opt.DB), settings, pdfs, now).Routes(routes)
	// 库存流水: the ledger every stock change writes, and a person's adjustments.
	stock.NewService(stock.NewStore(opt.DB), now).Routes(routes)
	// 售后管理 (issue 29, docs/aftersale.md): cases per order item and the refunds they pay. A
	// refund tells the dashboard in its transaction and the order list (its remembered counts)
	// after it; refunds over RefundApprovalOver wait for a 退款审批 instance; the gateway is the
	// settings' (or none).
	a.Aftersales = aftersale.NewService(aftersale.NewStore(opt.DB), aftersale.Deps{Now: now, Log: log,
		ApprovalOver: cfg.RefundApprovalOver, ReturnAddress: cfg.ReturnAddress, Refunds: figures,
		OrdersChanged: orderStore.Forget, Labels: dict.LabelsOf(dicts), Approvals: flows,
		Gateway: refundGateway(cfg.RefundGateway, now), Files: uploads})
	flows.OnFinish(workflow.RefundFormCode, refundApprovals{a.Aftersales})
	a.Aftersales.Notify(notifier)
	// the shipping desk refuses to correct or cancel the shipment of an order with a return
	orders.UseReturns(a.Aftersales)
	a.Aftersales.Routes(routes)
	// The storefront API (/open/v1, docs/storefront.md): servers' signed calls on the same
	// orders and stock; its clients on 系统管理 → 开放接口. Their secrets are sealed under a key
	// derived from the JWT secret.
	sealer, err := storefront.NewSealer(opt.Key)
	if err != nil {
		return nil, err
	}
	openClients := storefront.NewClients(storefront.NewStore(opt.DB), sealer, agencies, now)
	openClients.Routes(routes)
	a.OpenKeys = storefront.NewIdempotency(opt.DB, now)
	open := storefront.NewOpen(orders, storefront.NewSkus(opt.DB),
		storefront.NewVerifier(openClients, storefront.NewNonces(store), now, log), a.OpenKeys)
	open.Routes(routes)
	storefront.NewOpenCases(open, a.Aftersales, dicts).Routes(routes)
	// Agencies (渠道管理, 我的渠道): their operators are user accounts; the figures come from the shop.
	agency.NewService(agencies, agency.Deps{Accounts: users, Sessions: a.Auth, Roles: roles, Orders: order.NewStore(opt.DB),
		Goods: goods.NewStore(opt.DB), Pictures: uploads, BcryptCost: opt.BcryptCost}).Routes(routes)
	overview := dashboard.NewService(opt.DB, time.Local, now, cfg.ProfilingPublic)
	sales, counts := figures.Changes()
	overview.Remember(sales, counts, dashboard.RememberSalesFor, dashboard.RememberCountsFor)
	// 销售报表 reads daily figures the report.refresh job keeps (jobs_report.go).
	reports := report.NewService(opt.DB, settings, time.Local, now)
	reports.Routes(routes)
	// 对账单: each agency's month, made and frozen by the statement.monthly job (jobs_report.go).
	statements := statement.NewService(statement.NewStore(opt.DB), pdfs, time.Local, now)
	statements.Routes(routes)
	overview.UseUpstreams(ups, log, cfg.UpstreamTimeout)
	// Contracts and templates (issue 12): their files are uploads with rules of their own; a
	// signed contract keeps its scans.
	contracts := contract.NewService(contract.NewStore(opt.DB), opt.DB, uploads, now, time.Local)
	contracts.FileRules(uploads)
	if err := contracts.DemoFiles(ctx, uploads); err != nil {
		return nil, err
	}
	contracts.Routes(routes)
	filled.NewService(contracts, uploads, a.PDFs).Routes(routes)
	overview.UseContracts(contracts)
	overview.UseAftersales(a.Aftersales)
	overview.Routes(routes)
	// 定时任务 (docs/operations.md "Jobs"): what happens on time, each run once across instances.
	a.Jobs = newRunner(opt.DB, now, log, opt.Metrics, notifier)
	jobs := append(systemJobs(a, contracts, notifier.Send), reportJobs(reports, statements)...)
	jobs = append(jobs, uploadJobs(uploads))
	jobs = append(jobs, shopJobs(orders, stock.NewAlerts(opt.DB, notifier, log))...)
	jobs = append(jobs, trackingJobs(parcels)...)
	if err := a.Jobs.Add(append(jobs, notifyJobs(notifier, now)...)...); err != nil {
		return nil, err
	}
	a.Jobs.Routes(routes)
	// Upstream mode: after every feature, so that the BFF's own routes win.
	routes.Yield(nil)
	ups.Routes(routes)
	a.Upstreams = ups
	if !routes.Has(http.MethodGet, "/background/*") {
		auth.ChannelRoutes(routes)
	}
	if err := apiDocRoute(routes, cfg.APIDocsPublic, cfg.PortalOrigins); err != nil {
		return nil, err
	}

	if cfg.StaticDir != "" {
		policy := web.Policy{Ancestors: cfg.PortalOrigins}
		if o := web.Origin(cfg.PublicURL); o != "" {
			policy.Sources = append(policy.Sources, o)
		}
		if cfg.S3.Bucket != "" {
			// The rich-text editor posts pictures straight to the bucket (path or virtual-host style).
			if u, err := url.Parse(cfg.S3.Endpoint); err == nil && u.Host != "" {
				policy.Uploads = append(policy.Uploads, u.Scheme+"://"+u.Host, u.Scheme+"://"+cfg.S3.Bucket+"."+u.Host)
			}
		}
		if im := cfg.Image; im.Provider == config.ImageQiniu || im.Provider == config.ImageOSS {
			// … or to a Qiniu or OSS bucket, and shows them from its public address.
			policy.Uploads = append(policy.Uploads, web.Origin(im.UploadURL))
			policy.Pictures = append(policy.Pictures, web.Origin(im.ReadURL))
		}
		site, err := web.New(web.Options{Dir: cfg.StaticDir, PublicURL: cfg.PublicURL, Proxies: proxies, Policy: policy})
		if err != nil {
			return nil, err
		}
		a.closers = append(a.closers, site.Close)
		site.Routes(e)
	}
	a.Echo = e
	ok = true
	return a, nil
}

// coreRoute tells whether path is one an upstream never takes from the BFF: without these
// nobody could sign in, load the menus or set the system up.
func coreRoute(path string) bool {
	for _, p := range []string{"/healthz", "/readyz", "/api/auth", "/api/menus/build", "/api/app", "/api/init",
		"/background/common/tj/login", APIDocPath, apidoc.UIPath, apidoc.UIAssets} {
		if config.UnderPrefix(path, p) {
			return true
		}
	}
	return false
}

// APIDocPath serves the OpenAPI document of the staff API.
const APIDocPath = "/api/openapi.json"

// APIDocument is the OpenAPI document of every route registered on routes.
func APIDocument(routes *authz.Router) ([]byte, error) {
	return apidoc.Build("mallconsole BFF", "1", routes.Routes())
}

// apiDocRoute registers the document (it describes itself too) once every other route is in;
// it is built here so that a route the library cannot describe stops the start, not a request.
// The document needs api:doc unless BFF_API_DOCS=public; the Swagger UI page and its files are
// public, as they hold nothing but the viewer (it asks for the document with the user's session).
func apiDocRoute(routes *authz.Router, public bool, portals []string) error {
	rule := authz.Perm(perm.APIDoc)
	if public {
		rule = authz.Public()
	}
	var doc []byte
	routes.GET(APIDocPath, rule, func(c echo.Context) error {
		return c.Blob(http.StatusOK, echo.MIMEApplicationJSON, doc)
	}).Doc(authz.Doc{Summary: "the OpenAPI document of this API", RespType: echo.MIMEApplicationJSON})
	ui := apidoc.UI("商城 BFF", APIDocPath, portals)
	routes.GET(apidoc.UIPath, authz.Public(), ui).
		Doc(authz.Doc{Summary: "Swagger UI: browse this API (its files under " + apidoc.UIAssets + ")", RespType: echo.MIMETextHTML})
	routes.GET(apidoc.UIAssets+"*", authz.Public(), ui).
		Doc(authz.Doc{Summary: "Swagger UI's files", RespType: "application/octet-stream"})
	var err error
	doc, err = APIDocument(routes)
	return err
}

// Close releases what New opened (not the database, which the caller owns).
func (a *App) Close() error {
	var errs []error
	for i := len(a.closers) - 1; i >= 0; i-- {
		errs = append(errs, a.closers[i]())
	}
	a.closers = nil
	return errors.Join(errs...)
}

// wireUploads stores uploads in the configured bucket (BFF_STORAGE=s3://…), which must be
// reachable at start, or on local disk (BFF_UPLOAD_DIR, default DATA_DIR/uploads).
func wireUploads(ctx context.Context, routes *authz.Router, opt Options) (*attach.Service, error) {
	maxMB := opt.Config.UploadMaxMB
	if maxMB == 0 {
		maxMB = 50
	}
	o := attach.Options{MaxBytes: int64(maxMB) << 20, Now: opt.Now}
	var store attach.Storage
	if s3 := opt.Config.S3; s3.Bucket != "" {
		b, err := objstore.New(objstore.Config{Endpoint: s3.Endpoint, Region: s3.Region, Bucket: s3.Bucket,
			AccessKey: s3.AccessKey, SecretKey: s3.SecretKey})
		if err != nil {
			return nil, err
		}
		check, cancel := context.WithTimeout(ctx, 15*time.Second)
		defer cancel()
		if err := b.Check(check); err != nil {
			return nil, fmt.Errorf("BFF_STORAGE: %w", err)
		}
		store, o.Presign, o.PolicyTTL = b, b, time.Duration(s3.PolicyHours*3600)*time.Second
	} else {
		dir := opt.Config.UploadDir
		if dir == "" {
			dir = filepath.Join(opt.Config.DataDir, "uploads")
		}
		disk, err := attach.NewDisk(dir)
		if err != nil {
			return nil, err
		}
		store = disk
	}
	if err := pictureUploads(opt.Config, &o); err != nil {
		return nil, err
	}
	uploads := attach.New(opt.DB, store, o)
	uploads.Routes(routes)
	return uploads, nil
}

// pictureUploads chooses where the editor's pictures go (BFF_IMAGE_UPLOAD, resolved by config):
// the S3 bucket's presigned POST set above, a Qiniu or OSS token, or through the BFF.
func pictureUploads(c config.Config, o *attach.Options) error {
	im := c.Image
	vendor := formupload.Config{UploadURL: im.UploadURL, AccessKey: im.AccessKey, SecretKey: im.SecretKey, Bucket: im.Bucket}
	ttl := time.Duration(im.Hours*3600) * time.Second
	var err error
	switch im.Provider {
	case config.ImageLocal:
		o.Presign = nil
	case config.ImageQiniu:
		o.Presign, err = formupload.NewQiniu(vendor)
		o.Provider, o.ReadBase, o.PolicyTTL = attach.StorageQiniu, im.ReadURL, ttl
	case config.ImageOSS:
		o.Presign, err = formupload.NewOSS(vendor)
		o.Provider, o.ReadBase, o.PolicyTTL = attach.StorageOSS, im.ReadURL, ttl
	}
	if err != nil {
		return fmt.Errorf("BFF_IMAGE_UPLOAD: %w", err)
	}
	return nil
}
