// 企业认证 with identity-card reading off (BFF_OCR=off, the README's default without tesseract):
// each side's picture stays after the notice and the operator types what it shows, so a
// certification can be sent and is then 待审核.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { newPage, screenshot, suite } from './harness.mjs';
import { signIn } from './flows.mjs';

const ctx = suite({ env: { BFF_OCR: 'off' } });
// a real 1×1 picture
const DOT = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const picture = (name) => ({ name, mimeType: 'image/png', buffer: DOT });

test('with OCR off the pictures stay and the operator types the fields and submits', { skip: ctx.skip, timeout: 120_000 }, async () => {
  const { stack, browser } = ctx;
  const page = await newPage(browser, { viewport: { width: 1366, height: 900 } });
  await page.goto(`${stack.bffURL}/newLogin`);
  await signIn(page, 'channel', stack.passwords.demo);
  await page.waitForURL((u) => !u.pathname.endsWith('/newLogin'));
  await page.goto(`${stack.bffURL}/mine/cert`);
  await page.getByTestId('cert-banner').getByText('未认证').waitFor();

  for (const side of ['front', 'back']) {
    const [read] = await Promise.all([
      page.waitForResponse((r) => r.url().includes('/api/olEnterpriseCert/ocrIdCard')),
      page.locator(`[data-testid="upload-${side}"] input[type=file]`).setInputFiles(picture(`${side}.png`)),
    ]);
    assert.equal(read.status(), 503);
    await page.getByTestId(`ocr-manual-${side}`).getByText('未启用身份证识别，请手动填写（图片已保留）').waitFor();
  }
  // well past the 0.5 s a picture that cannot be read is kept for: both are still listed
  await page.waitForTimeout(1000);
  for (const side of ['front', 'back']) {
    assert.equal(await page.locator(`[data-testid="upload-${side}"] .ant-upload-list-item-container`).count(), 1, side);
  }
  const [licence] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/api/contract/upload')),
    page.locator('[data-testid="upload-license"] input[type=file]').setInputFiles(picture('licence.png')),
  ]);
  assert.equal(licence.status(), 201);
  await page.getByLabel('企业名称').fill('杭州云栖商贸有限公司');
  await page.getByLabel('统一社会信用代码').fill('91350100M000100Y43');
  await page.getByLabel('法定代表人').fill('王小明');
  await page.getByLabel('法人身份证号码').fill('110101199003070011');
  await screenshot(page, 'cert-manual-01-typed');
  const [sent] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/api/olEnterpriseCert') && r.request().method() === 'POST'),
    page.getByRole('button', { name: /提交认证/ }).click(),
  ]);
  assert.equal(sent.status(), 201);
  await page.getByTestId('cert-banner').getByText('待审核').waitFor();
  assert.equal(await page.getByText('请上传图片').count(), 0);
  await screenshot(page, 'cert-manual-02-pending');
  await page.context().close();
});
