export type ReferrerKind = 'social' | 'google' | 'other' | 'none';

const SOCIAL_HOSTS = [
  'facebook.com',
  'fb.com',
  'fb.me',
  'm.facebook.com',
  'l.facebook.com',
  'twitter.com',
  't.co',
  'x.com',
  'linkedin.com',
  'lnkd.in',
  'instagram.com',
  'reddit.com',
  'redd.it',
  'whatsapp.com',
  'wa.me',
  'telegram.org',
  't.me',
  'pinterest.com',
  'pin.it',
  'tiktok.com',
  'youtube.com',
  'youtu.be',
  'snapchat.com',
  'discord.com',
  'threads.net',
  'bsky.app',
  'mastodon.social',
  'tumblr.com',
  'vk.com',
];

function hostOf(referrer: string): string {
  const trimmed = referrer.trim().toLowerCase();
  try {
    return new URL(trimmed.includes('://') ? trimmed : `http://${trimmed}`).hostname.replace(/^www\./, '');
  } catch {
    return trimmed;
  }
}

function matches(host: string, domain: string): boolean {
  return host === domain || host.endsWith(`.${domain}`);
}

/** docs/product.md#recent-ip-activity: social sites one style, google another, anything else secondary, none 'Direct / No Referrer'. */
export function classifyReferrer(referrer: string | null | undefined): ReferrerKind {
  if (!referrer || !referrer.trim()) return 'none';
  const host = hostOf(referrer);
  if (/(^|\.)google\.[a-z.]+$/.test(host) || host === 'google') return 'google';
  if (SOCIAL_HOSTS.some((d) => matches(host, d))) return 'social';
  return 'other';
}

export const REFERRER_BADGE: Record<ReferrerKind, { colorPalette: string; variant: 'solid' | 'subtle' | 'outline' }> = {
  social: { colorPalette: 'purple', variant: 'solid' },
  google: { colorPalette: 'blue', variant: 'solid' },
  other: { colorPalette: 'gray', variant: 'subtle' },
  none: { colorPalette: 'gray', variant: 'outline' },
};

/** What the badge reads: the referrer's host, or 'Direct / No Referrer'. */
export function referrerLabel(referrer: string | null | undefined): string {
  return classifyReferrer(referrer) === 'none' ? 'Direct / No Referrer' : hostOf(referrer as string);
}

/** Distinct referrers on the page ('Referral Sources', docs/product.md#recent-ip-activity); direct visits are not a source. */
export function distinctReferrers(records: { referrer: string | null }[]): number {
  return new Set(records.filter((r) => classifyReferrer(r.referrer) !== 'none').map((r) => hostOf(r.referrer as string))).size;
}
