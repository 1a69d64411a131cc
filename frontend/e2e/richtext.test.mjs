// Rich text on a real page: /init's 店铺简介, typed, made bold and red, with a picture, a table and
// full screen. A pasted picture is uploaded to the BFF's upload endpoint and shown in the editor;
// before anyone has signed in there is no owner for a file, so the page says how to get one
// instead of uploading.
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
  // the typed words: bold and red
  await page.keyboard.press('Shift+Home');
  await page.getByRole('button', { name: '加粗' }).click();
  await page.getByRole('button', { name: '文字颜色' }).click();
  await page.getByRole('button', { name: '#f5222d' }).click();
  await editor.locator('strong', { hasText: '好物优选，' }).waitFor();
  // back in the text (the palette had the focus), to the end of the line, a new paragraph
  // (Enter only once the editor has taken the caret move: pressed at once, it replaced the words)
  await editor.press('End');
  await page.waitForFunction(() => document.querySelector('.ProseMirror').editor.state.selection.empty);
  await editor.press('Enter');
  const [res] = await Promise.all([page.waitForResponse((r) => r.url().endsWith('/api/contract/upload')), pastePicture(page, editor)]);
  assert.equal(res.status(), 201);
  const { readUrl } = await res.json();
  const img = editor.locator('img');
  await img.waitFor();
  assert.ok((await img.getAttribute('src')).endsWith(readUrl), 'the editor shows the uploaded file');
  await page.waitForFunction((el) => el.complete && el.naturalWidth === 120, await img.elementHandle());
  // a table after the picture, its heading row filled in
  await page.getByRole('button', { name: '表格' }).click();
  await page.getByRole('menuitem', { name: '插入表格' }).click();
  await editor.locator('table th').first().waitFor();
  assert.equal(await editor.locator('img').count(), 1, 'the table went after the picture, not over it');
  await page.keyboard.type('规格');
  await page.keyboard.press('Tab');
  await page.keyboard.type('价格');
  await page.getByRole('button', { name: '表格' }).click();
  await page.getByRole('menuitem', { name: '下方插入行' }).click();
  assert.equal(await editor.locator('table tr').count(), 4, 'a row was added');
  // a picture dropped on the first line is uploaded too and lands there
  const [dropped] = await Promise.all([page.waitForResponse((r) => r.url().endsWith('/api/contract/upload')), pastePicture(page, editor, 'drop')]);
  assert.equal(dropped.status(), 201);
  await editor.locator('img').nth(1).waitFor();
  const order = await editor.evaluate((el) => [...el.children].map((c) => c.tagName.toLowerCase()).slice(0, 3).join(' '));
  assert.match(order, /^(p img|img p)/, `the dropped picture is at the top: ${order}`);
  await screenshot(page, 'richtext-01-init-intro');

  // full screen covers the page; Esc leaves it
  await page.getByRole('button', { name: '全屏' }).click();
  const box = await page.locator('.monomer-richtext').boundingBox();
  const view = page.viewportSize();
  assert.deepEqual([box.x, box.y, box.width, box.height], [0, 0, view.width, view.height], 'full screen fills the window');
  await screenshot(page, 'richtext-02-fullscreen');
  await page.keyboard.press('Escape');
  await page.locator('.monomer-richtext:not([data-fullscreen])').waitFor();

  await page.getByLabel('初始化令牌').fill(setupToken);
  await page.getByLabel('用户名').fill('boss');
  await page.getByLabel('昵称').fill('店长');
  await page.getByLabel('邮箱').fill('boss@example.com');
  await page.getByLabel('密码', { exact: true }).fill('boss-pass-1');
  await page.getByLabel('确认密码').fill('boss-pass-1');
  await page.getByLabel('商城名称').fill('好物商城');
  await page.getByLabel('联系电话').fill('13800000009');
  const [setup] = await Promise.all([
    page.waitForRequest((r) => r.url().endsWith('/api/init') && r.method() === 'POST'),
    page.getByRole('button', { name: '完成初始化' }).click(),
  ]);
  const intro = setup.postDataJSON().shopIntro;
  assert.match(intro, /<p><span style="color: rgb\(245, 34, 45\);"><strong>好物优选，<\/strong><\/span><\/p>/, intro);
  assert.ok(intro.includes(`<img src="${stack.bffURL}${readUrl}" alt="logo.png">`) || intro.includes(`<img src="${readUrl}" alt="logo.png">`), `the introduction keeps the picture: ${intro}`);
  assert.match(intro, /<table><tbody><tr><th><p>规格<\/p><\/th><th><p>价格<\/p><\/th><th><p><\/p><\/th><\/tr>(<tr>(<td><p><\/p><\/td>){3}<\/tr>){3}<\/tbody><\/table>/, intro);
  // /init signs the new administrator in (issue 16): straight to the dashboard
  await page.waitForURL(/\/dashboard$/);
  noErrors(page);
});
