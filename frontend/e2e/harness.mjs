// Shared plumbing for the browser tests: starts the real BFF (SQLite, demo data) and the host
// portal on free loopback ports, drives Debian's Chromium through playwright-core, and stops
// everything it started by PID.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, mkdirSync, existsSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve, dirname } from 'node:path';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { before, after, beforeEach, afterEach } from 'node:test';
import { chromium } from 'playwright-core';

const here = dirname(fileURLToPath(import.meta.url));
export const repo = resolve(here, '../..');
export const screensDir = join(repo, '.e2e', 'screens');
const chromiumPath = process.env.CHROMIUM || '/usr/bin/chromium';

/** Tells whether a browser is available; CI sets E2E_REQUIRE_BROWSER=1 so a missing one fails. */
export function browserMissing() {
  if (existsSync(chromiumPath)) return false;
  if (process.env.E2E_REQUIRE_BROWSER === '1') throw new Error(`no browser at ${chromiumPath}`);
  return `no browser at ${chromiumPath}`;
}

/**
 * The versitygw binary the object-storage tests run (BFF_TEST_VERSITYGW, else `go env GOPATH`/bin):
 * "" when there is none; with CI set, a missing one fails instead of skipping.
 */
export function versitygwMissing() {
  if (versitygwBinary()) return false;
  const why = 'no versitygw (go install github.com/versity/versitygw/cmd/versitygw@v1.8.0, or set BFF_TEST_VERSITYGW)';
  if (process.env.CI) throw new Error(why);
  return why;
}

function versitygwBinary() {
  if (process.env.BFF_TEST_VERSITYGW) return process.env.BFF_TEST_VERSITYGW;
  try {
    const p = join(execFileSync('go', ['env', 'GOPATH']).toString().trim(), 'bin', 'versitygw');
    return existsSync(p) ? p : '';
  } catch {
    return '';
  }
}

/**
 * Why a two-instance stack cannot start here: it needs MariaDB and Redis (BFF_TEST_MYSQL_DSN,
 * BFF_TEST_REDIS_ADDR, as the Go tests); with CI set a missing one fails instead of skipping.
 */
export function sharedMissing() {
  if (process.env.BFF_TEST_MYSQL_DSN && process.env.BFF_TEST_REDIS_ADDR) return false;
  const why = 'two instances need BFF_TEST_MYSQL_DSN and BFF_TEST_REDIS_ADDR';
  if (process.env.CI) throw new Error(why);
  return why;
}

// The DSN's "user:pass@tcp(host:port)/" as the Go tests take it.
function sharedDSN() {
  const dsn = process.env.BFF_TEST_MYSQL_DSN;
  return dsn.endsWith('/') ? dsn : `${dsn}/`;
}

function mysqlExec(sql) {
  const m = /^([^:@]+)(?::([^@]*))?@tcp\(([^:)]+):(\d+)\)/.exec(sharedDSN());
  if (!m) throw new Error(`BFF_TEST_MYSQL_DSN not understood: ${sharedDSN()}`);
  const args = ['-u', m[1], '-h', m[3], '-P', m[4], '-e', sql];
  execFileSync('mariadb', args, { env: { ...process.env, MYSQL_PWD: m[2] ?? '' }, stdio: 'pipe' });
}

// A Redis database of its own per stack (1..15, by chance): keys never meet another run's.
function redisDB() {
  return 1 + (randomBytes(1)[0] % 15);
}

/** Answers once something listens at url, whatever its status (an S3 root answers 403 unsigned). */
async function waitListening(url, child, name) {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}`);
    try {
      await fetch(url);
      return;
    } catch { /* not up yet */ }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${name} not listening at ${url}`);
}

function freePort() {
  return new Promise((ok, fail) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', fail);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => ok(port));
    });
  });
}

