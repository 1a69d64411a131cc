// Reads the first sheet of an .xlsx file into rows of strings: just enough of the zip format
// (central directory, stored or deflated entries) and of SpreadsheetML (inline, shared and plain
// values) to check what an export wrote.
import { readFileSync } from 'node:fs';
import { inflateRawSync } from 'node:zlib';

function entries(buf) {
  let eocd = buf.length - 22;
  while (eocd >= 0 && buf.readUInt32LE(eocd) !== 0x06054b50) eocd--;
  if (eocd < 0) throw new Error('not a zip file');
  const count = buf.readUInt16LE(eocd + 10);
  let p = buf.readUInt32LE(eocd + 16);
  const out = new Map();
  for (let i = 0; i < count; i++) {
    const method = buf.readUInt16LE(p + 10);
    const size = buf.readUInt32LE(p + 20);
    const nameLen = buf.readUInt16LE(p + 28);
    const extraLen = buf.readUInt16LE(p + 30);
    const commentLen = buf.readUInt16LE(p + 32);
    const local = buf.readUInt32LE(p + 42);
    const name = buf.toString('utf8', p + 46, p + 46 + nameLen);
    const dataAt = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
    const raw = buf.subarray(dataAt, dataAt + size);
    out.set(name, method === 8 ? inflateRawSync(raw) : raw);
    p += 46 + nameLen + extraLen + commentLen;
  }
  return out;
}

const unescape = (s) =>
  s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, '&');

function col(ref) {
  let n = 0;
  for (const ch of ref.replace(/\d+$/, '')) n = n * 26 + ch.charCodeAt(0) - 64;
  return n - 1;
}

export function readSheet(file) {
  const files = entries(readFileSync(file));
  const shared = [...(files.get('xl/sharedStrings.xml')?.toString('utf8') ?? '').matchAll(/<si>([\s\S]*?)<\/si>/g)].map((m) =>
    unescape([...m[1].matchAll(/<t[^>]*>([\s\S]*?)<\/t>/g)].map((t) => t[1]).join('')),
  );
  const xml = files.get('xl/worksheets/sheet1.xml')?.toString('utf8');
  if (!xml) throw new Error('no sheet1 in the workbook');
  const rows = [];
  for (const row of xml.matchAll(/<row[^>]*>([\s\S]*?)<\/row>/g)) {
    const cells = [];
    for (const c of row[1].matchAll(/<c r="([A-Z]+\d+)"([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)) {
      const type = /t="(\w+)"/.exec(c[2])?.[1];
      const body = c[3] ?? '';
      let v = '';
      if (type === 'inlineStr') v = /<t[^>]*>([\s\S]*?)<\/t>/.exec(body)?.[1] ?? '';
      else v = /<v>([\s\S]*?)<\/v>/.exec(body)?.[1] ?? '';
      v = unescape(v);
      if (type === 's') v = shared[Number(v)];
      cells[col(c[1])] = v;
    }
    rows.push(Array.from(cells, (x) => x ?? ''));
  }
  return rows;
}
