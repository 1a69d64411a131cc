// Run by `make check-coverage` (part of `make test`): every file and test that docs/spec-coverage.md
// names must exist, so renaming or deleting a test that proves a rule of the specification fails
// the build instead of leaving the table pointing at nothing. Node only, no packages.
//
// The table's cells: `Implemented in` holds `path` spans, `Tests` holds
//   `path/x_test.go:TestName` (or `TestName/sub`: only the top-level func is checked),
//   `path/x.test.tsx:"title"` for vitest and node:test (test/it/describe, .each too); a title
//   holding a backtick goes in a double-backtick span: `` path:"a `b` c" ``.
// Paths are relative to the repository root. A `|` inside a title is written `\|`.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The statuses a row may have: open rows need no test, done and partial ones at least one. */
const STATUSES = ['done', 'partial', 'departure', 'open'];

/** Splits a table line into its cells, keeping `\|` inside a cell as `|`. */
export function cells(line) {
  const out = [];
  let cur = '';
  const s = line.trim().replace(/^\|/, '').replace(/\|$/, '');
  for (let i = 0; i < s.length; i++) {
    if (s[i] === '\\' && s[i + 1] === '|') {
      cur += '|';
      i++;
    } else if (s[i] === '|') {
      out.push(cur.trim());
      cur = '';
    } else cur += s[i];
  }
  out.push(cur.trim());
  return out;
}

/** The code spans of a cell: `x`, or ``x`` around a title holding a backtick (one space each side dropped). */
export function spans(cell) {
  return [...cell.matchAll(/(`+)(?!`)([\s\S]*?[^`])\1(?!`)/g)].map((m) =>
    m[1].length > 1 && /^ .* $/.test(m[2]) ? m[2].slice(1, -1) : m[2],
  );
}

/** The rows of every table with Id, Status, Implemented in and Tests columns. */
export function parseTable(md) {
  const rows = [];
  let cols = null;
  md.split('\n').forEach((line, i) => {
    if (!line.trim().startsWith('|')) {
      cols = null;
      return;
    }
    const c = cells(line);
    if (!cols) {
      const at = (name) => c.findIndex((x) => x.toLowerCase() === name);
      cols = { id: at('id'), status: at('status'), files: at('implemented in'), tests: at('tests') };
      if (Object.values(cols).some((n) => n < 0)) cols = { skip: true };
      return;
    }
    if (cols.skip || c.every((x) => /^:?-+:?$/.test(x))) return;
    rows.push({
      line: i + 1,
      id: c[cols.id],
      status: c[cols.status] ?? '',
      files: spans(c[cols.files] ?? ''),
      tests: spans(c[cols.tests] ?? ''),
    });
  });
  return rows;
}

/** Splits `path:TestName` or `path:"title"`. */
export function parseRef(ref) {
  const at = ref.indexOf(':');
  if (at < 0) return null;
  const path = ref.slice(0, at);
  const rest = ref.slice(at + 1);
  if (rest.length >= 2 && rest.startsWith('"') && rest.endsWith('"')) return { path, title: rest.slice(1, -1) };
  if (/^[A-Z]\w*(\/.*)?$/.test(rest)) return { path, func: rest.split('/')[0] };
  return null;
}

/** Reads the string literal starting at src[i] (a quote); returns its text and the index after it. */
function literal(src, i) {
  const q = src[i];
  let text = '';
  for (let j = i + 1; j < src.length; j++) {
    const ch = src[j];
    if (ch === '\\') {
      const n = src[j + 1];
      const esc = { n: '\n', t: '\t', r: '\r' }[n];
      if (n === 'u' && src[j + 2] === '{') {
        const end = src.indexOf('}', j);
        text += String.fromCodePoint(parseInt(src.slice(j + 3, end), 16));
        j = end;
      } else if (n === 'u') {
        text += String.fromCharCode(parseInt(src.slice(j + 2, j + 6), 16));
        j += 5;
      } else {
        text += esc ?? n;
        j++;
      }
    } else if (ch === q) return { text, end: j + 1 };
    else if (ch === '\n' && q !== '`') return null;
    else text += ch;
  }
  return null;
}

/**
 * The titles of the tests and suites of a JS/TS file: a string literal opening the arguments of
 * test/it/describe (with .skip/.only/... modifiers), or of the call that `.each(...)` returns.
 * A template literal's title is its source text, `${...}` included.
 */
export function jsTitles(src) {
  const titles = new Set();
  const opener = /(?:(?<![\w.$])(?:test|it|describe|suite)(?:\s*\.\s*(?:skip|only|todo|concurrent|sequential|fails))*|\))\s*\(\s*$/;
  for (let i = 0; i < src.length; i++) {
    const ch = src[i];
    if (ch === '/' && src[i + 1] === '/') {
      i = src.indexOf('\n', i);
      if (i < 0) break;
      continue;
    }
    if (ch === '/' && src[i + 1] === '*') {
      i = src.indexOf('*/', i + 2);
      if (i < 0) break;
      i++;
      continue;
    }
    if (ch !== "'" && ch !== '"' && ch !== '`') continue;
    const lit = literal(src, i);
    if (!lit) continue;
    if (opener.test(src.slice(Math.max(0, i - 200), i))) titles.add(lit.text);
    i = lit.end - 1;
  }
  return titles;
}

/** The problems of the table, one line each naming the row. */
export function check(md, root) {
  const problems = [];
  const read = new Map();
  const source = (path) => {
    if (!read.has(path)) read.set(path, existsSync(join(root, path)) ? readFileSync(join(root, path), 'utf8') : null);
    return read.get(path);
  };
  const rows = parseTable(md);
  if (rows.length === 0) problems.push('no table with Id, Status, Implemented in and Tests columns');
  const seen = new Set();
  for (const row of rows) {
    const where = `line ${row.line}, ${row.id || '(no id)'}`;
    if (!row.id) problems.push(`${where}: the row has no id`);
    if (seen.has(row.id)) problems.push(`${where}: the id is used twice`);
    seen.add(row.id);
    const status = STATUSES.find((s) => row.status.toLowerCase().startsWith(s));
    if (!status) problems.push(`${where}: status "${row.status}" is none of ${STATUSES.join(', ')}`);
    if ((status === 'done' || status === 'partial') && row.tests.length === 0)
      problems.push(`${where}: a ${status} row names no test`);
    for (const f of row.files) if (!existsSync(join(root, f))) problems.push(`${where}: file ${f} does not exist`);
    for (const t of row.tests) {
      const ref = parseRef(t);
      if (!ref) {
        problems.push(`${where}: cannot read the test reference ${t}`);
        continue;
      }
      const src = source(ref.path);
      if (src === null) problems.push(`${where}: test file ${ref.path} does not exist`);
      else if (ref.func && !new RegExp(`^func ${ref.func}\\(`, 'm').test(src))
        problems.push(`${where}: ${ref.path} has no func ${ref.func}`);
      else if (ref.title !== undefined && !jsTitles(src).has(ref.title))
        problems.push(`${where}: ${ref.path} has no test titled "${ref.title}"`);
    }
  }
  return { rows, problems };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
  const doc = process.argv[2] ?? join(root, 'docs/spec-coverage.md');
  const { rows, problems } = check(readFileSync(doc, 'utf8'), root);
  for (const p of problems) console.error(`spec-coverage: ${p}`);
  if (problems.length) {
    console.error(`spec-coverage: ${problems.length} problem(s) in ${doc}`);
    process.exit(1);
  }
  const tests = rows.reduce((n, r) => n + r.tests.length, 0);
  console.log(`spec-coverage: ${rows.length} rules, ${tests} named tests, all found`);
}
