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
    ['', { country: 'US', device: 'mobile' }, false, 'owner country_code+device'],
    ['', { country: 'US', device: 'mobile' }, true, 'owner country_code+device'],
    ['country_code, country', { device: 'mobile' }, false, 'owner country_code+device'],
    ['device', { language: 'de' }, false, 'owner device+language'],
    ['language', { referrer: 'direct', qr: 'false' }, false, 'owner referrer+language'],
    ['language', { country: 'US', device: 'mobile' }, false, 'link bits'],
    ['country', { device: 'mobile' }, false, 'link bits'],
    ['country_code, country, region, city', { device: 'mobile' }, false, 'owner place+device'],
    ['country_code, country, region, city', { country: 'US', language: 'de' }, false, 'owner place+language'],
    ['region', { referrer: 'direct', qr: 'false' }, false, 'owner place+referrer'],
    ['browser', { city: 'Berlin' }, false, 'owner place+browser'],
    ['', { region: 'Bavaria', os: 'iOS' }, true, 'owner place+os'],
    ['country_code, country, region, city', { device: 'mobile', language: 'de' }, false, 'raw clicks'],
    ['city', { country: 'US', device: 'mobile', tag: 'spring' }, false, 'raw clicks'],
    ['', { country: 'US', device: 'mobile', tag: 'spring' }, false, 'link bits'],
    ['', { country: 'US', device: 'mobile', language: 'de' }, true, 'link bits'],
    ['', { language: 'de', tag: 'spring' }, false, 'link bits'],
    ['', { device: 'mobile', tag: 'spring' }, true, 'link bits'],
    ['link_id', { device: 'mobile' }, false, 'link bits'],
    ['link_id', { language: 'de' }, true, 'link bits'],
    ['link_id', { country: 'US' }, false, 'link bits'],
    ['link_id', { referrer: 'direct', qr: 'false' }, false, 'link bits'],
    ['language', { tag: 'spring' }, false, 'link bits'],
    ['link_id', { country: 'US', device: 'mobile' }, false, 'link bits'],
    ['link_id, country_code, country', { referrer: 'direct', qr: 'false', language: 'de' }, true, 'link bits'],
    ['link_id', { city: 'Berlin', device: 'mobile' }, false, 'raw clicks'],
    ['country_code, country', { tag: 'spring' }, false, 'link bits'],
    ['country_code, country, region, city', { tag: 'spring' }, false, 'link geography'],
    ['browser, os, device, referrer', { linkId: 'x' }, false, 'link bits'],
  ] as const)('reads %j under %j (by day: %s) from %s', (columns, filters, byDay, name) => {
    expect(sourceFor(columns, filters, byDay).name).toBe(name);
  });
});
