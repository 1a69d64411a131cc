// Upload on a real page (the leave request's 附件): over the size limit, over the count limit (the
// 提示 warning stays open), a real upload to the BFF, and removal with the file gone.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { newPage, screenshot, suite } from './harness.mjs';
import { signIn, noErrors } from './flows.mjs';

const ctx = suite();
const { skip } = ctx;

// a real 1×1 picture; padding after its end makes the large one
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const png = (name, size = PNG.length) => ({ name, mimeType: 'image/png', buffer: Buffer.concat([PNG, Buffer.alloc(Math.max(size - PNG.length, 0))]) });

test('附件 upload in the 请假 form on /applyForm: size limit, count limit with 提示, upload, remove', { skip }, async () => {
  const { stack, browser } = ctx;
  const page = await newPage(browser);
  await page.goto(`${stack.bffURL}/applyForm`);
  await signIn(page, 'staff', stack.passwords.demo);
  await page.waitForURL(/\/applyForm$/);
  await page.getByRole('list', { name: '人事' }).getByRole('listitem', { name: '请假' }).click();
  const add = page.getByRole('button', { name: '附件' });
  await add.waitFor();
  await page.getByText('最多 10 个文件，每个不超过 5MB').waitFor();
  const input = () => page.locator('input[type=file]');

  await input().setInputFiles(png('big.png', 5 * 1024 * 1024 + 1));
  await page.getByText('上传图片大小不能超过 5 MB!').waitFor();
  assert.equal(await page.locator('.ant-upload-list-item').count(), 0, 'nothing listed');
  await screenshot(page, 'upload-01-too-big');

  await input().setInputFiles(Array.from({ length: 11 }, (_, i) => png(`p${i}.png`)));
  const hint = page.locator('.ant-notification-notice').filter({ hasText: '最多只能上传10个文件，如需上传多个文件，请打包成一个压缩包一起上传' });
  await hint.waitFor();
  await hint.getByText('提示').waitFor();
  await page.waitForTimeout(5000);
  assert.ok(await hint.isVisible(), 'the 提示 warning does not close by itself');
  await screenshot(page, 'upload-02-over-limit');
  await hint.locator('.ant-notification-notice-close').click();
  await hint.waitFor({ state: 'hidden' });

  const [res] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/api/contract/upload')),
    input().setInputFiles(png('请假证明.png')),
  ]);
  assert.equal(res.status(), 201);
  const body = await res.json();
  assert.equal(body.originalName, '请假证明.png');

  const item = page.locator('.ant-upload-list-item-done').filter({ hasText: '请假证明.png' });
  await item.waitFor();
  await page.locator('.ant-upload-list-item-uploading').waitFor({ state: 'detached' });
  const file = await fetch(`${stack.bffURL}${body.readUrl}`);
  assert.equal(file.headers.get('content-type'), 'image/png');
  assert.equal(file.headers.get('x-content-type-options'), 'nosniff');
  await screenshot(page, 'upload-03-uploaded');

  await item.hover();
  const [del] = await Promise.all([
    page.waitForResponse((r) => r.url().includes('/api/actattach/delete/')),
    item.getByRole('button', { name: /delete|删除/i }).click(),
  ]);
  assert.equal(del.status(), 200);
  await add.waitFor();
  assert.equal((await fetch(`${stack.bffURL}${body.readUrl}`)).status, 404, 'the file is gone');
  noErrors(page);
  await page.context().close();
});
