// 合同模板 and 合同管理 end to end against the real BFF, standalone and inside the portal at
// /monomer: staff upload a template's PDF and publish it; the channel operator (demo user
// `channel`, agency HZYQ) receives it once and sees only their agency's contracts; staff attach
// the signed scan and mark the contract signed; the PDFs are drawn in the page by pdf.js (the
// screenshots show the page).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { newPage, screenshot, suite } from './harness.mjs';
import { apiCall, signIn, noErrors, storedToken } from './flows.mjs';

const ctx = suite({ portal: true });
const { skip } = ctx;

/** A one-page PDF showing `lines` (Helvetica), its cross-reference offsets exact. */
function pdf(...lines) {
  const text = `BT /F1 22 Tf 72 760 Td 28 TL\n${lines.map((l) => `(${l}) Tj T*`).join('\n')}\nET\n0.8 0.2 0.2 RG 4 w 60 60 475 722 re S\n`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${text.length} >>\nstream\n${text}endstream`,
  ];
  let out = '%PDF-1.4\n';
  const offsets = objects.map((o, i) => {
    const at = out.length;
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
    return at;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

const ok = /确\s*定/;
const rowOf = (scope, text) => scope.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: text });

async function confirm(page) {
  const box = page.locator('.ant-modal-confirm');
  await box.getByRole('button', { name: ok }).click();
  await box.waitFor({ state: 'hidden' });
}

/** Waits until pdf.js drew the first page inside `scope` and it is not blank. */
async function pdfDrawn(scope) {
  await scope.locator('[data-pdf-view="done"] canvas').first().waitFor();
  const inked = await scope.locator('[data-pdf-view="done"] canvas').first().evaluate((c) => {
    const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
    let dark = 0;
    for (let i = 0; i < d.length; i += 4) if (d[i] < 128 && d[i + 3] > 0) dark++;
    return dark;
  });
  assert.ok(inked > 100, `the PDF page is blank (${inked} dark pixels)`);
}

/**
 * The whole flow; `base` is where the console is (the BFF, or the portal's /monomer), `scope`
 * gives the console's root on a page.
 */
async function flow({ base, scope, name, tag }) {
  const { stack, browser } = ctx;
  // staff: upload the template and publish it
  const staff = await newPage(browser, { viewport: { width: 1366, height: 800 } });
  await staff.goto(`${base}/login`);
  const s = scope(staff);
  await signIn(s, 'admin', stack.passwords.admin);
  await staff.waitForURL(/\/dashboard$/);
  await s.locator('[data-pending="expiringContracts"]').waitFor(); // 合同即将到期 on the dashboard
  await staff.goto(`${base}/channel/contractTemplate`);
  await s.getByRole('button', { name: /新\s*增/ }).click();
  const dialog = s.getByRole('dialog').filter({ hasText: '模板文件' });
  await dialog.getByLabel('模板名称').fill(name);
  await dialog.getByLabel('版本').fill('v2');
  // not a PDF by content: refused by the BFF, nothing listed
  const [bad] = await Promise.all([
    staff.waitForResponse((r) => r.url().endsWith('/api/contract/upload')),
    dialog.locator('input[type=file]').setInputFiles({ name: 'fake.pdf', mimeType: 'application/pdf', buffer: Buffer.from('not a pdf') }),
  ]);
  assert.equal(bad.status(), 400);
  const [good] = await Promise.all([
    staff.waitForResponse((r) => r.url().endsWith('/api/contract/upload')),
    dialog
      .locator('input[type=file]')
      .setInputFiles({ name: `${tag}模板.pdf`, mimeType: 'application/pdf', buffer: pdf('Contract template', tag, 'Agency: {{agencyName}}', 'Rate: {{rate}}') }),
  ]);
  assert.equal(good.status(), 201);
  // 填写变量: the variables the system fills read 系统填写 and take no default; the inputs span
  // the dialog; a variable of the template's own takes one; the preview fills them all in
  const values = dialog.getByLabel('默认值');
  assert.equal(await values.count(), 3);
  for (let i = 0; i < 3; i++) {
    assert.equal(await values.nth(i).inputValue(), '系统填写');
    assert.ok(await values.nth(i).isDisabled());
  }
  await dialog.getByRole('button', { name: /添加变量/ }).click();
  await dialog.getByLabel('变量名').nth(3).fill('rate');
  await dialog.getByLabel('显示名称').nth(3).fill('佣金比例');
  await dialog.getByLabel('默认值').nth(3).fill('5%');
  await screenshot(staff, `contract-${tag}-00-template-dialog`);
  for (const label of ['变量名', '显示名称', '默认值']) {
    const box = await dialog.getByLabel(label).nth(3).boundingBox();
    assert.ok(box && box.width > 120, `${label} is ${box?.width}px wide`);
  }
  const sample = dialog.locator('[data-template-preview]');
  await sample.getByText('示例渠道有限公司').waitFor();
  assert.match(await sample.innerText(), /Rate: 5%/);
  assert.doesNotMatch(await sample.innerText(), /\{\{/);
  await sample.scrollIntoViewIfNeeded();
  await screenshot(staff, `contract-${tag}-00-template-dialog`);
  await dialog.getByRole('button', { name: ok }).last().click();
  await dialog.waitFor({ state: 'hidden' });
  const tplRow = rowOf(s, name);
  await tplRow.getByText('未发布').waitFor();
  await tplRow.getByRole('button', { name: /发\s*布/ }).click();
  await confirm(staff);
  await tplRow.getByText('已发布').waitFor();
  await tplRow.getByRole('button', { name: /预\s*览/ }).click();
  // the text with sample values first, then the file as uploaded
  const shown = s.locator('.ant-modal').filter({ hasText: '示例预览' });
  await shown.locator('[data-template-preview]').getByText('示例渠道有限公司').waitFor();
  await screenshot(staff, `contract-${tag}-01-template-sample`);
  await shown.getByRole('tab', { name: '原始文件' }).click();
  await pdfDrawn(staff);
  await screenshot(staff, `contract-${tag}-01-template-preview`);
  await staff.keyboard.press('Escape');

  // the channel operator receives it, once, and sees their agency's contracts alone
  const ch = await newPage(browser, { viewport: { width: 1366, height: 800 } });
  await ch.goto(`${base}/newLogin`);
  const c = scope(ch);
  await signIn(c, 'channel', stack.passwords.demo);
  await ch.waitForURL(/\/dashboard$/);
  await c.locator('.ant-layout-sider, .ant-pro-sider').getByText('我的渠道', { exact: true }).click();
  await c.locator('.ant-layout-sider, .ant-pro-sider').getByText('合同模板', { exact: true }).click();
  await ch.waitForURL(/\/mine\/contractTemplate$/);
  const offered = rowOf(c, name);
  await offered.getByRole('button', { name: /领\s*取/ }).click();
  await confirm(ch);
  await offered.getByText('已领取').waitFor();
  assert.equal(await offered.getByRole('button', { name: /领\s*取/ }).count(), 0);
  await screenshot(ch, `contract-${tag}-02-received`);
  await ch.goto(`${base}/mine/contract`);
  const mine = rowOf(c, name);
  await mine.getByText('待签署').waitFor();
  await rowOf(c, 'HTDEMOHZYQ').getByText('即将到期').waitFor();
  assert.equal(await rowOf(c, 'HTDEMOCDJC').count(), 0, "another agency's contract is listed");
  assert.equal(await mine.getByRole('button', { name: '标记已签署' }).count(), 0);

  // staff attach the scan and mark it signed
  await staff.goto(`${base}/channel/contract`);
  const row = rowOf(s, name).filter({ hasText: '杭州云栖' });
  await row.getByText('待签署').waitFor();
  await row.getByRole('button', { name: /详\s*情/ }).first().click();
  const drawer = s.locator('.ant-drawer').filter({ hasText: '合同附件' });
  await drawer.getByText('暂无附件', { exact: false }).waitFor();
  // the contract's text: the template's with this contract's values (the agency's name, the rate)
  const text = drawer.locator('[data-template-preview]');
  await text.getByText('杭州云栖商贸有限公司').waitFor();
  assert.match(await text.innerText(), /Rate: 5%/);
  await screenshot(staff, `contract-${tag}-02a-contract-text`);
  // 下载合同PDF: the filled text as a PDF (the BFF finds Debian's CJK font), named by the number
  const [filledPdf] = await Promise.all([staff.waitForEvent('download'), drawer.getByRole('button', { name: '下载合同PDF' }).click()]);
  assert.match(filledPdf.suggestedFilename(), /^[A-Z0-9-]+\.pdf$/);
  const pdfBytes = await readFile(await filledPdf.path());
  assert.equal(pdfBytes.subarray(0, 5).toString('latin1'), '%PDF-');
  assert.ok(pdfBytes.length > 2000, `the filled PDF is ${pdfBytes.length} bytes`);
  // no scan yet: 标记已签署 is not offered (the BFF would refuse it)
  assert.equal(await row.getByRole('button', { name: '标记已签署' }).count(), 0);
  const upload = async () => {
    const [scan] = await Promise.all([
      staff.waitForResponse((r) => r.url().endsWith('/api/contract/upload')),
      drawer.locator('input[type=file]').setInputFiles({ name: `${tag}签署扫描件.pdf`, mimeType: 'application/pdf', buffer: pdf('Signed scan', tag) }),
    ]);
    assert.equal(scan.status(), 201);
    return (await scan.json()).id;
  };
  let scanId = await upload();
  await drawer.getByText(`${tag}签署扫描件.pdf`).waitFor();
  await drawer.locator('.ant-drawer-close').click();
  await drawer.waitFor({ state: 'hidden' });
  // the scan goes away behind the list's back: 标记已签署 is refused, the confirm closes, the
  // reason shows, and the list no longer offers it
  await apiCall(stack.bffURL, await storedToken(staff), 'DELETE', `/api/actattach/delete/${scanId}`);
  await row.getByRole('button', { name: '标记已签署' }).click();
  const box = staff.locator('.ant-modal-confirm');
  await box.getByRole('button', { name: ok }).click();
  await box.waitFor({ state: 'hidden' });
  await s.getByText('请先上传已签署的合同扫描件').first().waitFor();
  await screenshot(staff, `contract-${tag}-03a-sign-refused`);
  await row.getByRole('button', { name: /终\s*止/ }).waitFor();
  assert.equal(await row.getByRole('button', { name: '标记已签署' }).count(), 0);
  await row.getByRole('button', { name: /详\s*情/ }).first().click();
  await drawer.getByText('暂无附件', { exact: false }).waitFor();
  scanId = await upload();
  await drawer.getByText(`${tag}签署扫描件.pdf`).waitFor();
  await pdfDrawn(drawer);
  await screenshot(staff, `contract-${tag}-03-scan-preview`);
  const download = drawer.getByRole('link', { name: '下载' });
  assert.match(await download.getAttribute('href'), /\/api\/files\/[0-9a-f]{32}\.pdf\/download$/);
  await drawer.locator('.ant-drawer-close').click();
  await drawer.waitFor({ state: 'hidden' });
  await row.getByRole('button', { name: '标记已签署' }).click();
  await confirm(staff);
  await row.getByText('已签署').waitFor();
  assert.equal(await row.getByRole('button', { name: '标记已签署' }).count(), 0);
  await screenshot(staff, `contract-${tag}-04-signed`);
  // 详情 ↗ opens /look?type=contract&id= with the scan drawn
  await row.getByRole('button', { name: /更\s*多/ }).click();
  await staff.getByRole('menuitem', { name: /详情/ }).click();
  await staff.waitForURL(/\/look\?type=contract&id=\d+$/);
  await s.getByText(`${tag}签署扫描件.pdf`).waitFor();
  await pdfDrawn(s);
  await screenshot(staff, `contract-${tag}-05-look`);

  // the operator sees it signed
  await ch.reload();
  await rowOf(c, name).getByText('已签署').waitFor();
  for (const p of [staff, ch]) {
    p.errors = p.errors.filter((e) => !/status of (400|409)/.test(e)); // the refused fake PDF, the refused 标记已签署
    noErrors(p);
    await p.context().close();
  }
}

test('contracts standalone: template → publish → receive → scan → signed, PDFs drawn', { skip, timeout: 180_000 }, async () => {
  await flow({ base: ctx.stack.bffURL, scope: (p) => p, name: 'E2E合作协议', tag: 'solo' });
});

test('contracts inside the portal at /monomer', { skip, timeout: 180_000 }, async () => {
  await flow({ base: `${ctx.stack.portalURL}/monomer`, scope: (p) => p.locator('#subapp'), name: 'E2E门户协议', tag: 'portal' });
});
