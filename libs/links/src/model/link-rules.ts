import { randomInt } from 'node:crypto';
import { DOMAIN_PATTERN, LINK_LIMITS, RESERVED_SHORT_CODES, SHORT_CODE_PATTERN } from '@app/contracts';
import { LinksErrors } from './links.errors.js';

export const URL_MAX = 2048;
export const NAME_MAX = LINK_LIMITS.nameMax;
export const OG_TITLE_MAX = 200;
export const OG_DESCRIPTION_MAX = 500;
export const DEFAULT_LINK_NAME = 'Untitled Link';
export const GENERATED_CODE_LENGTH = 8;
const CODE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const RESERVED = new Set<string>(RESERVED_SHORT_CODES.map((c) => c.toLowerCase()));

/** Host name as compared everywhere: lowercased, without a trailing dot. */
export const normalizeHost = (host: string): string => host.toLowerCase().replace(/\.$/, '');

/**
 * An absolute http(s) URL a browser can be sent to: no other scheme (javascript:, data:, ftp:...), no user:password@
 * part (a classic way to disguise the real host), at most 2048 characters, and not pointing at one of our own
 * hosts (`forbiddenHost` says whether a host is the short host or a registered custom domain: a redirect loop).
 */
export function checkOriginalUrl(raw: string | undefined | null, forbiddenHost: (host: string) => boolean): string {
  const value = (raw ?? '').trim();
  if (!value) throw LinksErrors.invalidUrl();
  if (value.length > URL_MAX) throw LinksErrors.urlTooLong(URL_MAX);
  const url = parseHttpUrl(value);
  if (url.username || url.password) throw LinksErrors.urlCredentials();
  if (forbiddenHost(normalizeHost(url.hostname))) throw LinksErrors.urlOwnHost();
  // Stored and shown as the parser normalised it, the address visitors are really sent to (CR/LF/tab dropped).
  if (url.href.length > URL_MAX) throw LinksErrors.urlTooLong(URL_MAX);
  return url.href;
}

function parseHttpUrl(value: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw /^[a-z][a-z0-9+.-]*:/i.test(value) && !/^https?:/i.test(value) ? LinksErrors.urlScheme() : LinksErrors.invalidUrl();
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw LinksErrors.urlScheme();
  // `http:/host`, `https:host`, `http:\\host` parse, but a browser reads such a Location relative to our own host.
  if (!url.hostname || !/^https?:\/\//i.test(value)) throw LinksErrors.invalidUrl();
  return url;
}

/** Trimmed name; empty gives 'Untitled Link' on create (`required` on edit: 400). */
export function checkName(raw: string | undefined | null, required: boolean): string {
  const name = (raw ?? '').trim();
  if (!name) {
    if (required) throw LinksErrors.nameRequired();
    return DEFAULT_LINK_NAME;
  }
  if (name.length > NAME_MAX) throw LinksErrors.nameTooLong(NAME_MAX);
  return name;
}

/**
 * A custom short code: 1–64 of [A-Za-z0-9_-]; reserved words (case-insensitive) only where they collide. On the
 * default host every link is `/s/{code}`, so no code collides with anything; on a custom domain a link is `/{code}`,
 * where the redirector answers /healthz and /metrics itself, refuses /api and /src, reads /s/… as a default-host
 * link, and the web app (reached on such a host) keeps its own routes (docs/architecture.md "Short codes").
 */
export function checkShortCode(code: string, domainId: string | null): string {
  if (!SHORT_CODE_PATTERN.test(code)) throw LinksErrors.shortCodeFormat();
  if (domainId !== null && RESERVED.has(code.toLowerCase())) throw LinksErrors.shortCodeReserved(code);
  return code;
}

/** 8 characters from the 62 letters and digits, from the cryptographic random source. */
export function generateShortCode(): string {
  let code = '';
  for (let i = 0; i < GENERATED_CODE_LENGTH; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

export interface OpenGraph {
  ogTitle: string | null;
  ogDescription: string | null;
  ogImage: string | null;
}

/** Optional social preview; empty strings count as absent. */
export function checkOpenGraph(input: { ogTitle?: string | null; ogDescription?: string | null; ogImage?: string | null }): OpenGraph {
  const ogTitle = input.ogTitle?.trim() || null;
  const ogDescription = input.ogDescription?.trim() || null;
  const ogImage = input.ogImage?.trim() || null;
  if (ogTitle && ogTitle.length > OG_TITLE_MAX) throw LinksErrors.ogTitleTooLong(OG_TITLE_MAX);
  if (ogDescription && ogDescription.length > OG_DESCRIPTION_MAX) throw LinksErrors.ogDescriptionTooLong(OG_DESCRIPTION_MAX);
  if (ogImage) {
    if (ogImage.length > URL_MAX) throw LinksErrors.ogImageInvalid();
    try {
      const url = new URL(ogImage);
      if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname) throw new Error('scheme');
    } catch {
      throw LinksErrors.ogImageInvalid();
    }
  }
  return { ogTitle, ogDescription, ogImage };
}

/** A domain name (docs/product.md#validation): trimmed, without protocol, lowercased; at most 253 characters in all. */
export function checkDomainName(raw: string | undefined | null): string {
  const domain = normalizeHost((raw ?? '').trim());
  if (!domain || domain.length > 253 || !DOMAIN_PATTERN.test(domain)) throw LinksErrors.invalidDomain();
  return domain;
}
