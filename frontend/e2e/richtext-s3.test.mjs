// Rich text with object storage: the BFF keeps files in an S3 bucket (a versitygw started for the
// run, BFF_STORAGE=s3://uploads). A pasted picture is posted by the browser straight to the bucket
// under the policy the BFF signed, and shown from the BFF's read path.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { newPage, screenshot, suite } from './harness.mjs';
import { noErrors, pastePicture, signIn } from './flows.mjs';

const ctx = suite({ s3: true, env: { BFF_DEMO: 'off', BFF_SETUP_TOKEN: 'e2e-setup-token-0123456789-0123456789' } });
const { skip } = ctx;

test('/init 店铺简介 with object storage: the picture goes straight to the bucket and is read through the BFF', { skip }, async () => {
  const { stack, browser } = ctx;
  const page = await newPage(browser);
  const throughBFF = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/api/contract/upload')) throughBFF.push(r.url());
  });
  await page.goto(`${stack.bffURL}/login`);
  await signIn(page, 'admin', stack.passwords.admin);
  await page.waitForURL(/\/dashboard$/);
  await page.goto(`${stack.bffURL}/init`);
  const editor = page.getByRole('textbox', { name: '富文本编辑器' });
  await editor.waitFor();
  const [policy, posted] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/api/files/imagePolicy')),
    page.waitForResponse((r) => r.url().startsWith(stack.s3URL) && r.request().method() === 'POST'),
    pastePicture(page, editor),
  ]);
  const p = await policy.json();
  assert.equal(p.storage, 's3');
  assert.equal(posted.url(), p.url);
  assert.equal(posted.status(), 204, 'the bucket stored the picture');
  const img = editor.locator('img');
  await img.waitFor();
  assert.ok((await img.getAttribute('src')).endsWith(p.readUrl), 'the editor shows the picture at its BFF read path');
  await page.waitForFunction((el) => el.complete && el.naturalWidth === 120, await img.elementHandle());
  assert.deepEqual(throughBFF, [], 'the picture did not pass the BFF');
  await screenshot(page, 'richtext-s3-01-direct-upload');
  noErrors(page);
});
