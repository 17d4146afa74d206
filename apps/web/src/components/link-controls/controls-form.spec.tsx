import { describe, expect, it } from '@jest/globals';
import type { LinkDto } from '@app/contracts';
import { controlsFromLink, controlsRequest, EMPTY_CONTROLS, type ControlsForm } from './controls-form';
import { fromLocalInput, toLocalInput } from './local-datetime';
import { addTag } from './tags';
import { utmPreview } from './utm';
import { validateControls, variantsError } from './validation';

const NOW = new Date('2026-11-23T12:00:00Z');
const form = (patch: Partial<ControlsForm>): ControlsForm => ({ ...EMPTY_CONTROLS, ...patch });

describe('UTM preview', () => {
  it('adds the utm_ parameters to a destination without a query', () => {
    expect(utmPreview('https://example.com/spring', { source: 'newsletter', medium: 'email', campaign: 'spring sale' })).toBe(
      'https://example.com/spring?utm_source=newsletter&utm_medium=email&utm_campaign=spring+sale',
    );
  });
  it('keeps the existing query and replaces the same utm keys there', () => {
    expect(utmPreview('https://shop.example/p?id=7&utm_source=old#top', { source: 'qr', content: 'banner' })).toBe(
      'https://shop.example/p?id=7&utm_source=qr&utm_content=banner#top',
    );
  });
  it('leaves the URL as it is without utm and gives null for an invalid URL', () => {
    expect(utmPreview(' https://example.com/a?b=1 ', null)).toBe('https://example.com/a?b=1');
    expect(utmPreview('example.com', { source: 'x' })).toBeNull();
    expect(utmPreview('ftp://example.com', { source: 'x' })).toBeNull();
  });
});

describe('variant editor validation', () => {
  const v = (...weights: string[]) => weights.map((weight, i) => ({ url: `https://example.com/${i}`, weight }));
  it('accepts 2–4 variants whose weights add up to 100', () => {
    expect(variantsError([])).toBeNull();
    expect(variantsError(v('50', '50'))).toBeNull();
    expect(variantsError(v('34', '33', '33'))).toBeNull();
    expect(variantsError(v('25', '25', '25', '25'))).toBeNull();
  });
  it('says what the weights add up to when it is not 100', () => {
    expect(variantsError(v('50', '40'))).toBe('Weights must add up to 100% (now 90%).');
    expect(variantsError(v('60', '50'))).toBe('Weights must add up to 100% (now 110%).');
  });
  it('refuses one variant, five variants, a bad URL and a weight outside 1–100', () => {
    expect(variantsError(v('100'))).toMatch(/at least 2 variants/);
    expect(variantsError(v('20', '20', '20', '20', '20'))).toBe('At most 4 variants.');
    expect(
      variantsError([
        { url: 'not a url', weight: '50' },
        { url: 'https://e.com', weight: '50' },
      ]),
    ).toBe('Variant 1: enter a full http(s) URL.');
    expect(variantsError(v('100', '0'))).toBe('Variant 2: weight must be a whole number from 1 to 100.');
    expect(variantsError(v('', '100'))).toBe('Variant 1: weight must be a whole number from 1 to 100.');
  });
});

describe('link controls validation', () => {
  it('finds every bad field with a message', () => {
    const errors = validateControls(
      form({
        expiresAt: '2026-11-20T10:00',
        expiredUrl: 'nope',
        maxClicks: '0',
        password: 'abc',
        rules: [{ type: 'country', values: 'United Kingdom', url: 'https://example.com/uk' }],
        variants: [
          { url: 'https://example.com/a', weight: '70' },
          { url: 'https://example.com/b', weight: '20' },
        ],
        utm: { ...EMPTY_CONTROLS.utm, campaign: 'x'.repeat(101) },
      }),
      'create',
      NOW,
    );
    expect(errors).toEqual({
      expiresAt: 'The expiry must be in the future.',
      expiredUrl: 'Enter a full http(s) URL.',
      maxClicks: 'Enter a whole number of 1 or more.',
      password: 'The password must be 8 to 128 characters.',
      rules: 'Rule 1: countries are 2-letter codes such as GB, US, DE.',
      variants: 'Weights must add up to 100% (now 90%).',
      utm: 'utm_campaign is longer than 100 characters.',
    });
  });
  it('checks that rules have values and a destination', () => {
    expect(validateControls(form({ rules: [{ type: 'device', values: ' ', url: 'https://e.com' }] }), 'create').rules).toBe(
      'Rule 1: choose at least one device.',
    );
    expect(validateControls(form({ rules: [{ type: 'language', values: 'de, fr', url: '' }] }), 'create').rules).toBe(
      'Rule 1: enter a full http(s) destination URL.',
    );
    expect(validateControls(form({ rules: [{ type: 'country', values: 'gb, IE', url: 'https://e.com/uk' }] }), 'create')).toEqual({});
    expect(validateControls(form({ rules: [{ type: 'os', values: 'iOS, BeOS', url: 'https://e.com/x' }] }), 'create').rules).toBe(
      'Rule 1: systems are iOS, Android, Windows, macOS, Linux.',
    );
    expect(validateControls(form({ rules: [{ type: 'device', values: 'phone', url: 'https://e.com/x' }] }), 'create').rules).toBe(
      'Rule 1: devices are desktop, mobile, tablet.',
    );
  });
  it('an empty form is valid; a past expiry is allowed when editing (the link is simply expired)', () => {
    expect(validateControls(EMPTY_CONTROLS, 'create', NOW)).toEqual({});
    expect(validateControls(form({ expiresAt: '2026-11-20T10:00' }), 'edit', NOW)).toEqual({});
  });
});

