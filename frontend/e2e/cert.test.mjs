// 企业认证 end to end against the real BFF (its OCR: the local tesseract), standalone and inside
// the portal at /monomer. The demo channel operator signs in at /newLogin, uploads the two sides of
// a SPECIMEN identity card (drawn by the Go generator: `go run ./bff/cmd/specimen DIR`, never a
// real person's card) and a licence; the form fills itself from the card and is submitted. Staff
// reject it with a reason in 企业认证审核, the operator sees the reason and submits again, staff
// approve it inside the portal, and the operator sees 已通过. A picture that is not a card is
// refused with the reason and cleared.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { newPage, repo, screenshot, suite } from './harness.mjs';
import { signIn, signInEmbedded, signOut } from './flows.mjs';

const tesseract = existsSync('/usr/bin/tesseract');
const ctx = suite({ portal: true });
const skip = ctx.skip || (!tesseract && 'tesseract is not installed (apt-get install tesseract-ocr tesseract-ocr-chi-sim)');
let dir;
before(() => {
  dir = mkdtempSync(join(tmpdir(), 'mall-e2e-cert-'));
  if (!skip) execFileSync('go', ['run', './bff/cmd/specimen', dir], { cwd: repo, stdio: 'inherit' });
});
after(() => rmSync(dir, { recursive: true, force: true }));

const file = (name) => ({ name, mimeType: 'image/png', buffer: readFileSync(join(dir, name)) });
// a real 1×1 picture: an image, but no card on it
const DOT = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

/** Uploads into the CardUpload of `side` and waits for the answer of its OCR (or the upload alone). */
async function upload(page, scope, side, payload) {
  const input = scope.locator(`[data-testid="upload-${side}"] input[type=file]`);
  if (side === 'license') {
    const [r] = await Promise.all([page.waitForResponse((r) => r.url().endsWith('/api/contract/upload')), input.setInputFiles(payload)]);
    assert.equal(r.status(), 201);
    return null;
  }
  const started = Date.now();
  const [r] = await Promise.all([page.waitForResponse((r) => r.url().includes('/api/olEnterpriseCert/ocrIdCard'), { timeout: 60_000 }), input.setInputFiles(payload)]);
  console.log(`# OCR ${side} in the browser flow: HTTP ${r.status()} after ${Date.now() - started} ms (upload + read)`);
  return r;
}

async function openMine(page) {
  await page.goto(`${ctx.stack.bffURL}/mine/cert`);
  await page.getByTestId('cert-banner').waitFor();
}

