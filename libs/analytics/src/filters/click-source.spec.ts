import { sourceFor } from './click-source.js';

/** Which rollup answers a filtered read (decision 0008): the smallest that holds every column it needs. */
describe('sourceFor', () => {
  it.each([
    ['', {}, false, 'owner clicks'],
    ['', { device: 'mobile' }, true, 'owner device'],
    ['', { language: 'de' }, false, 'owner language'],
    ['', { referrer: 'direct', qr: 'false' }, false, 'owner referrer'],
    ['', { country: 'US' }, true, 'owner country_code'],
    ['language', {}, false, 'owner language'],
    ['device', { device: 'mobile' }, false, 'owner device'],
    ['country_code, country', {}, false, 'owner geography'],
    ['country_code, country, region, city', { country: 'US' }, false, 'owner geography'],
    ['', { country: 'US', device: 'mobile' }, false, 'raw clicks'],
    ['', { language: 'de', tag: 'spring' }, false, 'raw clicks'],
    ['', { device: 'mobile', tag: 'spring' }, false, 'link technology'],
    ['link_id', { device: 'mobile' }, false, 'link technology'],
    ['link_id', { language: 'de' }, false, 'raw clicks'],
  ] as const)('reads %j under %j (by day: %s) from %s', (columns, filters, byDay, name) => {
    expect(sourceFor(columns, filters, byDay).name).toBe(name);
  });
});
