/** Country flag emoji from a 2-letter country code (regional indicator symbols); a globe otherwise. */
export function countryFlag(countryCode: string | null | undefined): string {
  if (!countryCode || !/^[A-Za-z]{2}$/.test(countryCode)) return '🌐';
  return String.fromCodePoint(...[...countryCode.toUpperCase()].map((c) => 0x1f1e6 + c.charCodeAt(0) - 65));
}

/** First token of a user agent, or 'Unknown browser'. */
export function browserToken(userAgent: string | null | undefined): string {
  const first = (userAgent ?? '').trim().split(/\s+/)[0];
  return first || 'Unknown browser';
}

/** Names cut at 15 characters plus '...'. */
export function truncateName(name: string, max = 15): string {
  return name.length > max ? `${name.slice(0, max)}...` : name;
}
