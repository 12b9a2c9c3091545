import { describe, expect, it } from 'vitest';
import { csvField, toCsv } from './csv';

describe('toCsv', () => {
  it('writes a header row, CRLF line ends and quotes only the fields that need it', () => {
    const text = toCsv(
      ['id', 'amount_minor', 'amount'],
      [
        ['part_1', 125000n, 'USD 1,250.00'],
        ['say "hi"', 5, 'line\nbreak'],
        ['', null, undefined],
      ],
    );
    expect(text).toBe(
      'id,amount_minor,amount\r\npart_1,125000,"USD 1,250.00"\r\n"say ""hi""",5,"line\nbreak"\r\n,,\r\n',
    );
  });

  it('neutralises text a spreadsheet would run as a formula, but not negative numbers', () => {
    expect(csvField('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    expect(csvField('+1 555')).toBe("'+1 555");
    expect(csvField('@sum')).toBe("'@sum");
    expect(csvField('-1500')).toBe('-1500');
    expect(csvField(-12.5)).toBe('-12.5');
  });
});
