/** The token of a `/share/{token}` address (docs/product.md "Shared stats"), or null for any other path. */
export function shareTokenFromPath(path: string): string | null {
  const match = /^\/share\/([^/]+)\/?$/.exec(path);
  if (!match) return null;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return match[1];
  }
}
