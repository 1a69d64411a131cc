package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"mallconsole/bff/internal/platform/config"
	"mallconsole/bff/internal/platform/db"
	"mallconsole/bff/internal/platform/logx"
	"mallconsole/bff/internal/schema"
)

// maintenance runs `bff backup FILE` or `bff restore FILE` (the database from the same BFF_* settings
// and flags as the server); ok is false when args name no such command.
func maintenance(ctx context.Context, args, environ []string, stdout, stderr io.Writer) (ok bool, err error) {
	if len(args) == 0 || args[0] != "backup" && args[0] != "restore" {
		return false, nil
	}
	cmd := args[0]
	if len(args) < 2 || strings.HasPrefix(args[1], "-") {
		return true, fmt.Errorf("usage: bff %s FILE [--data-dir=DIR | --db=sqlite:PATH]", cmd)
	}
	file := args[1]
	cfg, err := config.Load(args[2:], environ, stderr)
	if err != nil {
		return true, err
	}
	if cfg.DB.Driver != db.SQLite {
		return true, errors.New(cmd + " handles SQLite only; for MySQL use mysqldump (docs/operations.md)")
	}
	if cmd == "restore" {
		if err := db.Restore(ctx, file, cfg.DB.DSN, schema.Migrations()); err != nil {
			return true, err
		}
		fmt.Fprintf(stdout, "restored %s from %s (the previous database is %s.bak)\n", cfg.DB.DSN, file, cfg.DB.DSN)
		return true, nil
	}
	log, err := logx.New(stderr, cfg.LogFormat, cfg.LogLevel)
	if err != nil {
		return true, err
	}
	g, err := db.Open(ctx, cfg.DB.Driver, cfg.DB.DSN, log)
	if err != nil {
		return true, err
	}
	defer db.Close(g)
	if err := db.Backup(ctx, g, file); err != nil {
		return true, err
	}
	fmt.Fprintf(stdout, "backed up %s to %s\n", cfg.DB.DSN, file)
	return true, nil
}
