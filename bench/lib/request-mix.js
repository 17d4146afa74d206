// A realistic redirect mix for the benches: many links, many client addresses (X-Forwarded-For, for TRUST_PROXY=1),
// several user agents and referers. Deterministic, so runs compare.
import { randomUUID } from 'node:crypto';
import { randomIpv4, rng } from './random.js';
import { addressPicker } from './visitors.js';

/** Requests in a mix: wrk cycles through them, so a visitor (link and address) comes back only after this many. */
export const MIX_REQUESTS = 40_000;

const AGENTS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.6 Safari/605.1.15',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.6 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
];
const REFERERS = ['', '', 'https://www.google.com/', 'https://t.co/abc', 'https://www.facebook.com/'];

/** Inserts `count` default-host links (codes bench1…) of one owner, with the given ids or random ones; returns their codes. */
export async function seedLinks(dataSource, count, ids = Array.from({ length: count }, () => randomUUID())) {
  await dataSource.query(
    `INSERT INTO links (id, owner_id, name, short_code, original_url, created_at, updated_at)
     SELECT id, $2::uuid, 'Bench ' || n, 'bench' || n, 'https://example.com/landing/' || n, now(), now()
     FROM unnest($1::uuid[]) WITH ORDINALITY AS x(id, n)`,
    [ids, randomUUID()],
  );
  return ids.map((_, i) => `bench${i + 1}`);
}

/**
 * `count` requests ({ path, headers }) spread evenly over the links, from visitors of the realistic model
 * (visitors.js: 20,000 addresses in 200 common places, 15% from 20,000 addresses anywhere), with the agents and
 * referers above.
 */
export function requestMix(codes, count = MIX_REQUESTS, seed = 7) {
  const rand = rng(seed);
  const pick = (list) => list[Math.floor(rand() * list.length)];
  const address = addressPicker(rand, { tail: Array.from({ length: 20_000 }, () => randomIpv4(rand)) });
  return Array.from({ length: count }, () => {
    const headers = { Host: 'localhost', 'User-Agent': pick(AGENTS), 'X-Forwarded-For': address() };
    const referer = pick(REFERERS);
    if (referer) headers.Referer = referer;
    return { path: `/s/${pick(codes)}`, headers };
  });
}

/** What a mix holds, for the benches' first line: e.g. "40,000 requests over 1,000 links from 13,932 addresses". */
export function mixSummary(requests) {
  const n = (x) => x.toLocaleString('en-US');
  const links = new Set(requests.map((r) => r.path)).size;
  const addresses = new Set(requests.map((r) => r.headers['X-Forwarded-For'])).size;
  return `${n(requests.length)} requests over ${n(links)} links from ${n(addresses)} X-Forwarded-For addresses (85% in 200 common places)`;
}
