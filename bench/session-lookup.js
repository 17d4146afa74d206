#!/usr/bin/env node
// node bench/session-lookup.js <database url>: the session guard's per-call statement, before (an UPDATE that slides
// the session on every call, so every call commits and waits for the WAL flush) and after (renewed at most once a
// minute, libs/identity/src/auth/session-guard.ts), 200 sequential calls each from one connection, twice, alternated;
// p50/p95/p99 and the load average. Uses the newest session of the database (a kept bench:analytics database has them).
import { loadavg } from 'node:os';
import pg from 'pg';

const url = process.argv[2];
if (!url) throw new Error('usage: node bench/session-lookup.js <database url>');
const client = new pg.Client(url);
await client.connect();
const [session] = (await client.query(`SELECT token_hash FROM sessions ORDER BY expires_at DESC LIMIT 1`)).rows;
if (!session) throw new Error('no session in this database');
const params = [session.token_hash, 30];
const BEFORE = `UPDATE sessions s SET last_seen_at = now(), expires_at = now() + make_interval(days => $2)
  FROM users u WHERE s.token_hash = $1 AND s.expires_at > now() AND u.id = s.user_id RETURNING u.id`;
const AFTER = `WITH slid AS (UPDATE sessions SET last_seen_at = now(), expires_at = now() + make_interval(days => $2)
  WHERE token_hash = $1 AND expires_at > now() AND expires_at < now() + make_interval(days => $2) - interval '1 minute')
  SELECT u.id FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.token_hash = $1 AND s.expires_at > now()`;
const time = async (sql) => {
  const ms = [];
  for (let i = 0; i < 200; i++) {
    const t = performance.now();
    await client.query(sql, params);
    ms.push(performance.now() - t);
  }
  ms.sort((a, b) => a - b);
  return `p50 ${ms[100].toFixed(2)}  p95 ${ms[190].toFixed(2)}  p99 ${ms[198].toFixed(2)} ms`;
};
const load = () =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(' / ');
console.log(`load average ${load()}`);
for (let round = 1; round <= 2; round++) {
  console.log(`round ${round}  before (slide on every call):   ${await time(BEFORE)}`);
  console.log(`round ${round}  after (slide once a minute):    ${await time(AFTER)}`);
}
console.log(`load average ${load()}`);
await client.end();
