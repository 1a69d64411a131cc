package config

import (
	"crypto/rand"
	"encoding/base64"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// SecretFile is the name of the generated JWT secret inside the data directory.
const SecretFile = "jwt-secret"

func parseStaticDir(c *Config, v string) error {
	if v == "" {
		return nil
	}
	st, err := os.Stat(v)
	if err != nil || !st.IsDir() {
		return fmt.Errorf("%q is not a directory", v)
	}
	if _, err := os.Stat(filepath.Join(v, "index.html")); err != nil {
		return fmt.Errorf("%q has no index.html (build the front end first)", v)
	}
	c.StaticDir = v
	return nil
}

// JWTKey returns the signing key: BFF_JWT_SECRET when given, else the secret generated on the
// first start and kept (mode 0600) in the data directory, so tokens survive restarts.
func (c Config) JWTKey() ([]byte, error) {
	if c.JWTSecret != "" {
		return []byte(c.JWTSecret), nil
	}
	if err := os.MkdirAll(c.DataDir, 0o700); err != nil {
		return nil, fmt.Errorf("BFF_DATA_DIR: %w", err)
	}
	path := filepath.Join(c.DataDir, SecretFile)
	for range 2 { // a second round only if another process created the file meanwhile
		key, err := readSecret(path)
		if err == nil {
			return key, nil
		}
		if !errors.Is(err, fs.ErrNotExist) {
			return nil, err
		}
		raw := make([]byte, 32)
		if _, err := rand.Read(raw); err != nil {
			return nil, err
		}
		secret := base64.RawURLEncoding.EncodeToString(raw)
		f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("creating %s: %w", path, err)
		}
		_, werr := f.WriteString(secret + "\n")
		if cerr := f.Close(); werr == nil {
			werr = cerr
		}
		if werr != nil {
			os.Remove(path)
			return nil, fmt.Errorf("writing %s: %w", path, werr)
		}
		return []byte(secret), nil
	}
	return nil, fmt.Errorf("could not create %s", path)
}

func readSecret(path string) ([]byte, error) {
	st, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if st.Mode().Perm()&0o077 != 0 {
		// Somebody loosened it: tighten rather than keep a readable signing key.
		if err := os.Chmod(path, 0o600); err != nil {
			return nil, fmt.Errorf("%s is readable by others and cannot be made private: %w", path, err)
		}
	}
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	s := strings.TrimSpace(string(b))
	if len(s) < minSecretLen {
		return nil, fmt.Errorf("%s holds a secret shorter than %d characters; delete it to generate a new one", path, minSecretLen)
	}
	return []byte(s), nil
}
