// Where the benches' clicks come from: client addresses, drawn the way real traffic spreads over places.
// One model for every bench (analytics seeding, the wrk request mix, the ingest statement).
import { createGeoLookup } from '../../dist/libs/clicks/src/index.js';
import { randomIpv4, rng } from './random.js';

/**
 * Returns () => an IPv4 address.
 * uniform (the hard case): one of `tail` addresses drawn evenly from the whole IPv4 internet, so every click may come
 * from any of thousands of places, far more places than real links see.
 * realistic: 85% of clicks from 200 common places (the GeoLite2 cities most addresses of the internet map to),
 * Zipf-weighted by rank (a few big cities carry most clicks), `perPlace` addresses each; 15% from the uniform tail.
 * `rand` drives the draws; the places themselves are always the same (their own seed).
 */
export function addressPicker(rand, { mode = 'realistic', tail, perPlace = 100 }) {
  const pick = (list) => list[Math.floor(rand() * list.length)];
  if (mode === 'uniform') return () => pick(tail);
  const placeOf = createGeoLookup();
  const byPlace = new Map();
  const placeRand = rng(11);
  for (let i = 0; i < 100_000; i++) {
    const ip = randomIpv4(placeRand);
    const g = placeOf(ip);
    if (!g.city) continue;
    const key = `${g.countryCode}|${g.region}|${g.city}`;
    if (!byPlace.has(key)) byPlace.set(key, []);
    byPlace.get(key).push(ip);
  }
  const places = [...byPlace.values()]
    .sort((a, b) => b.length - a.length)
    .slice(0, 200)
    .map((ips) => ips.slice(0, perPlace));
  const cumulative = [];
  places.reduce((sum, _, r) => (cumulative.push(sum + 1 / (r + 1)), sum + 1 / (r + 1)), 0);
  const totalWeight = cumulative[cumulative.length - 1];
  return () => {
    if (rand() < 0.15) return pick(tail);
    const x = rand() * totalWeight;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid] < x) lo = mid + 1;
      else hi = mid;
    }
    return pick(places[lo]);
  };
}
