package kv

import (
	"context"
	"errors"
	"time"

	"github.com/redis/go-redis/v9"
)

// Redis keeps each entry as a hash {v, n, e} where e is the expiry in unix ms by the injected
// clock; Redis's own key expiry (a minute later) only collects garbage. The scripts make each
// operation atomic.
type Redis struct {
	rdb    redis.UniversalClient
	prefix string
	now    func() time.Time
}

// NewRedis stores keys under prefix (for example "bff:") in rdb.
func NewRedis(rdb redis.UniversalClient, prefix string, now func() time.Time) *Redis {
	return &Redis{rdb: rdb, prefix: prefix, now: now}
}

// garbage is how long Redis keeps a key after its logical expiry.
const garbage = time.Minute

var (
	putScript = redis.NewScript(`
if ARGV[4] == '1' then
  local e = redis.call('HGET', KEYS[1], 'e')
  if e and tonumber(e) > tonumber(ARGV[3]) then return 0 end
end
redis.call('HSET', KEYS[1], 'v', ARGV[1], 'n', 0, 'e', ARGV[2])
redis.call('PEXPIRE', KEYS[1], ARGV[5])
return 1`)
	takeScript = redis.NewScript(`
local r = redis.call('HMGET', KEYS[1], 'v', 'e')
redis.call('DEL', KEYS[1])
if not r[1] or not r[2] or tonumber(r[2]) <= tonumber(ARGV[1]) then return false end
return r[1]`)
	incrScript = redis.NewScript(`
local r = redis.call('HMGET', KEYS[1], 'n', 'e')
local n = 1
if r[2] and tonumber(r[2]) > tonumber(ARGV[1]) then n = tonumber(r[1]) + 1 end
redis.call('HSET', KEYS[1], 'v', '', 'n', n, 'e', ARGV[2])
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return n`)
	countScript = redis.NewScript(`
local r = redis.call('HMGET', KEYS[1], 'n', 'e')
if not r[2] or tonumber(r[2]) <= tonumber(ARGV[1]) then return {0, 0} end
return {tonumber(r[1]), tonumber(r[2])}`)
)

func (s *Redis) put(ctx context.Context, key, value string, ttl time.Duration, onlyNew bool) (bool, error) {
	if err := check(key, value); err != nil {
		return false, err
	}
	now := s.now()
	flag := "0"
	if onlyNew {
		flag = "1"
	}
	n, err := putScript.Run(ctx, s.rdb, []string{s.prefix + key},
		value, now.Add(ttl).UnixMilli(), now.UnixMilli(), flag, (ttl + garbage).Milliseconds()).Int()
	return n == 1, err
}

func (s *Redis) Put(ctx context.Context, key, value string, ttl time.Duration) error {
	_, err := s.put(ctx, key, value, ttl, false)
	return err
}

func (s *Redis) PutNew(ctx context.Context, key, value string, ttl time.Duration) (bool, error) {
	return s.put(ctx, key, value, ttl, true)
}

func (s *Redis) Take(ctx context.Context, key string) (string, bool, error) {
	v, err := takeScript.Run(ctx, s.rdb, []string{s.prefix + key}, s.now().UnixMilli()).Text()
	if errors.Is(err, redis.Nil) {
		return "", false, nil
	}
	return v, err == nil, err
}

func (s *Redis) Incr(ctx context.Context, key string, ttl time.Duration) (int64, error) {
	if err := check(key, ""); err != nil {
		return 0, err
	}
	now := s.now()
	return incrScript.Run(ctx, s.rdb, []string{s.prefix + key},
		now.UnixMilli(), now.Add(ttl).UnixMilli(), (ttl + garbage).Milliseconds()).Int64()
}

func (s *Redis) Count(ctx context.Context, key string) (int64, time.Time, error) {
	r, err := countScript.Run(ctx, s.rdb, []string{s.prefix + key}, s.now().UnixMilli()).Int64Slice()
	if err != nil || len(r) != 2 {
		return 0, time.Time{}, err
	}
	if r[0] == 0 {
		return 0, time.Time{}, nil
	}
	return r[0], time.UnixMilli(r[1]), nil
}

func (s *Redis) Delete(ctx context.Context, key string) error {
	return s.rdb.Del(ctx, s.prefix+key).Err()
}

// Sweep has nothing to do: Redis expires keys itself.
func (s *Redis) Sweep(context.Context) error { return nil }
