// Run by `make check-coverage` before the script itself (node --test): the checker of
// docs/spec-coverage.md on a small repository of its own, so a checker that finds everything
// (or nothing) fails here.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, describe, it } from 'node:test';
import { cells, check, jsTitles, parseRef } from './spec-coverage.mjs';

const root = mkdtempSync(join(tmpdir(), 'spec-coverage-'));
after(() => rmSync(root, { recursive: true, force: true }));

const files = {
  'bff/x/x.go': 'package x\n',
  'bff/x/x_test.go': 'package x\n\nfunc TestRule(t *testing.T) {}\n\n// func TestGone(t *testing.T) {}\nfunc TestRuleHelper() {}\n',
  'web/a.test.tsx': [
    "describe('a suite', () => {",
    "  it('keeps a rule', () => {});",
    '  it("says \\"hi\\" and it\'s fine", () => {});',
    "  it.skip('is skipped | with a bar', () => {});",
    "  it.each([[1, 2]])('adds %i and %i', () => {});",
    "  it('shows the `actions`', () => {});",
    '  // it(\'commented out\', () => {});',
    "  expect(/x/.test('not a title')).toBe(true);",
    '});',
  ].join('\n'),
  'e2e/b.test.mjs': "test(`every page of ${role.user} opens`, { skip }, async () => {});\ntest('plain', async () => {});\n",
};
for (const [p, text] of Object.entries(files)) {
  mkdirSync(dirname(join(root, p)), { recursive: true });
  writeFileSync(join(root, p), text);
}

const table = (rows) =>
  ['## S2', '', '| Id | Rule | Status | Implemented in | Tests |', '|---|---|---|---|---|', ...rows, ''].join('\n');

describe('spec-coverage checker', () => {
  it('reads titles of test/it/describe, .skip and .each, any quote, template text as written', () => {
    const t = jsTitles(files['web/a.test.tsx']);
    assert.deepEqual([...t].sort(), ['a suite', 'adds %i and %i', 'is skipped | with a bar', 'keeps a rule', 'says "hi" and it\'s fine', 'shows the `actions`'].sort());
    assert.deepEqual([...jsTitles(files['e2e/b.test.mjs'])], ['every page of ${role.user} opens', 'plain']);
  });

  it('splits cells on | but not on \\|, and reads both kinds of reference', () => {
    assert.deepEqual(cells('| a | `x:"p \\| q"` | c |'), ['a', '`x:"p | q"`', 'c']);
    assert.deepEqual(parseRef('bff/x/x_test.go:TestRule/sub case'), { path: 'bff/x/x_test.go', func: 'TestRule' });
    assert.deepEqual(parseRef('web/a.test.tsx:"a: title"'), { path: 'web/a.test.tsx', title: 'a: title' });
    assert.equal(parseRef('web/a.test.tsx'), null);
  });

  it('passes a table whose files and tests all exist', () => {
    const md = table([
      '| S2.1 | a rule | done | `bff/x/x.go` | `bff/x/x_test.go:TestRule/sub` `web/a.test.tsx:"keeps a rule"` |',
      '| S2.2 | quotes | partial | `web/` | `web/a.test.tsx:"says "hi" and it\'s fine"` `web/a.test.tsx:"is skipped \\| with a bar"` |',
      '| S2.3 | each and template | done | | `web/a.test.tsx:"adds %i and %i"` `e2e/b.test.mjs:"every page of ${role.user} opens"` |',
      '| S2.4 | not built | open — in progress | | `` web/a.test.tsx:"shows the `actions`" `` |',
      '| S2.5 | on purpose | departure ([decisions](decisions.md#x)) | | |',
    ]);
    const { rows, problems } = check(md, root);
    assert.deepEqual(problems, []);
    assert.equal(rows.length, 5);
  });

  it('names the row of each missing file, func, title and of a done row without tests', () => {
    const md = table([
      '| S2.1 | gone file | done | `bff/x/gone.go` | `bff/x/x_test.go:TestRule` |',
      '| S2.2 | gone func | done | | `bff/x/x_test.go:TestGone` |',
      '| S2.3 | prefix only | done | | `bff/x/x_test.go:TestRul` |',
      '| S2.4 | gone title | done | | `web/a.test.tsx:"commented out"` `web/a.test.tsx:"not a title"` |',
      '| S2.5 | gone test file | done | | `web/gone.test.tsx:"x"` |',
      '| S2.6 | no test | done | `bff/x/x.go` | |',
      '| S2.6 | twice | maybe | | `junk` |',
    ]);
    const { problems } = check(md, root);
    const want = [
      /line 5, S2\.1: file bff\/x\/gone\.go does not exist/,
      /line 6, S2\.2: bff\/x\/x_test\.go has no func TestGone/,
      /S2\.3: bff\/x\/x_test\.go has no func TestRul$/,
      /S2\.4: web\/a\.test\.tsx has no test titled "commented out"/,
      /S2\.4: web\/a\.test\.tsx has no test titled "not a title"/,
      /S2\.5: test file web\/gone\.test\.tsx does not exist/,
      /S2\.6: a done row names no test/,
      /S2\.6: the id is used twice/,
      /S2\.6: status "maybe" is none of/,
      /S2\.6: cannot read the test reference junk/,
    ];
    assert.equal(problems.length, want.length, problems.join('\n'));
    want.forEach((re, i) => assert.match(problems[i], re));
  });

  it('fails a document without a table', () => {
    assert.deepEqual(check('# nothing here\n', root).problems, ['no table with Id, Status, Implemented in and Tests columns']);
  });
});
