/** A key family: `family(...params)` is one query's key, `family.all` every query of the family (to refresh them). */
function family<R extends string>(root: R) {
  const key = <P extends readonly unknown[]>(...params: P) => [root, ...params] as const;
  return Object.assign(key, { all: [root] as const, root });
}

/**
 * Every query key of the web app, once: a query's key is its family's root, then what the answer depends on
 * (`queryKeys.links(tz, params)`); a change refreshes whole families (`invalidates: [queryKeys.links.all]` in
 * `useApiMutation`, the live updates' `LIVE_QUERY_FAMILIES`). No query or refresh spells a root by hand.
 */
export const queryKeys = {
  stats: family('stats'),
  trends: family('trends'),
  dailySummary: family('daily-summary'),
  /** The Dashboard's own reads under filters: `['dashboard', 'top-links', …]`. */
  dashboard: family('dashboard'),
  /** The Analytics screen's tabs: `['analytics', 'breakdown' | 'geographic' | 'performance', …]`. */
  analytics: family('analytics'),
  linkAnalytics: family('link-analytics'),
  ipSummary: family('ip-summary'),
  recentIpActivity: family('recent-ip-activity'),
  links: family('links'),
  linkQr: family('link-qr'),
  linkByCode: family('link-by-code'),
  shares: family('shares'),
  /** A shared stats page as its public visitor sees it. */
  sharedAnalytics: family('shared-analytics'),
  tags: family('tags'),
  domains: family('domains'),
  workspaces: family('workspaces'),
  workspaceMembers: family('workspace-members'),
  workspaceInvitations: family('workspace-invitations'),
  workspaceActivity: family('workspace-activity'),
  apiKeys: family('api-keys'),
  webhooks: family('webhooks'),
  webhookDeliveries: family('webhook-deliveries'),
  imports: family('import'),
  adminUsers: family('admin-users'),
  health: family('health'),
  systemStatus: family('system-status'),
  authOptions: family('auth-options'),
  sessions: family('auth-sessions'),
};

/** The families of the caller rather than of a workspace: kept when the user switches workspace. */
export const ACCOUNT_QUERY_ROOTS: string[] = [queryKeys.workspaces.root, queryKeys.authOptions.root, queryKeys.sessions.root];

/** What a new, changed or deleted link makes stale: every links list, the tag list, the stat cards. */
export const LINK_CHANGES = [queryKeys.links.all, queryKeys.tags.all, queryKeys.stats.all];
