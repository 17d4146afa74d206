import type { CachedControls } from './clicks.js';
/** The Redis key layout, in one place. Every key starts with the deployment prefix (REDIS_PREFIX). */
export const DEFAULT_HOST_KEY = '_';
export const redisKeys = (prefix: string) => ({
  /**
   * JSON CachedLink for (host, code); host is DEFAULT_HOST_KEY on the default short host, else the lowercased custom
   * domain. `{host:code}` is a hash tag: on a Redis Cluster a link's entry and its miss marker share a slot, so one
   * MULTI updates both.
   */
  link: (host: string, code: string) => `${prefix}:link:{${host}:${code}}`,
  /** Negative cache marker for a miss, short TTL (same hash tag as the link). */
  linkMiss: (host: string, code: string) => `${prefix}:miss:{${host}:${code}}`,
  /** Pub/sub channel of InvalidationMessage (invalidations.ts): a link changed or was deleted, or the domains changed. */
  invalidationChannel: `${prefix}:link-invalidate`,
  /** Pub/sub channel: live click summaries published by the worker. */
  liveChannel: `${prefix}:live`,
  /** Redirects a link with maxClicks has used (single key: works on Redis Cluster). */
  linkUses: (linkId: string) => `${prefix}:uses:${linkId}`,
  /** Password tries of one address group (IPv4, IPv6 /64) on one link (15-minute window; `{linkId}` is a hash tag). */
  passwordTries: (linkId: string, group: string) => `${prefix}:pwtries:{${linkId}}:${group}`,
  /** Password tries on one link from every address (same window and slot as passwordTries). */
  passwordTriesOfLink: (linkId: string) => `${prefix}:pwtries:{${linkId}}:*all`,
  /** Rate-limit counter. */
  rateLimit: (scope: string, id: string) => `${prefix}:rl:${scope}:${id}`,
  /** BullMQ prefix for queues. */
  bullPrefix: `${prefix}:bull`,
  /** link.clicked webhooks: clicks waiting for the next batch of one webhook and link (a list of JSON clicks). */
  webhookClicks: (webhookId: string, linkId: string) => `${prefix}:wh-clicks:${webhookId}:${linkId}`,
  /** link.clicked webhooks: set while a batch of one webhook and link is scheduled (at most one per second). */
  webhookClickWindow: (webhookId: string, linkId: string) => `${prefix}:wh-window:${webhookId}:${linkId}`,
  /** Deliveries of one workspace in flight (a sorted set: delivery id → lease end in ms), at most WEBHOOK_OWNER_CONCURRENCY. */
  webhookOwnerSlots: (ownerId: string) => `${prefix}:wh-slots:${ownerId}`,
  /** Pub/sub channel: import progress published by the worker (JSON {ownerId, event}). */
  importProgressChannel: `${prefix}:import-progress`,
  /** Pub/sub channel: bulk action progress published by the worker (JSON {ownerId, event}). */
  bulkActionProgressChannel: `${prefix}:bulk-action-progress`,
  /** Pub/sub channel: a workspace changed (JSON WorkspaceChangeMessage): members' sockets join, leave and refresh. */
  workspaceChannel: `${prefix}:workspace-changes`,
  /**
   * Clicks the workers stored in one second (epoch seconds), kept two minutes (stored-clicks.ts, operations). One
   * hash tag for all: on a Redis Cluster a minute of them is read with one MGET.
   */
  clicksStored: (epochSecond: number) => `${prefix}:stored:{clicks-stored}:${epochSecond}`,
  /** A two-factor sign-in waiting for its code (hash: userId, account, tries), by the SHA-256 of the challenge; 5 minutes. */
  twoFactorChallenge: (challengeHash: string) => `${prefix}:2fa:${challengeHash}`,
  /** A single sign-on flow between the redirect to the provider and its callback (state, PKCE verifier, nonce); 10 minutes. */
  oidcFlow: (flowHash: string) => `${prefix}:oidc-flow:${flowHash}`,
  /** A finished single sign-on (user id or the message to show), taken once by the web app; 2 minutes. */
  oidcResult: (resultHash: string) => `${prefix}:oidc-result:${resultHash}`,
  /** Heartbeats of running processes: hash of id → last seen ms. */
  heartbeats: `${prefix}:heartbeats`,
});

/**
 * `CachedLink.x` from the read model (`links.controls` JSON and whether a password is set); undefined for a plain
 * link, so the redirector's plain path sees no `x` at all.
 */
export function cachedControlsOf(
  controls: (Omit<CachedControls, 'expiresAt' | 'hasPassword'> & { expiresAt?: string }) | null,
  hasPassword: boolean,
): CachedControls | undefined {
  if (!controls && !hasPassword) return undefined;
  const { expiresAt, ...rest } = controls ?? {};
  const x: CachedControls = { ...rest };
  if (expiresAt) x.expiresAt = Date.parse(expiresAt);
  if (hasPassword) x.hasPassword = true;
  return Object.keys(x).length ? x : undefined;
}
