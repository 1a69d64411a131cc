import { test } from 'node:test';
import { suite, newPage, screenshot } from './harness.mjs';
import { signInAt } from './flows.mjs';
const s = suite({ portal: true, env: { BFF_DEMO_SHOP: 'on' } });
const pages = { contract: '/channel/contract', template: '/channel/contractTemplate', agency: '/channel/agency', order: '/mall/order', dict: '/system/dict' };
test('explore', { skip: s.skip }, async () => {
  for (const vp of [{ width: 1366, height: 768 }, { width: 390, height: 844 }]) {
    const page = await newPage(s.browser, { viewport: vp });
    await signInAt(page, s.stack.bffURL, 'admin', s.stack.passwords.admin);
    for (const [name, path] of Object.entries(pages)) {
      await page.goto(`${s.stack.bffURL}${path}`);
      await page.locator('.ant-table-row, .ant-empty, .ant-list-item').first().waitFor({ timeout: 15000 }).catch(() => {});
      await page.waitForTimeout(800);
      await screenshot(page, `explore-${vp.width}-${name}`);
      const heads = await page.evaluate(() => [...document.querySelectorAll('.ant-table-thead th')].map((th) => { const r = th.getBoundingClientRect(); return `${th.textContent}:${Math.round(r.left)}-${Math.round(r.right)}`; }).join(' | '));
      console.log(vp.width, name, heads);
    }
    await page.close();
  }
});