describe('tags', () => {
  it('adds trimmed tags once, up to 10 of at most 32 characters', () => {
    expect(addTag(['spring'], '  launch ')).toEqual({ tags: ['spring', 'launch'] });
    expect(addTag(['spring'], 'SPRING')).toEqual({ tags: ['spring'] });
    expect(addTag(['spring'], '   ')).toEqual({ tags: ['spring'] });
    expect(addTag([], 'x'.repeat(33))).toEqual({ tags: [], error: 'A tag is at most 32 characters.' });
    const ten = Array.from({ length: 10 }, (_, i) => `t${i}`);
    expect(addTag(ten, 'eleven')).toEqual({ tags: ten, error: 'At most 10 tags.' });
  });
});

describe('request building', () => {
  it('create sends only what is set, with the expiry as an ISO instant', () => {
    expect(controlsRequest(EMPTY_CONTROLS, 'create')).toEqual({});
    const req = controlsRequest(
      form({
        expiresAt: '2026-12-24T18:30',
        maxClicks: '5',
        password: 'open-sesame',
        redirectType: 301,
        variants: [
          { url: ' https://example.com/a ', weight: '50' },
          { url: 'https://example.com/b', weight: '50' },
        ],
        rules: [
          { type: 'os', values: 'ios, Android', url: 'https://example.com/app' },
          { type: 'country', values: 'gb', url: 'https://example.com/uk' },
        ],
        utm: { ...EMPTY_CONTROLS.utm, source: ' qr ' },
        tags: ['spring'],
      }),
      'create',
    );
    expect(req).toEqual({
      expiresAt: new Date('2026-12-24T18:30').toISOString(),
      maxClicks: 5,
      password: 'open-sesame',
      redirectType: 301,
      variants: [
        { url: 'https://example.com/a', weight: 50 },
        { url: 'https://example.com/b', weight: 50 },
      ],
      rules: [
        { type: 'os', values: ['iOS', 'Android'], url: 'https://example.com/app' },
        { type: 'country', values: ['GB'], url: 'https://example.com/uk' },
      ],
      utm: { source: 'qr' },
      tags: ['spring'],
    });
  });
  it('edit sends every field, null for cleared ones, and the password only when typed or removed', () => {
    expect(controlsRequest(EMPTY_CONTROLS, 'edit')).toEqual({
      expiresAt: null,
      expiredUrl: null,
      maxClicks: null,
      redirectType: 302,
      rules: null,
      variants: null,
      utm: null,
      tags: null,
    });
    expect(controlsRequest(form({ password: 'new-pass' }), 'edit').password).toBe('new-pass');
    expect(controlsRequest(form({ removePassword: true }), 'edit').password).toBeNull();
    expect('password' in controlsRequest(EMPTY_CONTROLS, 'edit')).toBe(false);
  });
  it('fills the form from a link and round-trips the expiry through the local date-time input', () => {
    const link = {
      expiresAt: '2026-12-24T18:30:00.000Z',
      expiredUrl: 'https://example.com/over',
      maxClicks: 100,
      hasPassword: true,
      redirectType: 307,
      rules: [{ type: 'country', values: ['GB', 'IE'], url: 'https://example.com/uk' }],
      variants: [
        { url: 'https://example.com/a', weight: 60 },
        { url: 'https://example.com/b', weight: 40 },
      ],
      utm: { source: 'mail' },
      tags: ['a', 'b'],
    } as unknown as LinkDto;
    const f = controlsFromLink(link);
    expect(f).toMatchObject({ expiredUrl: 'https://example.com/over', maxClicks: '100', password: '', redirectType: 307, tags: ['a', 'b'] });
    expect(f.rules).toEqual([{ type: 'country', values: 'GB, IE', url: 'https://example.com/uk' }]);
    expect(f.variants).toEqual([
      { url: 'https://example.com/a', weight: '60' },
      { url: 'https://example.com/b', weight: '40' },
    ]);
    expect(f.utm.source).toBe('mail');
    expect(fromLocalInput(toLocalInput(link.expiresAt))).toBe(link.expiresAt);
    expect(fromLocalInput('')).toBeNull();
  });
});
