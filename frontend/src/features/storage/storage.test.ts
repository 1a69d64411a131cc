import { describe, expect, it } from 'vitest';
import { humanSize } from './api';

describe('storage', () => {
  it('shows sizes as a person reads them', () => {
    expect(humanSize(0)).toBe('0 B');
    expect(humanSize(1023)).toBe('1023 B');
    expect(humanSize(1536)).toBe('1.5 KB');
    expect(humanSize(5 << 20)).toBe('5.0 MB');
  });
});
