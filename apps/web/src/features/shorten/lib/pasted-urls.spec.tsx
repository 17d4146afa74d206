import { describe, expect, it } from '@jest/globals';
import { pastedUrls, tooMany } from './pasted-urls';

describe('pasted URLs', () => {
  it('takes one URL per line, trimmed, skipping blank lines but keeping line numbers', () => {
    expect(pastedUrls(' https://a.example \r\n\nhttps://b.example\n   \nnot a url')).toEqual([
      { url: 'https://a.example', line: 1 },
      { url: 'https://b.example', line: 3 },
      { url: 'not a url', line: 5 },
    ]);
  });

  it('refuses more than 1000 at once', () => {
    expect(tooMany(1000)).toBeNull();
    expect(tooMany(1001)).toBe('Paste at most 1000 URLs at a time (1001 pasted).');
  });
});
