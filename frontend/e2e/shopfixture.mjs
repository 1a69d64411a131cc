// The shop's own order and goods maker (bff/cmd/shopfixture) for the browser tests: the console
// never creates orders, and its goods dialog gives no agency, so rows of the shop and of an
// agency are made by the shop's code in the stack's SQLite file. Also what the goods and orders
// tests share about their lists: the 渠道 picker and the pinned 操作 column.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { repo } from './harness.mjs';

/** The fixture's binary: SHOPFIXTURE_BIN, else built into work. */
export function shopFixture(work) {
  if (process.env.SHOPFIXTURE_BIN) return process.env.SHOPFIXTURE_BIN;
  const bin = join(work, 'shopfixture');
  execFileSync('go', ['build', '-o', bin, './bff/cmd/shopfixture'], { cwd: repo, stdio: 'inherit' });
  return bin;
}

/** Picks an agency in a shop list's 渠道 filter by typing part of its name or code; returns the option. */
export async function pickAgency(page, typed, name, { pick = true } = {}) {
  const box = page.getByRole('combobox', { name: '渠道' });
  await box.click();
  const answered = page.waitForResponse((r) => r.url().includes('/api/agencies/options') && new URL(r.url()).searchParams.get('blurry') === typed);
  await box.fill(typed);
  await answered; // the BFF is asked after typing pauses
  const option = page.locator('.ant-select-item-option').filter({ hasText: name });
  await option.waitFor();
  if (pick) await option.click();
  return option;
}

/**
 * Where `target` ends and the list's pinned 操作 column starts, in page pixels: at 1366 px a shop
 * list keeps what staff read (渠道, the tracking number) clear of that column.
 */
export async function besidePinnedActions(page, target) {
  const [box, pinned] = await Promise.all([target.boundingBox(), page.locator('.ant-table-thead th.ant-table-cell-fix-right').first().boundingBox()]);
  return { end: box.x + box.width, pinned: pinned.x };
}
