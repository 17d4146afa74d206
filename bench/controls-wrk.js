// node bench/controls-wrk.js — wrk against built redirectors: a plain link on BEFORE_DIST (a build of the base
// commit) and on this build's dist/, alternating rounds, then a link with rules + variants on this build.
// Needs wrk on PATH, DATABASE_URL (migrated by this script), REDIS_URL, REDIS_PREFIX, REDIRECT_PORT.
//   BEFORE_DIST=/tmp/lp12-before/dist DATABASE_URL=... REDIS_PREFIX=lpi12 REDIRECT_PORT=8120 node bench/controls-wrk.js
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { connectPostgres, ensureDatabase, migrate } from '../dist/libs/database/src/index.js';
import { startProcess, stopProcess } from './lib/processes.js';
import { deleteKeysUnder } from './lib/redis-keys.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const port = process.env.REDIRECT_PORT ?? '8120';
const before = process.env.BEFORE_DIST;
const databaseUrl = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = process.env.REDIS_PREFIX ?? 'lpi12';
const UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';
if (!before || !databaseUrl) throw new Error('set BEFORE_DIST and DATABASE_URL');

await ensureDatabase(databaseUrl);
const ds = await connectPostgres(databaseUrl, { poolSize: 2 });
await migrate(ds);
await ds.query(`DELETE FROM links WHERE short_code IN ('bplain', 'bctl')`);
const insert = (code, controls) =>
  ds.query(
    `INSERT INTO links (id, owner_id, name, short_code, original_url, controls, created_at, updated_at) VALUES ($1, $2, 'Bench', $3, 'https://example.com/landing?a=1', $4, now(), now())`,
    [randomUUID(), randomUUID(), code, controls ? JSON.stringify(controls) : null],
  );
await insert('bplain', null);
await insert('bctl', {
  rules: [
    { type: 'country', values: ['GB', 'DE'], url: 'https://example.co.uk/' },
    { type: 'device', values: ['mobile'], url: 'https://m.example.com/' },
  ],
  variants: [
    { url: 'https://example.com/a', weight: 50 },
    { url: 'https://example.com/b', weight: 50 },
  ],
  utm: { source: 'bench', medium: 'wrk' },
});
await ds.destroy();

const env = { DATABASE_URL: databaseUrl, REDIS_URL: redisUrl, REDIS_PREFIX: prefix, REDIRECT_PORT: port, LOG_LEVEL: 'warn' };
function wrk(code) {
  const out = execFileSync('wrk', ['-t2', '-c50', `-d${SECONDS}s`, '--latency', '-H', `User-Agent: ${UA}`, `http://127.0.0.1:${port}/s/${code}`], {
    encoding: 'utf8',
  });
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)[1]);
  const p99 = /99%\s+([\d.]+\w+)/.exec(out)[1];
  const non3xx = /Non-2xx or 3xx responses: (\d+)/.exec(out);
  return { rps, p99, errors: non3xx ? Number(non3xx[1]) : 0, out };
}
async function round(dist, codes) {
  const r = await startProcess(`${dist}/apps/redirector/main.js`, [], env, `http://127.0.0.1:${port}/healthz`);
  try {
    const res = {};
    for (const code of codes) {
      await fetch(`http://127.0.0.1:${port}/s/${code}`, { redirect: 'manual' });
      execFileSync('wrk', ['-t2', '-c50', '-d1s', `http://127.0.0.1:${port}/s/${code}`]); // warm-up (JIT, LRU)
      res[code] = wrk(code);
    }
    return res;
  } finally {
    await stopProcess(r.child);
  }
}
const rows = [];
for (let i = 1; i <= ROUNDS; i++) {
  const order = i % 2 ? ['before', 'after'] : ['after', 'before'];
  for (const which of order) {
    const res = which === 'before' ? await round(before, ['bplain']) : await round('dist', ['bplain', 'bctl']);
    for (const [code, r] of Object.entries(res))
      rows.push({ round: i, build: which, link: code === 'bplain' ? 'plain' : 'rules+variants+utm', rps: Math.round(r.rps), p99: r.p99 });
    console.log(JSON.stringify(rows.at(-1)), execFileSync('uptime', { encoding: 'utf8' }).trim());
  }
}
console.table(rows);
const avg = (b, l) => {
  const xs = rows.filter((r) => r.build === b && r.link === l).map((r) => r.rps);
  return Math.round(xs.reduce((s, x) => s + x, 0) / xs.length);
};
console.log(
  `plain before ${avg('before', 'plain')} req/s, plain after ${avg('after', 'plain')} req/s, rules+variants+utm after ${avg('after', 'rules+variants+utm')} req/s`,
);
// The clicks the rounds queued are left under the prefix: remove them.
const redis = new Redis(redisUrl);
await deleteKeysUnder(redis, prefix);
redis.disconnect();