test('the operator submits with OCR filling the form; staff reject with a reason; the operator resubmits', { skip, timeout: 240_000 }, async () => {
  const { stack, browser } = ctx;
  const page = await newPage(browser, { viewport: { width: 1366, height: 900 } });
  await page.goto(`${stack.bffURL}/newLogin`);
  await signIn(page, 'channel', stack.passwords.demo);
  await page.waitForURL((u) => !u.pathname.endsWith('/newLogin'));
  // the menu: 我的渠道 → 企业认证
  await page.locator('.ant-pro-sider').getByText('我的渠道').click();
  await page.locator('.ant-pro-sider').getByText('企业认证').click();
  await page.waitForURL(/\/mine\/cert$/);
  await page.getByTestId('cert-banner').getByText('未认证').waitFor();

  // a picture without a card: refused with the reason, and the list is cleared
  const bad = await upload(page, page, 'front', { name: 'dot.png', mimeType: 'image/png', buffer: DOT });
  assert.equal(bad.status(), 422);
  await page.getByTestId('ocr-error-front').getByText('无法识别身份证').waitFor();
  await screenshot(page, 'cert-01-ocr-failed');
  await page.locator('[data-testid="upload-front"] .ant-upload-list-item-container').waitFor({ state: 'detached' });

  // the specimen card: the form fills itself
  const front = await upload(page, page, 'front', file('front.png'));
  assert.equal(front.status(), 200);
  const card = await front.json();
  assert.equal(card.name, '王小明');
  assert.equal(card.number, '110101199003070011');
  await page.getByLabel('法定代表人').and(page.locator('input')).waitFor();
  assert.equal(await page.getByLabel('法定代表人').inputValue(), '王小明');
  assert.equal(await page.getByLabel('法人身份证号码').inputValue(), '110101199003070011');
  const back = await upload(page, page, 'back', file('back.png'));
  assert.equal(back.status(), 200);
  await page.getByTestId('ocr-result').getByText('北京市公安局东城分局').waitFor();
  await upload(page, page, 'license', { name: 'licence.png', mimeType: 'image/png', buffer: readFileSync(join(dir, 'back.png')) });
  await page.getByLabel('企业名称').fill('杭州云栖商贸有限公司');
  // the credit code's check character is checked before sending
  await page.getByLabel('统一社会信用代码').fill('91350100M000100Y44');
  await page.getByRole('button', { name: /提交认证/ }).click();
  await page.getByText('统一社会信用代码格式或校验位不正确').waitFor();
  await page.getByLabel('统一社会信用代码').fill('91350100M000100Y43');
  await screenshot(page, 'cert-02-filled');
  const [sent] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/api/olEnterpriseCert') && r.request().method() === 'POST'),
    page.getByRole('button', { name: /提交认证/ }).click(),
  ]);
  assert.equal(sent.status(), 201);
  await page.getByTestId('cert-banner').getByText('待审核').waitFor();
  await screenshot(page, 'cert-03-pending');
  await signOut(page);

  // staff: 渠道 → 企业认证审核, the number masked, reject with a reason
  await page.goto(`${stack.bffURL}/channel/cert`);
  await signIn(page, 'admin', stack.passwords.admin);
  await page.waitForURL(/\/channel\/cert$/);
  const row = page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: '杭州云栖商贸有限公司' });
  await row.getByText('1101**********0011').waitFor();
  await row.getByText('待审核').waitFor();
  await screenshot(page, 'cert-04-review-list');
  await row.getByRole('button', { name: '审核' }).click();
  const dialog = page.getByRole('dialog').filter({ hasText: '证件照片' });
  await dialog.getByText('110101199003070011').waitFor();
  await dialog.locator('img').first().waitFor();
  await dialog.getByRole('button', { name: /驳\s*回/ }).click();
  await dialog.getByText('驳回时必须填写原因').waitFor();
  await dialog.getByLabel('驳回原因').fill('营业执照照片不清晰');
  await screenshot(page, 'cert-05-review-dialog');
  await dialog.getByRole('button', { name: /驳\s*回/ }).click();
  await dialog.waitFor({ state: 'hidden' });
  await row.getByText('已驳回').waitFor();
  await signOut(page);

  // the operator sees the reason and submits again
  await page.goto(`${stack.bffURL}/newLogin`);
  await signIn(page, 'channel', stack.passwords.demo);
  await page.waitForURL((u) => !u.pathname.endsWith('/newLogin'));
  await openMine(page);
  await page.getByText('企业认证已驳回：营业执照照片不清晰').waitFor();
  await screenshot(page, 'cert-06-rejected');
  const [again] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/api/olEnterpriseCert') && r.request().method() === 'POST'),
    page.getByRole('button', { name: /重新提交/ }).click(),
  ]);
  assert.equal(again.status(), 201);
  await page.getByTestId('cert-banner').getByText('待审核').waitFor();
  await page.context().close();
});

test('inside the portal at /monomer: staff approve; the operator sees 已通过', { skip, timeout: 180_000 }, async () => {
  const { stack, browser } = ctx;
  const page = await newPage(browser, { viewport: { width: 1366, height: 900 } });
  const app = await signInEmbedded(page, stack.portalURL, 'admin', stack.passwords.admin);
  await app.getByRole('menuitem', { name: /(^|\s)渠道$/ }).click();
  await app.getByRole('menuitem', { name: /企业认证审核/ }).click();
  await page.waitForURL(/\/monomer\/channel\/cert$/);
  const row = app.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: '杭州云栖商贸有限公司' });
  await row.getByText('待审核').waitFor();
  await row.getByRole('button', { name: '审核' }).click();
  const dialog = app.getByRole('dialog').filter({ hasText: '证件照片' });
  await dialog.locator('img').first().waitFor();
  assert.equal(await app.getByRole('dialog').filter({ hasText: '证件照片' }).count(), 1, 'the dialog renders inside the remote');
  await screenshot(page, 'cert-07-portal-review');
  await dialog.getByRole('button', { name: /通\s*过/ }).click();
  await dialog.waitFor({ state: 'hidden' });
  await row.getByText('已通过').waitFor();
  await screenshot(page, 'cert-08-portal-approved');
  await page.context().close();

  const op = await newPage(browser, { viewport: { width: 1366, height: 900 } });
  await op.goto(`${stack.bffURL}/newLogin`);
  await signIn(op, 'channel', stack.passwords.demo);
  await op.waitForURL((u) => !u.pathname.endsWith('/newLogin'));
  await op.goto(`${stack.bffURL}/mine/cert`);
  await op.getByTestId('cert-banner').getByText('企业认证已通过').waitFor();
  assert.equal(await op.getByRole('button', { name: /提交认证|重新提交/ }).count(), 0, 'an approved certification is not submitted again');
  await screenshot(op, 'cert-09-approved');
  await op.context().close();
});
