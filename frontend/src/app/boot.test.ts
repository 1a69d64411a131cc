import { describe, expect, it } from 'vitest';
import { openingPath } from './boot';

describe('openingPath', () => {
  it('is the router path inside the basename, home for the root', () => {
    expect(openingPath('/', '')).toBe('/dashboard');
    expect(openingPath('/system/user', '')).toBe('/system/user');
    expect(openingPath('/monomer', '/monomer')).toBe('/dashboard');
    expect(openingPath('/monomer/', '/monomer')).toBe('/dashboard');
    expect(openingPath('/monomer/dashboard', '/monomer')).toBe('/dashboard');
    expect(openingPath('/monomer/login', '/monomer')).toBe('/login');
  });

  it("is null on a host's own page", () => {
    expect(openingPath('/', '/monomer')).toBeNull();
    expect(openingPath('/monomerx/dashboard', '/monomer')).toBeNull();
    expect(openingPath('/about', '/monomer')).toBeNull();
  });
});