async function waitHTTP(url, child, name) {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch { /* not up yet */ }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${name} not ready at ${url}`);
}

function start(name, cmd, args, env, logs) {
  const child = spawn(cmd, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const keep = (buf) => { logs.push(`[${name}] ${buf}`); if (logs.length > 400) logs.shift(); };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  return child;
}

function stop(child) {
  return new Promise((ok) => {
    if (!child || child.exitCode !== null) return ok();
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    child.once('exit', () => { clearTimeout(timer); ok(); });
    child.kill('SIGTERM');
  });
}

/**
 * Starts a BFF (own temp data dir, demo data, captcha off) and, when asked, the portal
 * (portalEnv adds to the portal's settings, e.g. PORTAL_SECRET for its sign-in assertion).
 * Passwords are random per run; nothing here is a fixed secret.
 */
export async function startStack({ portal = false, env = {}, portalEnv = {}, s3 = false, shared = false } = {}) {
  const logs = [];
  const dataDir = mkdtempSync(join(tmpdir(), 'mall-e2e-'));
  const [bffPort, portalPort, s3Port, otherPort] = await Promise.all([freePort(), freePort(), freePort(), freePort()]);
  // env may need the BFF's own address (BFF_PUBLIC_URL): then it is a function of it
  if (typeof env === 'function') env = env({ bffURL: `http://127.0.0.1:${bffPort}` });
  let dropDB = () => {};
  if (shared) {
    // Two instances as a deployment runs them: one MariaDB database (new for this run) and
    // Redis for sessions and the events between them, one JWT secret.
    const name = `mall_e2e_${randomBytes(4).toString('hex')}`;
    mysqlExec(`CREATE DATABASE ${name} CHARACTER SET utf8mb4`);
    dropDB = () => mysqlExec(`DROP DATABASE IF EXISTS ${name}`);
    const secret = randomBytes(24).toString('hex');
    env = {
      BFF_DB: `mysql://${sharedDSN()}${name}?parseTime=true`, BFF_REDIS: `redis://${process.env.BFF_TEST_REDIS_ADDR}/${redisDB()}`,
      BFF_JWT_SECRET: secret, ...env,
    };
  }
  const bffURL = `http://127.0.0.1:${bffPort}`;
  const portalURL = `http://127.0.0.1:${portalPort}`;
  const passwords = {
    admin: 'A' + randomBytes(9).toString('base64url'),
    demo: 'D' + randomBytes(9).toString('base64url'),
  };
  const children = [];
  const s3URL = `http://127.0.0.1:${s3Port}`;
  if (s3) {
    // versitygw's posix backend: a folder under the root is a bucket. CORS lets the console's
    // page read the answer of its direct POST.
    const root = join(dataDir, 's3');
    mkdirSync(join(root, 'uploads'), { recursive: true });
    const keys = { access: 'e2e' + randomBytes(6).toString('hex'), secret: randomBytes(20).toString('hex') };
    const gw = start('versitygw', versitygwBinary(), ['--access', keys.access, '--secret', keys.secret,
      '--port', `127.0.0.1:${s3Port}`, '--cors-allow-origin', bffURL, 'posix', root], {}, logs);
    children.push(gw);
    try {
      await waitListening(`${s3URL}/`, gw, 'versitygw');
    } catch (err) {
      await Promise.all(children.map(stop));
      throw new Error(`${err.message}\n${logs.join('')}`);
    }
    env = { BFF_STORAGE: 's3://uploads', BFF_S3_ENDPOINT: s3URL, BFF_S3_ACCESS_KEY: keys.access, BFF_S3_SECRET_KEY: keys.secret, ...env };
  }
  const bin = process.env.BFF_BIN || join(repo, 'bin', 'bff');
  const bff = start('bff', bin, [], {
    BFF_ADDR: `127.0.0.1:${bffPort}`,
    BFF_DATA_DIR: dataDir,
    BFF_CAPTCHA: 'off',
    BFF_DEMO: 'on',
    // the browser tests make the shop's rows they need; the demo shop's 5,000 orders would blur
    // every count they check
    BFF_DEMO_SHOP: 'off',
    BFF_ADMIN_PASSWORD: passwords.admin,
    BFF_DEMO_PASSWORD: passwords.demo,
    BFF_STATIC_DIR: join(repo, 'frontend', 'dist'),
    BFF_PORTAL_ORIGINS: portalURL,
    ...env,
  }, logs);
  children.push(bff);
  const otherURL = `http://127.0.0.1:${otherPort}`;
  try {
    await waitHTTP(`${bffURL}/healthz`, bff, 'bff');
    if (shared) {
      // started once the first has migrated and seeded the database
      const other = start('bff2', bin, [], {
        BFF_ADDR: `127.0.0.1:${otherPort}`, BFF_DATA_DIR: mkdtempSync(join(tmpdir(), 'mall-e2e-b-')), BFF_CAPTCHA: 'off',
        BFF_DEMO: 'on', BFF_DEMO_SHOP: 'off', BFF_ADMIN_PASSWORD: passwords.admin, BFF_DEMO_PASSWORD: passwords.demo,
        BFF_STATIC_DIR: join(repo, 'frontend', 'dist'), BFF_PORTAL_ORIGINS: portalURL, ...env,
      }, logs);
      children.push(other);
      await waitHTTP(`${otherURL}/healthz`, other, 'bff2');
    }
    if (portal) {
      const p = start('portal', process.execPath, [join(repo, 'deploy', 'portal', 'server.mjs')], {
        PORTAL_ADDR: `127.0.0.1:${portalPort}`,
        PORTAL_REMOTE_ENTRY: `${bffURL}/`,
        ...portalEnv,
      }, logs);
      children.push(p);
      await waitHTTP(`${portalURL}/`, p, 'portal');
    }
  } catch (err) {
    await Promise.all(children.map(stop));
    dropDB();
    throw new Error(`${err.message}\n${logs.join('')}`);
  }
  return {
    bffURL,
    /** With shared: the second instance, on the same database and Redis. */
    otherURL,
    portalURL,
    /** The bucket's service when started with s3 (the bucket is "uploads"). */
    s3URL,
    passwords,
    /** The BFF's data folder (its SQLite database is bff.db there), for test fixtures. */
    dataDir,
    logs,
    async stop() {
      await Promise.all(children.map(stop));
      dropDB();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Launches headless Chromium with the flags this machine needs. playwright's launch() gives every
 * browser a fresh temporary profile (--user-data-dir) and removes it on close.
 */
export function launchBrowser() {
  return chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: [
      '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync',
    ],
  });
}

// What a failed test leaves behind to find its cause: a screenshot of every page still open and
// the API calls it made with their durations (a slow answer and a lost click look alike from the
// assertion alone).
const openPages = new Set();
let calls = [];
const pending = new Set(); // API requests sent and not yet answered
beforeEach(() => { calls = []; pending.clear(); });
afterEach(async (t) => {
  if (t.passed) return;
  const slug = t.name.replace(/[^\w\u4e00-\u9fff]+/g, '-').slice(0, 60);
  let i = 0;
  for (const page of openPages) {
    if (page.isClosed()) continue;
    const file = await screenshot(page, `FAILED-${slug}-${i++}`).catch(() => undefined);
    console.log(`# failed "${t.name}": page ${page.url()} ${file ? `screenshot ${file}` : ''}`);
  }
  console.log(`# API calls during "${t.name}" (method path status ms):\n${calls.slice(-40).map((c) => `#   ${c}`).join('\n')}`);
  for (const req of pending) console.log(`#   ${req.method()} ${new URL(req.url()).pathname} still waiting for its answer`);
});

function recordCalls(page) {
  page.apiInFlight = new Set();
  page.on('request', (req) => {
    if (!req.url().includes('/api/')) return;
    pending.add(req);
    if (!isStream(req)) page.apiInFlight.add(req);
  });
  page.on('requestfinished', async (req) => {
    pending.delete(req);
    page.apiInFlight.delete(req);
    if (!req.url().includes('/api/')) return;
    const res = await req.response().catch(() => null);
    const ms = Math.round(req.timing().responseEnd);
    calls.push(`${req.method()} ${new URL(req.url()).pathname} ${res?.status() ?? '?'} ${ms}`);
  });
  page.on('requestfailed', (req) => {
    pending.delete(req);
    page.apiInFlight.delete(req);
    if (req.url().includes('/api/')) calls.push(`${req.method()} ${new URL(req.url()).pathname} failed ${req.failure()?.errorText}`);
  });
}

// The message stream (/api/messages/stream) is an answer that never ends: it is left out of
// "the page's requests are done".
function isStream(req) {
  return new URL(req.url()).pathname.endsWith('/api/messages/stream');
}

/**
 * Waits until the page has had no API request in flight for 500 ms (at most 30 s): what
 * 'networkidle' said before the page held its message stream open for good.
 */
export async function settled(page) {
  if (!page.apiInFlight) throw new Error('settled() needs a page made by newPage()');
  await page.waitForLoadState('load');
  const deadline = Date.now() + 30_000;
  let quietSince = Date.now();
  for (;;) {
    if (page.apiInFlight.size > 0) quietSince = Date.now();
    else if (Date.now() - quietSince >= 500) return;
    if (Date.now() > deadline) {
      const left = [...page.apiInFlight].map((r) => `${r.method()} ${new URL(r.url()).pathname}`);
      throw new Error(`API requests still in flight after 30 s: ${left.join(', ')}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A new page that records uncaught errors and failed API calls for the test to assert on. */
export async function newPage(browser, { viewport = { width: 1366, height: 800 } } = {}) {
  // Reduced motion: the console then opens dialogs without their zoom, so a click lands on a
  // button that is already where it will stay (a click during the animation can miss it).
  const context = await browser.newContext({ viewport, locale: 'zh-CN', reducedMotion: 'reduce' });
  const page = await context.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(String(e)));
  page.on('console', (m) => { if (m.type() === 'error') page.errors.push(`console: ${m.text()}`); });
  openPages.add(page);
  page.on('close', () => openPages.delete(page));
  recordCalls(page);
  return page;
}

export async function screenshot(page, name) {
  mkdirSync(screensDir, { recursive: true });
  const file = join(screensDir, `${name}.png`);
  await page.screenshot({ path: file, fullPage: false });
  return file;
}

/**
 * One test file's stack and browser, started before its tests and stopped after them.
 * `skip` is known at once (no browser here), so tests can be declared with `{ skip: s.skip }`.
 */
export function suite(options = {}) {
  const s = { skip: browserMissing() || (options.s3 && versitygwMissing()) || (options.shared && sharedMissing()), stack: undefined, browser: undefined };
  before(async () => {
    if (s.skip) return;
    [s.stack, s.browser] = await Promise.all([startStack(options), launchBrowser()]);
  });
  after(async () => {
    await s.browser?.close();
    await s.stack?.stop();
  });
  return s;
}
