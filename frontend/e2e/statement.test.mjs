// 对账单 end to end against the real BFF, standalone and inside the portal at /monomer: staff
// make the running month's statements of both demo agencies and see them all; the channel
// operator (demo user `channel`, agency HZYQ) signs in at /newLogin, opens 我的渠道 → 对账单,
// sees their agency's statement alone and downloads it as Excel and as PDF (the bytes checked).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { newPage, screenshot, settled, suite } from './harness.mjs';
import { apiCall, signIn, noErrors, storedToken } from './flows.mjs';
import { readSheet } from './xlsx.mjs';

const ctx = suite({ portal: true });
const { skip } = ctx;
const work = mkdtempSync(join(tmpdir(), 'statement-e2e-'));
const OWN = '杭州云栖商贸有限公司';
const OTHER = '成都锦程供应链有限公司';

const rowOf = (scope, text) => scope.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: text });

async function saveDownload(page, click) {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  const file = join(work, `${Date.now()}-${download.suggestedFilename()}`);
  await download.saveAs(file);
  return { name: download.suggestedFilename(), file };
}

function thisMonth() {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`;
}

async function flow({ base, scope, tag }) {
  const { stack, browser } = ctx;
  const month = thisMonth();
  // staff: the running month's drafts of both agencies, then every agency's statements listed
  const staff = await newPage(browser);
  await staff.goto(`${base}/login`);
  const s = scope(staff);
  await signIn(s, 'admin', stack.passwords.admin);
  await staff.waitForURL(/\/dashboard$/);
  const token = await storedToken(staff);
  const agencies = await apiCall(stack.bffURL, token, 'GET', '/api/agencies?size=100');
  for (const a of agencies.content) {
    await apiCall(stack.bffURL, token, 'POST', '/api/statements/generate', { agencyId: a.id, month });
  }
  await staff.goto(`${base}/mall/statement`);
  await rowOf(s, OWN).filter({ hasText: month }).waitFor();
  await rowOf(s, OTHER).filter({ hasText: month }).waitFor();
  await settled(staff);
  await screenshot(staff, `statement-${tag}-01-staff`);

  // the operator: their agency's statement alone, downloaded as Excel and PDF
  const ch = await newPage(browser);
  await ch.goto(`${base}/newLogin`);
  const c = scope(ch);
  await signIn(c, 'channel', stack.passwords.demo);
  await ch.waitForURL(/\/dashboard$/);
  const sider = c.locator('.ant-layout-sider, .ant-pro-sider');
  await sider.getByText('我的渠道', { exact: true }).click();
  await sider.getByText('对账单', { exact: true }).click();
  await ch.waitForURL(/\/mine\/statement$/);
  const own = rowOf(c, OWN).filter({ hasText: month });
  await own.waitFor();
  assert.equal(await rowOf(c, OTHER).count(), 0, 'the operator sees another agency');
  assert.equal(await c.getByRole('button', { name: /生\s*成/ }).count(), 0, 'the operator is offered 生成');
  await settled(ch);
  await screenshot(ch, `statement-${tag}-02-operator`);

  const xlsx = await saveDownload(ch, () => own.getByRole('button', { name: '下载Excel' }).click());
  assert.equal(xlsx.name, `${OWN} ${month} 对账单.xlsx`);
  assert.equal(readFileSync(xlsx.file).subarray(0, 2).toString(), 'PK');
  const rows = readSheet(xlsx.file);
  assert.deepEqual(rows[0], ['类型', '日期', '订单号', '售后单号', '金额', '备注']);
  assert.equal(rows.at(-1)[0], '合计');
  const pdf = await saveDownload(ch, () => own.getByRole('button', { name: '下载PDF' }).click());
  assert.equal(pdf.name, `${OWN} ${month} 对账单.pdf`);
  const bytes = readFileSync(pdf.file);
  assert.equal(bytes.subarray(0, 5).toString(), '%PDF-');
  assert.ok(bytes.includes('FontFile2'), 'the PDF embeds its font');

  await own.getByRole('button', { name: '明细' }).click();
  const lines = ch.getByRole('dialog').filter({ hasText: `${OWN} ${month}` });
  await lines.getByText('合计').waitFor();
  await settled(ch);
  await screenshot(ch, `statement-${tag}-03-lines`);

  for (const p of [staff, ch]) {
    noErrors(p);
    await p.context().close();
  }
}

test('statements standalone: staff see every agency; the operator downloads Excel and PDF', { skip, timeout: 180_000 }, async () => {
  await flow({ base: ctx.stack.bffURL, scope: (p) => p, tag: 'solo' });
});

test('statements inside the portal at /monomer', { skip, timeout: 180_000 }, async () => {
  await flow({ base: `${ctx.stack.portalURL}/monomer`, scope: (p) => p.locator('#subapp'), tag: 'portal' });
});
