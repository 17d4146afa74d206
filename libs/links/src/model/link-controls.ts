import {
  LINK_LIMITS,
  LINK_RULE_TYPES,
  REDIRECT_TYPES,
  RULE_DEVICES,
  RULE_OSES,
  UTM_KEYS,
  type LinkControlsRequest,
  type LinkRule,
  type LinkUtm,
  type LinkVariant,
  type RedirectType,
  AppError,
} from '@app/contracts';

import { checkOriginalUrl } from './link-rules.js';

/** The redirect controls as stored in `links.controls` (JSON, API shape; absent keys = not set). */
export interface StoredControls {
  expiresAt?: string;
  expiredUrl?: string;
  maxClicks?: number;
  redirectType?: RedirectType;
  rules?: LinkRule[];
  variants?: LinkVariant[];
  utm?: LinkUtm;
}
export const CONTROL_KEYS = ['expiresAt', 'expiredUrl', 'maxClicks', 'redirectType', 'rules', 'variants', 'utm'] as const;
export type ControlKey = (typeof CONTROL_KEYS)[number];

/**
 * A validated change: a key absent = unchanged, null = removed. `password` is the plain text to hash (the
 * handler hashes it; only the opaque id of the stored hash enters the aggregate).
 */
export type ControlsPatch = { [K in ControlKey]?: StoredControls[K] | null } & { tags?: string[] | null; password?: string | null };

type ForbiddenHostCheck = (host: string) => boolean;
const bad = (field: string, rule: string) => new AppError(400, `${field}: ${rule}`, 'INVALID_LINK_CONTROL');
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/;
const COUNTRY = /^[A-Z]{2}$/;
const LANGUAGE = /^[a-z]{2,3}$/;

function url(field: string, raw: unknown, forbidden: ForbiddenHostCheck): string {
  if (typeof raw !== 'string') throw bad(field, 'must be an http:// or https:// URL.');
  try {
    return checkOriginalUrl(raw, forbidden);
  } catch (err) {
    throw bad(field, `must be an http:// or https:// URL that is not one of this service's short links (${(err as Error).message})`);
  }
}

/** Validates every §1 field present in `req` (a PUT body or a create body); throws 400 naming the field and rule. */
export function checkControls(req: LinkControlsRequest, forbidden: ForbiddenHostCheck): ControlsPatch {
  const p: ControlsPatch = {};
  const r = req as Record<string, unknown>;
  const has = (k: string) => r[k] !== undefined;
  if (has('expiresAt')) {
    const v = r.expiresAt;
    if (v === null) p.expiresAt = null;
    else if (typeof v !== 'string' || !ISO_DATE_TIME.test(v) || Number.isNaN(Date.parse(v)))
      throw bad('expiresAt', 'must be an ISO 8601 date-time with a time zone (e.g. 2026-12-31T23:59:00Z) or null.');
    else p.expiresAt = new Date(v).toISOString();
  }
  if (has('expiredUrl')) p.expiredUrl = r.expiredUrl === null ? null : url('expiredUrl', r.expiredUrl, forbidden);
  if (has('maxClicks')) {
    const v = r.maxClicks;
    if (v === null) p.maxClicks = null;
    else if (typeof v !== 'number' || !Number.isInteger(v) || v < 1 || v > 2_147_483_647)
      throw bad('maxClicks', 'must be a whole number of at least 1, or null.');
    else p.maxClicks = v;
  }
  if (has('password')) {
    const v = r.password;
    if (v === null) p.password = null;
    else if (typeof v !== 'string' || v.length < LINK_LIMITS.passwordMin || v.length > LINK_LIMITS.passwordMax)
      throw bad('password', `must be ${LINK_LIMITS.passwordMin} to ${LINK_LIMITS.passwordMax} characters, or null.`);
    else p.password = v;
  }
  if (has('redirectType')) {
    const v = r.redirectType;
    if (v === null) p.redirectType = null;
    else if (!(REDIRECT_TYPES as readonly unknown[]).includes(v)) throw bad('redirectType', 'must be 301, 302, 307 or 308.');
    else p.redirectType = v as RedirectType;
  }
  if (has('rules')) p.rules = r.rules === null ? null : checkRules(r.rules, forbidden);
  if (has('variants')) p.variants = r.variants === null ? null : checkVariants(r.variants, forbidden);
  if (has('utm')) p.utm = r.utm === null ? null : checkUtm(r.utm);
  if (has('tags')) p.tags = r.tags === null ? null : checkTags(r.tags);
  return p;
}

