// Deterministic randomness for the benches, so runs with the same seed seed the same data and compare.

/** Pseudo-random numbers in [0, 1) from a 32-bit seed (mulberry32). */
export function rng(seed) {
  return () => {
    seed |= 0;
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** An IPv4 address drawn evenly from 1.0.0.1–222.255.255.254. */
export function randomIpv4(rand) {
  return `${1 + Math.floor(rand() * 222)}.${Math.floor(rand() * 256)}.${Math.floor(rand() * 256)}.${1 + Math.floor(rand() * 254)}`;
}
