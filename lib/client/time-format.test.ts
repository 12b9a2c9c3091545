import { describe, expect, it } from 'vitest';
import { formatUtc } from './time';

describe('times on screen', () => {
  it('print in one format with the zone named, UTC for the server and the hover text', () => {
    expect(formatUtc(new Date('2026-11-24T22:05:20Z'))).toMatch(/^Nov 24, 2026, 10:05:20\sPM UTC$/);
    expect(formatUtc(new Date('2026-01-02T03:04:05Z'))).toMatch(/^Jan 2, 2026, 3:04:05\sAM UTC$/);
  });
});
