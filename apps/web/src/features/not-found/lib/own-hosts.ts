/** The product's own host names, set at build time (VITE_APP_HOSTS="app.example.com,s.example.com"). */
export function ownHosts(): string[] {
  const raw: string = import.meta.env?.VITE_APP_HOSTS ?? '';
  return raw.split(',').map((h: string) => h.trim()).filter(Boolean);
}
