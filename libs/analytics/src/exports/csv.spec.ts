import { csvCell, toCsv } from './csv.js';

describe('CSV', () => {
  it('quotes every cell, doubles quotes and ends lines with CRLF', () => {
    expect(
      toCsv([
        ['a', 'say "hi", ok'],
        [1, null],
      ]),
    ).toBe('"a","say ""hi"", ok"\r\n"1",""\r\n');
  });
  it('neutralises cells a spreadsheet would run as formulas', () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    for (const s of ['+1', '-2', '@cmd', '\tx', '\rx']) expect(csvCell(s).startsWith(`"'`)).toBe(true);
    expect(csvCell(-5)).toBe('"-5"');
  });
});
