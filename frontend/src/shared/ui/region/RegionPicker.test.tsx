import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RegionPicker, loadRegions, regionPath } from './RegionPicker';

function Held({ initial, seen }: { initial?: string; seen: string[] }) {
  const [v, setV] = useState(initial);
  return (
    <RegionPicker
      id="region"
      value={v}
      onChange={(next) => {
        seen.push(next);
        setV(next);
      }}
    />
  );
}

describe('RegionPicker', { timeout: 30_000 }, () => {
  it('reads a stored region, and free text of older rows, as names', () => {
    expect(regionPath('浙江省/杭州市/西湖区')).toEqual(['浙江省', '杭州市', '西湖区']);
    expect(regionPath(' 江苏省 / 南京市 ')).toEqual(['江苏省', '南京市']);
    expect(regionPath('杭州')).toEqual(['杭州']);
    expect(regionPath('')).toEqual([]);
  });

  it('offers the provinces, cities and districts', async () => {
    const all = await loadRegions();
    expect(all).toHaveLength(31);
    const zj = all.find((p) => p.value === '浙江省')!;
    expect(zj.children!.find((c) => c.value === '杭州市')!.children!.map((d) => d.value)).toContain('西湖区');
  });

  it('picks a district by typing part of its name and stores the path as text', async () => {
    const user = userEvent.setup();
    const seen: string[] = [];
    render(<Held seen={seen} />);
    await loadRegions();
    await user.click(screen.getByRole('combobox'));
    await user.keyboard('西湖区');
    await user.click(await screen.findByText((_, el) => el?.textContent === '浙江省 / 杭州市 / 西湖区' && el.tagName === 'LI'));
    await waitFor(() => expect(seen.at(-1)).toBe('浙江省/杭州市/西湖区'));
    expect(screen.getByTitle('浙江省 / 杭州市 / 西湖区')).toBeInTheDocument();
  });

  it('shows an older row’s free text as it was written', async () => {
    render(<Held initial="江苏省/南京市" seen={[]} />);
    await loadRegions();
    expect(await screen.findByTitle('江苏省 / 南京市')).toBeInTheDocument();
  });
});
