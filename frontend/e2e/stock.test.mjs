// 库存流水 end to end against the real BFF with the demo shop: the ledger lists the demo orders'
// reservations; 入库 through the dialog (a SKU found by its code) books a row at the top and the
// reason filter finds it; an order's 详情 shows the stock its lines took.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { newPage, screenshot, suite } from './harness.mjs';
import { signInAt, noErrors } from './flows.mjs';

const ctx = suite({ env: { BFF_DEMO_SHOP: 'on' } });

const ok = /确\s*定/;

test('库存流水: the demo ledger, an arrival booked through the dialog, an order’s stock moves', { skip: ctx.skip, timeout: 180_000 }, async () => {
  const { bffURL, passwords } = ctx.stack;
  const page = await newPage(ctx.browser);
  try {
    await signInAt(page, bffURL, 'admin', passwords.admin);
    await page.goto(`${bffURL}/mall/stock`);
    const rows = page.locator('.ant-table-tbody tr.ant-table-row');
    await rows.first().waitFor();
    await page.getByText('下单锁定').first().waitFor();
    await screenshot(page, 'stock-ledger');

    // the first SKU code of the list (a goods' own code, or code-NN for one of its several SKUs:
    // which demo order is newest depends on the day), then 入库 of 5 for it
    const code = (await rows.first().locator('td').nth(2).innerText()).trim();
    assert.match(code, /^[A-Z]+-\d{4}(-\d{2})?$/);
    await page.getByRole('button', { name: /入\s*库/ }).click();
    const dialog = page.getByRole('dialog').filter({ hasText: '商品规格' });
    await dialog.getByLabel('入库数量').waitFor();
    const picker = dialog.getByRole('combobox', { name: '商品规格' });
    await picker.click();
    await picker.fill(code);
    await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').filter({ hasText: code }).first().click();
    await dialog.getByText(/当前库存：\d+/).first().waitFor();
    await dialog.getByLabel('入库数量').fill('5');
    await dialog.getByLabel('原因').fill('补货到货');
    await screenshot(page, 'stock-adjust-dialog');
    await dialog.getByRole('button', { name: ok }).last().click();
    await page.getByText('库存已更新').first().waitFor();
    const top = rows.first();
    await top.filter({ hasText: '手工入库' }).waitFor();
    assert.match(await top.innerText(), /\+5/);
    assert.match(await top.innerText(), /补货到货/);

    // the reason filter
    await page.getByRole('combobox', { name: '变动原因' }).click();
    await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').filter({ hasText: '手工入库' }).click();
    await page.getByRole('button', { name: /查\s*询/ }).click();
    await page.getByText('共 1 条').first().waitFor();
    await screenshot(page, 'stock-ledger-manual-in');

    // an order's 详情: its lines' SKUs and the stock they took
    await page.goto(`${bffURL}/look?type=order&id=1`);
    const moves = page.locator('.ant-card').filter({ hasText: '库存流水' });
    await moves.getByText('下单锁定').first().waitFor();
    await screenshot(page, 'stock-order-look');
    noErrors(page);
  } catch (err) {
    await screenshot(page, 'stock-failed');
    throw err;
  } finally {
    await page.close();
  }
});
