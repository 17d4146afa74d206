/** First token of a user agent, or 'Unknown browser'. */
export function browserToken(userAgent: string | null | undefined): string {
  const first = (userAgent ?? '').trim().split(/\s+/)[0];
  return first || 'Unknown browser';
}

/** Names cut at 15 characters plus '...'. */
export function truncateName(name: string, max = 15): string {
  return name.length > max ? `${name.slice(0, max)}...` : name;
}
