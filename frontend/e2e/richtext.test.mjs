// Rich text on a real page: /init's 店铺简介. A pasted picture is uploaded to the BFF's upload
// endpoint and shown in the editor; before anyone has signed in there is no owner for a file, so
// the page says how to get one instead of uploading.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { newPage, screenshot, suite } from './harness.mjs';
import { signIn, noErrors, pastePicture } from './flows.mjs';

const setupToken = 'e2e-setup-token-0123456789-0123456789';
const ctx = suite({ env: { BFF_DEMO: 'off', BFF_SETUP_TOKEN: setupToken } });
const { skip } = ctx;

test('/init 店铺简介: a pasted picture is uploaded and shown, the introduction is sent with the setup', { skip }, async () => {
  const { stack, browser } = ctx;
  const page = await newPage(browser);
  const uploads = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/api/contract/upload')) uploads.push(r.method());
  });

  // Not signed in: no upload, the reason is shown.
  await page.goto(`${stack.bffURL}/init`);
  const editor = page.getByRole('textbox', { name: '富文本编辑器' });
  await editor.waitFor();
  await pastePicture(page, editor);
  await page.getByText('上传图片需要先用初始管理员密码登录').waitFor();
  assert.deepEqual(uploads, []);

  // Signed in with the seeded administrator's password: the picture goes to the upload endpoint.
  await page.goto(`${stack.bffURL}/login`);
  await signIn(page, 'admin', stack.passwords.admin);
  await page.waitForURL(/\/dashboard$/);
  await page.goto(`${stack.bffURL}/init`);
  await editor.waitFor();
  await editor.click();
  await page.keyboard.type('好物优选，');
  const [res] = await Promise.all([page.waitForResponse((r) => r.url().endsWith('/api/contract/upload')), pastePicture(page, editor)]);
  assert.equal(res.status(), 201);
  const { readUrl } = await res.json();
  const img = editor.locator('img');
  await img.waitFor();
  assert.ok((await img.getAttribute('src')).endsWith(readUrl), 'the editor shows the uploaded file');
  await page.waitForFunction((el) => el.complete && el.naturalWidth === 120, await img.elementHandle());
  await screenshot(page, 'richtext-01-init-intro');

  await page.getByLabel('初始化令牌').fill(setupToken);
  await page.getByLabel('用户名').fill('boss');
  await page.getByLabel('昵称').fill('店长');
  await page.getByLabel('邮箱').fill('boss@example.com');
  await page.getByLabel('密码', { exact: true }).fill('boss-pass-1');
  await page.getByLabel('确认密码').fill('boss-pass-1');
  await page.getByLabel('商城名称').fill('好物商城');
  const [setup] = await Promise.all([
    page.waitForRequest((r) => r.url().endsWith('/api/init') && r.method() === 'POST'),
    page.getByRole('button', { name: '完成初始化' }).click(),
  ]);
  const intro = setup.postDataJSON().shopIntro;
  assert.match(intro, /好物优选/);
  assert.ok(intro.includes(readUrl), `the introduction keeps the picture: ${intro}`);
  await page.waitForURL(/\/login/);
  noErrors(page);
});
