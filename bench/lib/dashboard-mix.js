// The unfiltered dashboard calls a signed-in team member's browser makes (Dashboard, Analytics tabs, Link Analytics,
// exports), as the web app sends them: browser offset plus IANA zone, ranges of 7, 30 and 90 days and all time,
// table pages, recent-IP pages, sometimes the workspace named (the switcher). Deterministic, so runs compare.
import { rng } from './random.js';

/** [timezoneOffset (UTC − local, minutes, late November), IANA zone] of the callers. */
const ZONES = [
  [-330, 'Asia/Kolkata'],
  [-60, 'Europe/Berlin'],
  [300, 'America/New_York'],
  [0, 'UTC'],
];
const RANGES = [7, 30, 90];
const DIMENSIONS = ['country', 'city', 'device', 'browser', 'os', 'referrer', 'language', 'link'];

/** YYYY-MM-DD of `at` in `zone`. */
const localDate = (at, zone) => new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);

/**
 * `count` requests ({ kind, path, headers }) with the session's Bearer token (the web app's Authorization header; the
 * api reads no cookie): `links` are the caller's link ids, `workspaceId` their personal workspace.
 */
export function dashboardMix({ token, links, workspaceId, now = Date.now(), count = 600, seed = 11 }) {
  const rand = rng(seed);
  const pick = (list) => list[Math.floor(rand() * list.length)];
  const headers = { Authorization: `Bearer ${token}`, Accept: 'application/json', 'Accept-Encoding': 'gzip, br' };
  const kinds = [
    ['stats', 4, (q) => `/api/analytics/stats?${q}&compare=previous`],
    ['trends', 3, (q, r) => `/api/analytics/trends?${q}${r}`],
    ['daily-summary', 2, (q, r) => `/api/analytics/daily-summary?${q}${r}`],
    ['performance page', 3, (q, r) => `/api/analytics/performance?${q}${r}&page=${1 + Math.floor(rand() * 4)}&limit=25`],
    ['geographic', 2, (q, r) => `/api/analytics/geographic?${q}${r}`],
    ['breakdown', 4, (q, r) => `/api/analytics/breakdown?${q}${r}&dimension=${pick(DIMENSIONS)}`],
    ['recent-ip-activity', 2, (q) => `/api/analytics/recent-ip-activity?${q}&days=${pick([7, 14, 30])}&page=${1 + Math.floor(rand() * 5)}&limit=10`],
    ['link analytics', 3, (q, r, days) => `/api/links/${pick(links.slice(0, 20))}/analytics?${q}${days === 90 && rand() < 0.3 ? '&period=all' : r}`],
    ['export csv', 1, (q, r) => `/api/export/csv?${q}${r}`],
  ];
  const weighted = kinds.flatMap((k) => Array.from({ length: k[1] }, () => k));
  return Array.from({ length: count }, () => {
    const [kind, , path] = pick(weighted);
    const [offset, zone] = pick(ZONES);
    const days = pick(RANGES);
    const end = localDate(now, zone);
    const start = localDate(now - (days - 1) * 86_400_000, zone);
    const ws = rand() < 0.3 ? `&workspaceId=${workspaceId}` : '';
    const q = `timezoneOffset=${offset}&timeZone=${encodeURIComponent(zone)}${ws}`;
    return { kind, path: path(q, `&startDate=${start}&endDate=${end}`, days), headers };
  });
}
