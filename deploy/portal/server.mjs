// A tiny static server for the built portal (deploy/portal/dist), node:http only.
//
//   PORTAL_ADDR          host:port to listen on            (default 127.0.0.1:8100; port 0 = any free port)
//   PORTAL_REMOTE_ENTRY  where qiankun loads the remote    (default http://127.0.0.1:8000/; must end in '/')
//   PORTAL_API_BASE      optional API base passed to the remote in its props
//   PORTAL_DIST          optional directory to serve       (default ./dist next to this file)
//
// Optional, for trying sign-in through the portal (POST /api/auth/loginAccount):
//   PORTAL_SECRET + PORTAL_EMP_NO → GET /portal/assertion returns {empNo, ts, nonce, sig},
//   sig = hex HMAC-SHA256(PORTAL_SECRET, empNo + "\n" + ts + "\n" + nonce). This is a demo of
//   a portal that has already signed its user in: it signs for one fixed employee number, so
//   never expose it beyond a test machine.
//
// The run-time settings are injected into index.html as window.__PORTAL__, so one build
// serves any environment. History-mode fallback: every path that is not a file gets index.html.
import { createHmac, randomBytes } from 'node:crypto';
import { readFileSync, createReadStream, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

function fail(message) {
  console.error(`portal: ${message}`);
  process.exit(1);
}

function parseAddr(addr) {
  const i = addr.lastIndexOf(':');
  if (i <= 0) fail(`PORTAL_ADDR must be host:port, got ${JSON.stringify(addr)}`);
  const host = addr.slice(0, i).replace(/^\[(.*)\]$/, '$1');
  const port = Number(addr.slice(i + 1));
  if (!Number.isInteger(port) || port < 0 || port > 65535) fail(`PORTAL_ADDR has a bad port: ${JSON.stringify(addr)}`);
  return { host, port };
}

function readSettings(env) {
  const remoteEntry = env.PORTAL_REMOTE_ENTRY || 'http://127.0.0.1:8000/';
  let entryURL;
  try {
    entryURL = new URL(remoteEntry);
  } catch {
    fail(`PORTAL_REMOTE_ENTRY must be an absolute http(s) URL, got ${JSON.stringify(remoteEntry)}`);
  }
  if (entryURL.protocol !== 'http:' && entryURL.protocol !== 'https:') fail('PORTAL_REMOTE_ENTRY must be http(s)');
  // qiankun resolves the remote's relative URLs against the entry: without the trailing
  // slash the last path segment is lost.
  if (!remoteEntry.endsWith('/')) fail(`PORTAL_REMOTE_ENTRY must end in '/', got ${JSON.stringify(remoteEntry)}`);
  if (entryURL.pathname === '/monomer/' || entryURL.pathname.startsWith('/monomer/')) {
    console.warn('portal: PORTAL_REMOTE_ENTRY uses the path /monomer/; if it is this portal\'s own origin, the history fallback will answer with the portal instead of the remote');
  }

  const secret = env.PORTAL_SECRET || '';
  const empNo = env.PORTAL_EMP_NO || '';
  if (Boolean(secret) !== Boolean(empNo)) fail('PORTAL_SECRET and PORTAL_EMP_NO go together: set both or neither');

  return {
    ...parseAddr(env.PORTAL_ADDR || '127.0.0.1:8100'),
    remoteEntry,
    apiBase: env.PORTAL_API_BASE || null,
    assertion: secret ? { secret, empNo } : null,
    dist: resolve(env.PORTAL_DIST || fileURLToPath(new URL('./dist/', import.meta.url))),
  };
}

/** index.html with window.__PORTAL__ injected in <head>, before the portal's own script. */
function buildIndex(dist, settings) {
  let html;
  try {
    html = readFileSync(join(dist, 'index.html'), 'utf8');
  } catch {
    fail(`no ${join(dist, 'index.html')}: build the portal first (pnpm --filter portal build)`);
  }
  const config = { remoteEntry: settings.remoteEntry, apiBase: settings.apiBase, assertion: Boolean(settings.assertion) };
  // JSON is valid JS; escaping '<' keeps a value like "</script>" from closing the tag.
  const json = JSON.stringify(config).replace(/</g, '\\u003c');
  const tag = `<script>window.__PORTAL__ = ${json}</script>`;
  const at = html.search(/<script\b/i) >= 0 ? html.search(/<script\b/i) : html.search(/<\/head>/i);
  if (at < 0) fail('index.html has neither a <script> nor </head>');
  return Buffer.from(`${html.slice(0, at)}${tag}\n    ${html.slice(at)}`);
}

function sign(secret, empNo) {
  const ts = Math.floor(Date.now() / 1000);
  const nonce = randomBytes(16).toString('hex');
  const sig = createHmac('sha256', secret).update(`${empNo}\n${ts}\n${nonce}`).digest('hex');
  return { empNo, ts, nonce, sig };
}

function send(res, status, headers, body) {
  res.writeHead(status, { 'X-Content-Type-Options': 'nosniff', ...headers });
  res.end(body);
}

function sendIndex(req, res, index) {
  send(res, 200, { 'Content-Type': TYPES['.html'], 'Content-Length': index.length, 'Cache-Control': 'no-store' }, req.method === 'HEAD' ? undefined : index);
}

/** The file under dist for this URL path, or null (missing, a directory, or outside dist). */
function fileFor(dist, pathname) {
  let decoded;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const file = resolve(dist, '.' + decoded);
  if (file !== dist && !file.startsWith(dist + sep)) return null;
  try {
    const st = statSync(file);
    return st.isFile() ? { file, size: st.size } : null;
  } catch {
    return null;
  }
}

function handler(settings, index) {
  return (req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      send(res, 405, { Allow: 'GET, HEAD', 'Content-Type': TYPES['.txt'] }, 'method not allowed\n');
      return;
    }
    let pathname;
    try {
      pathname = new URL(req.url ?? '/', 'http://portal.invalid').pathname;
    } catch {
      send(res, 400, { 'Content-Type': TYPES['.txt'] }, 'bad request\n');
      return;
    }

    if (pathname === '/portal/assertion') {
      if (!settings.assertion) {
        send(res, 404, { 'Content-Type': TYPES['.txt'] }, 'not found\n');
        return;
      }
      const body = JSON.stringify(sign(settings.assertion.secret, settings.assertion.empNo));
      send(res, 200, { 'Content-Type': TYPES['.json'], 'Cache-Control': 'no-store' }, req.method === 'HEAD' ? undefined : body);
      return;
    }

    if (pathname === '/' || pathname === '/index.html') {
      sendIndex(req, res, index);
      return;
    }

    const found = fileFor(settings.dist, pathname);
    if (found) {
      const headers = {
        'Content-Type': TYPES[extname(found.file).toLowerCase()] ?? 'application/octet-stream',
        'Content-Length': found.size,
        // Vite puts content hashes in /assets/ names, so they never change.
        'Cache-Control': pathname.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      };
      res.writeHead(200, { 'X-Content-Type-Options': 'nosniff', ...headers });
      if (req.method === 'HEAD') {
        res.end();
        return;
      }
      createReadStream(found.file)
        .on('error', () => res.destroy())
        .pipe(res);
      return;
    }

    // A missing asset is a 404, not the page: a stale script URL must not get HTML back.
    if (pathname.startsWith('/assets/')) {
      send(res, 404, { 'Content-Type': TYPES['.txt'] }, 'not found\n');
      return;
    }
    sendIndex(req, res, index);
  };
}

function main() {
  const settings = readSettings(process.env);
  const index = buildIndex(settings.dist, settings);
  const server = createServer(handler(settings, index));

  let stopping = false;
  const stop = (signal) => {
    if (stopping) return;
    stopping = true;
    console.log(`portal: ${signal}, shutting down`);
    server.close(() => process.exit(0));
    server.closeIdleConnections();
    // Keep-alive connections in use get a moment to finish, then go.
    setTimeout(() => {
      server.closeAllConnections();
      process.exit(0);
    }, 3000).unref();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));

  server.on('error', (err) => fail(err.message));
  server.listen(settings.port, settings.host, () => {
    const { address, port } = server.address();
    const host = address.includes(':') ? `[${address}]` : address;
    console.log(`portal listening on http://${host}:${port}/ (remote entry ${settings.remoteEntry}${settings.assertion ? ', assertions on' : ''})`);
  });
}

main();
