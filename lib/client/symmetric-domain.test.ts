import { describe, expect, it } from 'vitest';
import { symmetricDomain } from './symmetric-domain';

describe('the net positions value axis', () => {
  it('is symmetric around zero for one bar, so its ticks differ', () => {
    expect(symmetricDomain([{ net: -2710.5 }])).toEqual([-5000, 5000]);
    expect(symmetricDomain([{ net: 70 }, { net: -20 }, { net: -50 }])).toEqual([-100, 100]);
  });
  it('rounds the bound up to 1, 2, 2.5 or 5 times a power of ten', () => {
    expect(symmetricDomain([{ net: 1.2 }])).toEqual([-2, 2]);
    expect(symmetricDomain([{ net: 2.2 }])).toEqual([-2.5, 2.5]);
    expect(symmetricDomain([{ net: 0.004 }])).toEqual([-0.005, 0.005]);
    expect(symmetricDomain([{ net: 1000 }])).toEqual([-1000, 1000]);
  });
  it('has a unit domain when every position is zero or there are none', () => {
    expect(symmetricDomain([])).toEqual([-1, 1]);
    expect(symmetricDomain([{ net: 0 }])).toEqual([-1, 1]);
  });
});
