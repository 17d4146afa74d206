/** A click as minted by the redirector; `id` is unique and makes re-delivery harmless. */
export interface ClickEvent {
  id: string;
  linkId: string;
  /** ISO instant of the redirect. */
  at: string;
  ip: string;
  userAgent: string;
  referer: string;
  host: string;
  /** Visit through the QR code (`?qr=1`): stored with referrer `qr`. */
  qr?: true;
  /** Index of the A/B variant the visitor was sent to. */
  variant?: number;
  /** The visitor's Accept-Language header as sent (cut short); the worker keeps its primary tag. */
  acceptLanguage?: string;
}
/** The clicks of one micro-batch as the worker decodes a job of queue `clicks` (the job itself is a compact batch). */
export interface ClickBatchJob {
  clicks: ClickEvent[];
}
/** What the redirector needs to answer, as cached in Redis and the LRU. */
export interface CachedLink {
  id: string;
  url: string;
  ogTitle: string | null;
  ogDescription: string | null;
  ogImage: string | null;
  /** Link controls (docs/product.md#link-controls); absent on a plain link, so the plain redirect does no extra work. */
  x?: CachedControls;
  /**
   * Set by the redirector, never stored in Redis: a destination of this link is one of our own hosts (a loop or a
   * chain back to us), so its redirects carry the hop marker (`apps/redirector/loop-guard.ts`).
   */
  leadsHome?: true;
}
/** The redirect-time controls of a link as cached for the redirector (`links.controls` plus hasPassword). */
export interface CachedControls {
  /** Epoch ms. */
  expiresAt?: number;
  expiredUrl?: string;
  maxClicks?: number;
  hasPassword?: boolean;
  redirectType?: 301 | 302 | 307 | 308;
  rules?: { type: 'country' | 'device' | 'os' | 'language'; values: string[]; url: string }[];
  variants?: { url: string; weight: number }[];
  utm?: Partial<Record<'source' | 'medium' | 'campaign' | 'term' | 'content', string>>;
}
