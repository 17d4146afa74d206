/** The product's own host names, set at build time (VITE_APP_HOSTS="app.example.com,s.example.com"). */
export function ownHosts(): string[] {
  const env = (import.meta as ImportMeta & { env?: Record<string, string | undefined> }).env;
  const raw = env?.VITE_APP_HOSTS ?? '';
  return raw.split(',').map((h) => h.trim()).filter(Boolean);
}
