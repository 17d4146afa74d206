/** First token of a user agent, or 'Unknown browser'. */
export function browserToken(userAgent: string | null | undefined): string {
  const first = (userAgent ?? '').trim().split(/\s+/)[0];
  return first || 'Unknown browser';
}

/** Names cut at 15 characters plus '...'. */
export function truncateName(name: string, max = 15): string {
  return name.length > max ? `${name.slice(0, max)}...` : name;
}

/** The top `n` items by count and, when any are left, one "Other" item holding the rest's count. */
export function topAndOther(items: { name: string; count: number }[], n: number): { name: string; count: number }[] {
  const sorted = [...items].sort((a, b) => b.count - a.count);
  const rest = sorted.slice(n).reduce((s, i) => s + i.count, 0);
  return rest > 0 ? [...sorted.slice(0, n), { name: 'Other', count: rest }] : sorted.slice(0, n);
}
