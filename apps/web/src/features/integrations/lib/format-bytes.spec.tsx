import { describe, expect, it } from '@jest/globals';
import { formatBytes } from '../components/FileDropArea';

describe('formatBytes', () => {
  it('B below 1000, then kB and MB with one decimal', () => {
    expect([0, 999, 1000, 15_360, 999_999, 1_000_000, 20_971_520].map(formatBytes)).toEqual([
      '0 B',
      '999 B',
      '1.0 kB',
      '15.4 kB',
      '1000.0 kB',
      '1.0 MB',
      '21.0 MB',
    ]);
  });
});
