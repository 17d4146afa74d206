/**
 * The product's own host names. The api writes them into index.html at run time (APP_URL and SHORT_BASE_URL, as
 * <meta name="linkpulse-own-hosts">), so one build serves any deployment; VITE_APP_HOSTS (build time, comma
 * separated) still adds hosts, e.g. for the Vite dev server.
 */
export const OWN_HOSTS_META = 'linkpulse-own-hosts';

export function ownHosts(doc: Document | undefined = typeof document === 'undefined' ? undefined : document): string[] {
  const fromServer = doc?.querySelector(`meta[name="${OWN_HOSTS_META}"]`)?.getAttribute('content') ?? '';
  const fromBuild: string = import.meta.env?.VITE_APP_HOSTS ?? '';
  return [...fromServer.split(','), ...fromBuild.split(',')].map((h: string) => h.trim()).filter(Boolean);
}
