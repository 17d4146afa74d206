import type { IncomingMessage } from 'node:http';
import { createGeoLookup, createAgentLookup, languageTags } from '@app/clicks';
import { variantCookieName, type CachedControls } from '@app/contracts';

/** What the rules look at, computed lazily: the GeoLite2 lookup only runs for a link with a country rule. */
export interface Visitor {
  ip: string;
  userAgent: string;
  req: IncomingMessage;
}

export interface DestinationChoice {
  url: string;
  /** Index of the variant chosen (undefined when a rule or originalUrl decided). */
  variant?: number;
  /** Set-Cookie value to keep the visitor on their variant. */
  setCookie?: string;
}

let geo: ((ip: string) => { countryCode: string | null }) | undefined;
let geoPath: string | undefined;
/** The GeoLite2 file the worker uses (GEOIP_DB), opened on the first country rule only. */
export function configureGeo(path: string | undefined): void {
  geoPath = path;
}
function countryOf(ip: string): string | null {
  geo ??= createGeoLookup(geoPath);
  return geo(ip).countryCode;
}
let agent: ReturnType<typeof createAgentLookup> | undefined;
const agentOf = (ua: string) => (agent ??= createAgentLookup())(ua);

/** ua-parser's OS names → the five of docs/product.md#link-controls. */
function osOf(ua: string): string | null {
  const os = agentOf(ua).os;
  if (!os) return null;
  if (os === 'iOS' || os === 'Android' || os === 'Windows') return os;
  if (os === 'Mac OS' || os === 'macOS') return 'macOS';
  if (/linux|ubuntu|debian|fedora|mint|arch|gentoo|centos|red hat|suse|kubuntu/i.test(os)) return 'Linux';
  return null;
}
function deviceOf(ua: string): string {
  const d = agentOf(ua).device;
  return d === 'mobile' || d === 'tablet' ? d : 'desktop';
}
/** Primary tags of Accept-Language in the visitor's order (q=0 left out): the worker's parse of the same header. */
const languagesOf = (req: IncomingMessage): string[] => languageTags(req.headers['accept-language']);

export function isBotAgent(ua: string): boolean {
  return ua !== '' && agentOf(ua).isBot;
}

function ruleMatches(rule: NonNullable<CachedControls['rules']>[number], v: Visitor): boolean {
  switch (rule.type) {
    case 'country': {
      const c = countryOf(v.ip);
      return c !== null && rule.values.includes(c);
    }
    case 'device':
      return rule.values.includes(deviceOf(v.userAgent));
    case 'os': {
      const os = osOf(v.userAgent);
      return os !== null && rule.values.includes(os);
    }
    case 'language': {
      // The visitor's first language that any rule value names decides (Accept-Language order).
      const langs = languagesOf(v.req);
      return langs.some((l) => rule.values.includes(l));
    }
  }
}

function cookieValue(req: IncomingMessage, name: string): string | undefined {
  const header = req.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq !== -1 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

const VARIANT_COOKIE_MAX_AGE = 30 * 24 * 3600;

/** The order of docs/product.md#link-controls: first matching rule, else a (sticky) weighted variant, else originalUrl; then utm. */
export function chooseDestination(originalUrl: string, x: CachedControls, code: string, v: Visitor, random = Math.random): DestinationChoice {
  let choice: DestinationChoice | undefined;
  if (x.rules) {
    for (const rule of x.rules) {
      if (ruleMatches(rule, v)) {
        choice = { url: rule.url };
        break;
      }
    }
  }
  if (!choice && x.variants && x.variants.length > 0) {
    const name = variantCookieName(code);
    const kept = cookieValue(v.req, name);
    let index = kept !== undefined && /^\d$/.test(kept) ? Number(kept) : -1;
    let setCookie: string | undefined;
    if (index < 0 || index >= x.variants.length) {
      const roll = random() * 100;
      let sum = 0;
      index = x.variants.length - 1;
      for (let i = 0; i < x.variants.length; i++) {
        sum += x.variants[i].weight;
        if (roll < sum) {
          index = i;
          break;
        }
      }
      setCookie = `${name}=${index}; Max-Age=${VARIANT_COOKIE_MAX_AGE}; Path=/; HttpOnly; SameSite=Lax`;
    }
    choice = { url: x.variants[index].url, variant: index, setCookie };
  }
  choice ??= { url: originalUrl };
  if (x.utm) choice.url = withUtm(choice.url, x.utm);
  choice.url = asciiLocation(choice.url);
  return choice;
}

/** A Location header takes visible ASCII only. */
export function asciiLocation(url: string): string {
  if (!/[^\x21-\x7e]/.test(url)) return url;
  try {
    return new URL(url).href;
  } catch {
    return encodeURI(url);
  }
}

/** Adds utm_* to the URL's query string, replacing the same keys there and keeping every other parameter. */
export function withUtm(url: string, utm: NonNullable<CachedControls['utm']>): string {
  try {
    const u = new URL(url);
    for (const [k, value] of Object.entries(utm)) if (value) u.searchParams.set(`utm_${k}`, value);
    return u.href;
  } catch {
    return url;
  }
}
