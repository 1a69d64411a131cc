// Command bff is the mall console's backend-for-frontend: the API and, when configured, the built
// front end. Settings come from BFF_* variables or the same-named flags (bff -h lists them).
// `bff backup FILE` and `bff restore FILE` copy the SQLite database out and back (docs/operations.md).
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/signal"
	"sync"
	"syscall"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/prometheus/client_golang/prometheus"

	"mallconsole/bff/internal/app"
	"mallconsole/bff/internal/dashboard"
	"mallconsole/bff/internal/initsetup"
	"mallconsole/bff/internal/platform/cache"
	"mallconsole/bff/internal/platform/config"
	"mallconsole/bff/internal/platform/db"
	"mallconsole/bff/internal/platform/logx"
	"mallconsole/bff/internal/platform/metrics"
	"mallconsole/bff/internal/report"
	"mallconsole/bff/internal/schema"
	"mallconsole/bff/internal/seed"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	err := run(ctx, os.Args[1:], os.Environ(), os.Stdout, os.Stderr)
	stop()
	if errors.Is(err, flag.ErrHelp) {
		return
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "bff:", err)
		os.Exit(1)
	}
}

// shutdownGrace is how long requests in flight may take to finish after a stop signal;
// cleanupGrace how long those still running then have to undo their work once cut off.
const (
	shutdownGrace = 10 * time.Second
	cleanupGrace  = 2 * time.Second
)

// waitFor waits for wg, at most d.
func waitFor(wg *sync.WaitGroup, d time.Duration) {
	done := make(chan struct{})
	go func() { wg.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(d):
	}
}

// run is the program: config → database → migrations → seed → features → serve until ctx ends.
// Generated passwords and the listening address go to stdout, logs to stderr.
func run(ctx context.Context, args, environ []string, stdout, stderr io.Writer) error {
	if ok, err := maintenance(ctx, args, environ, stdout, stderr); ok {
		return err
	}
	cfg, err := config.Load(args, environ, stderr)
	if err != nil {
		return err
	}
	log, err := logx.New(stderr, cfg.LogFormat, cfg.LogLevel)
	if err != nil {
		return err
	}
	key, err := cfg.JWTKey()
	if err != nil {
		return err
	}
	g, err := db.Open(ctx, cfg.DB.Driver, cfg.DB.DSN, log)
	if err != nil {
		return err
	}
	defer db.Close(g)
	if applied, err := db.Migrate(ctx, g, schema.Migrations()); err != nil {
		return err
	} else if len(applied) > 0 {
		log.Info("migrated", "applied", applied)
	}
	gen := &cache.Generation{}
	if err := seed.Run(ctx, g, seed.Options{Demo: cfg.Demo, DemoShop: cfg.Demo && cfg.DemoShop, AdminPassword: cfg.AdminPassword,
		DemoPassword: cfg.DemoPassword, Out: stdout, Generation: gen,
		// the demo orders are inserted in bulk, past the stores: the dashboard's figures and the
		// sales reports' are recomputed once, right after
		Rebuild: func(ctx context.Context) error {
			if err := dashboard.NewService(g, time.Local, time.Now, false).Rebuild(ctx); err != nil {
				return err
			}
			return report.NewService(g, initsetup.NewStore(g), time.Local, time.Now).Rebuild(ctx)
		}}); err != nil {
		return err
	}
	var reg *prometheus.Registry
	if cfg.MetricsAddr != "" {
		reg = prometheus.NewRegistry()
	}
	a, err := app.New(ctx, app.Options{Config: cfg, DB: g, Key: key, Log: log, Generation: gen, Now: time.Now, Out: stdout,
		Metrics: reg})
	if err != nil {
		return err
	}
	defer a.Close()

	ln, err := net.Listen("tcp", cfg.Addr)
	if err != nil {
		return fmt.Errorf("BFF_ADDR: %w", err)
	}
	served := make(chan error, 2)
	var metricsServer *http.Server
	if reg != nil {
		mln, err := net.Listen("tcp", cfg.MetricsAddr)
		if err != nil {
			ln.Close()
			return fmt.Errorf("BFF_METRICS_ADDR: %w", err)
		}
		// the upstream counters keep their own writer (GET /api/upstreams/metrics too)
		metricsServer = metrics.Server(prometheus.Gatherers{reg, metrics.Text(a.Upstreams.Stats())}, cfg.Profiles)
		fmt.Fprintf(stdout, "metrics on http://%s/metrics\n", mln.Addr())
		log.Info("metrics", "addr", mln.Addr().String())
		go func() { served <- fmt.Errorf("metrics: %w", metricsServer.Serve(mln)) }()
	}

	e := a.Echo
	e.Listener = ln
	e.Server.ReadHeaderTimeout = 10 * time.Second
	e.Server.ReadTimeout = 2 * time.Minute
	e.Server.IdleTimeout = 2 * time.Minute
	fmt.Fprintf(stdout, "listening on http://%s\n", ln.Addr())
	if cfg.Demo && cfg.StaticDir != "" {
		// Passwords are printed only when the accounts are created (above, on a new database).
		fmt.Fprintf(stdout, "sign in at http://%[1]s/login as %[2]s, %[3]s or %[4]s, at http://%[1]s/newLogin as %[5]s\n",
			ln.Addr(), seed.AdminUser, seed.StaffUser, seed.LeadUser, seed.ChannelUser)
	}
	log.Info("listening", "addr", ln.Addr().String(), "db", cfg.DB.Driver, "redis", cfg.Redis != "", "static", cfg.StaticDir)

	// Requests in flight, so that a stop whose grace runs out still lets them clean up (an
	// upload cut off removes its partial file) before the process ends.
	var inflight sync.WaitGroup
	e.Pre(func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			inflight.Add(1)
			defer inflight.Done()
			return next(c)
		}
	})

	// The jobs' runs see ctx end and are recorded before the database closes (waited below).
	jobsDone := make(chan struct{})
	go func() { defer close(jobsDone); a.Jobs.Start(ctx) }()
	go func() { served <- e.Start("") }()
	var failed error
	select {
	case failed = <-served:
	case <-ctx.Done():
	}
	sctx, cancel := context.WithTimeout(context.Background(), shutdownGrace)
	defer cancel()
	errs := []error{failed}
	if err := e.Shutdown(sctx); err != nil {
		errs = append(errs, fmt.Errorf("shutting down: %w", err))
		// The grace is over: the connections still open are cut, and their handlers get a
		// moment to see it and undo what they started.
		_ = e.Close()
		waitFor(&inflight, cleanupGrace)
	}
	if ctx.Err() != nil {
		select {
		case <-jobsDone:
		case <-sctx.Done():
		}
	}
	// The metrics go last, so that the end of a stop can still be watched.
	if metricsServer != nil {
		if err := metricsServer.Shutdown(sctx); err != nil {
			errs = append(errs, fmt.Errorf("shutting down the metrics: %w", err))
		}
	}
	if err := errors.Join(errs...); err != nil {
		return err
	}
	log.Info("stopped")
	return nil
}