function checkRules(v: unknown, forbidden: ForbiddenHostCheck): LinkRule[] {
  if (!Array.isArray(v)) throw bad('rules', 'must be an array of {type, values, url}, or null.');
  if (v.length > LINK_LIMITS.rulesMax) throw bad('rules', `at most ${LINK_LIMITS.rulesMax} rules.`);
  return v.map((rule, i) => {
    const f = `rules[${i}]`;
    if (!isObject(rule)) throw bad(f, 'must be an object {type, values, url}.');
    const extra = Object.keys(rule).find((k) => !['type', 'values', 'url'].includes(k));
    if (extra) throw bad(`${f}.${extra}`, 'is not a rule field (type, values, url).');
    const type = rule.type;
    if (!(LINK_RULE_TYPES as readonly unknown[]).includes(type)) throw bad(`${f}.type`, 'must be country, device, os or language.');
    if (!Array.isArray(rule.values) || rule.values.length === 0 || rule.values.length > 50)
      throw bad(`${f}.values`, 'must be a list of 1 to 50 values.');
    const values = rule.values.map((raw, j) => {
      const vf = `${f}.values[${j}]`;
      if (typeof raw !== 'string') throw bad(vf, 'must be text.');
      switch (type) {
        case 'country': {
          const c = raw.trim().toUpperCase();
          if (!COUNTRY.test(c)) throw bad(vf, 'must be an ISO 3166 alpha-2 country code such as GB.');
          return c;
        }
        case 'device': {
          const d = RULE_DEVICES.find((x) => x === raw.trim().toLowerCase());
          if (!d) throw bad(vf, `must be one of ${RULE_DEVICES.join(', ')}.`);
          return d;
        }
        case 'os': {
          const o = RULE_OSES.find((x) => x.toLowerCase() === raw.trim().toLowerCase());
          if (!o) throw bad(vf, `must be one of ${RULE_OSES.join(', ')}.`);
          return o;
        }
        default: {
          const l = raw.trim().toLowerCase();
          if (!LANGUAGE.test(l)) throw bad(vf, 'must be a primary language tag such as de.');
          return l;
        }
      }
    });
    return { type: type as LinkRule['type'], values: [...new Set(values)], url: url(`${f}.url`, rule.url, forbidden) };
  });
}

function checkVariants(v: unknown, forbidden: ForbiddenHostCheck): LinkVariant[] {
  const { variantsMin: min, variantsMax: max } = LINK_LIMITS;
  if (!Array.isArray(v) || v.length < min || v.length > max) throw bad('variants', `must be ${min} to ${max} variants {url, weight}, or null.`);
  const out = v.map((variant, i) => {
    const f = `variants[${i}]`;
    if (!isObject(variant)) throw bad(f, 'must be an object {url, weight}.');
    const extra = Object.keys(variant).find((k) => k !== 'url' && k !== 'weight');
    if (extra) throw bad(`${f}.${extra}`, 'is not a variant field (url, weight).');
    const w = variant.weight;
    if (typeof w !== 'number' || !Number.isInteger(w) || w < 1 || w > 100) throw bad(`${f}.weight`, 'must be a whole number from 1 to 100.');
    return { url: url(`${f}.url`, variant.url, forbidden), weight: w };
  });
  const sum = out.reduce((s, x) => s + x.weight, 0);
  if (sum !== 100) throw bad('variants', `weights must sum to 100 (they sum to ${sum}).`);
  return out;
}

function checkUtm(v: unknown): LinkUtm | null {
  if (!isObject(v)) throw bad('utm', 'must be an object {source, medium, campaign, term, content}, or null.');
  const out: LinkUtm = {};
  for (const [k, raw] of Object.entries(v)) {
    if (!(UTM_KEYS as readonly string[]).includes(k)) throw bad(`utm.${k}`, `is not a UTM field (${UTM_KEYS.join(', ')}).`);
    if (raw === null || raw === undefined) continue;
    if (typeof raw !== 'string' || raw.length > LINK_LIMITS.utmValueMax)
      throw bad(`utm.${k}`, `must be text of at most ${LINK_LIMITS.utmValueMax} characters.`);
    const value = raw.trim();
    if (value) out[k as keyof LinkUtm] = value;
  }
  return Object.keys(out).length ? out : null;
}

function checkTags(v: unknown): string[] {
  if (!Array.isArray(v) || v.length > LINK_LIMITS.tagsMax) throw bad('tags', `must be a list of at most ${LINK_LIMITS.tagsMax} tags.`);
  const tags = v.map((t, i) => {
    const tag = typeof t === 'string' ? t.trim() : '';
    if (tag.length < LINK_LIMITS.tagMin || tag.length > LINK_LIMITS.tagMax)
      throw bad(`tags[${i}]`, `must be text of ${LINK_LIMITS.tagMin} to ${LINK_LIMITS.tagMax} characters.`);
    return tag;
  });
  return [...new Set(tags)];
}
