import { readHeaders } from './request-headers.js';

describe('readHeaders', () => {
  it('finds the five headers in any case and joins repeated X-Forwarded-For', () => {
    const raw = [
      'HOST',
      'Go.Brand.test',
      'User-Agent',
      'UA/1',
      'accept',
      '*/*',
      'Referer',
      'https://r.example/',
      'X-Forwarded-For',
      '1.1.1.1',
      'x-forwarded-for',
      '2.2.2.2',
      'ACCEPT-LANGUAGE',
      'fr-CH, fr;q=0.9',
    ];
    expect(readHeaders(raw)).toEqual({
      host: 'Go.Brand.test',
      userAgent: 'UA/1',
      referer: 'https://r.example/',
      forwardedFor: '1.1.1.1, 2.2.2.2',
      acceptLanguage: 'fr-CH, fr;q=0.9',
    });
    expect(readHeaders([])).toEqual({
      host: undefined,
      userAgent: undefined,
      referer: undefined,
      forwardedFor: undefined,
      acceptLanguage: undefined,
    });
  });
});
