// wrk (the C load generator) as a child process: installed with apt when missing, a Lua script for a realistic
// request mix, and its summary parsed (req/s, p99, responses that were not 2xx/3xx, socket errors).
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { reapedChildrenCpuMs } from './cpu-time.js';

/** Path of wrk; installs the Debian package `wrk` with apt-get when it is not there (never a download). */
export function ensureWrk() {
  for (const p of ['/usr/bin/wrk', '/usr/local/bin/wrk']) if (existsSync(p)) return p;
  console.log('wrk is missing: installing the Debian package with apt-get');
  const sudo = process.getuid?.() === 0 ? [] : ['sudo', '-n'];
  const run = (args) => execFileSync(sudo[0] ?? args[0], sudo.length ? [...sudo.slice(1), ...args] : args.slice(1), { stdio: 'inherit' });
  run(['apt-get', 'install', '-y', 'wrk']);
  if (!existsSync('/usr/bin/wrk')) throw new Error('apt-get install wrk did not provide /usr/bin/wrk');
  return '/usr/bin/wrk';
}

/**
 * Writes a Lua script that cycles through `requests` pre-formatted requests ({ path, headers }), built once at
 * start so wrk spends no time per request on building them. Returns the script's path.
 */
export function writeRequestMix(requests) {
  const esc = (s) => JSON.stringify(s); // a JSON string literal is a valid Lua string literal for ASCII text
  const lines = requests.map((r) => {
    const headers = Object.entries(r.headers)
      .map(([k, v]) => `[${esc(k)}]=${esc(v)}`)
      .join(',');
    return `  wrk.format("GET", ${esc(r.path)}, {${headers}}),`;
  });
  const script = `local reqs = {}
local i = 0
function init(args)
  local offset = tonumber(args[1] or "0")
  reqs = {
${lines.join('\n')}
  }
  i = offset % #reqs
end
function request()
  i = i + 1
  if i > #reqs then i = 1 end
  return reqs[i]
end
-- wrk's latency distribution at the percentiles the benches print (microseconds), parsed by runWrk as \`pct\`
function done(summary, latency, requests)
  for _, p in ipairs({ 50, 95, 99 }) do
    io.write(string.format("LP_PCT %d %d\\n", p, latency:percentile(p)))
  end
  io.write(string.format("LP_PCT 100 %d\\n", latency.max))
end
`;
  const dir = mkdtempSync(join(tmpdir(), 'lp-wrk-'));
  const path = join(dir, 'mix.lua');
  writeFileSync(path, script);
  return path;
}

function toMs(value, unit) {
  const n = Number(value);
  return unit === 'us' ? n / 1000 : unit === 's' ? n * 1000 : unit === 'm' ? n * 60_000 : n;
}

/** Runs wrk and resolves with its parsed summary and its CPU time (ms); `scriptArgs` reach the script's init(args). */
export function runWrk(wrk, { url, script, connections, threads = 1, seconds, scriptArgs = [] }) {
  return new Promise((resolve, reject) => {
    const args = ['-t', String(threads), '-c', String(connections), '-d', `${seconds}s`, '--latency', '--timeout', '10s'];
    if (script) args.push('-s', script);
    args.push(url);
    if (scriptArgs.length) args.push('--', ...scriptArgs.map(String));
    const cpu0 = reapedChildrenCpuMs();
    const child = spawn(wrk, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`wrk exited with ${code}:\n${out}`));
      const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1]);
      const total = Number(/(\d+) requests in/.exec(out)?.[1]);
      const p99m = /\s99%\s+([\d.]+)(us|ms|s|m)\b/.exec(out);
      const p50m = /\s50%\s+([\d.]+)(us|ms|s|m)\b/.exec(out);
      const non3xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(out)?.[1] ?? 0);
      const sock = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
      const socketErrors = sock ? sock.slice(1).reduce((a, n) => a + Number(n), 0) : 0;
      if (!Number.isFinite(rps) || !p99m) return reject(new Error(`could not parse wrk output:\n${out}`));
      // p50/p95/p99/max (ms) from the request mix's done() (writeRequestMix); empty without a script
      const pct = Object.fromEntries([...out.matchAll(/^LP_PCT (\d+) (\d+)$/gm)].map((m) => [Number(m[1]), Number(m[2]) / 1000]));
      // wrk's own CPU: it is the only child reaped during the run (the servers keep running).
      const wrkCpuMs = reapedChildrenCpuMs() - cpu0;
      resolve({
        rps,
        total,
        wrkCpuMs,
        p99: toMs(p99m[1], p99m[2]),
        p50: p50m ? toMs(p50m[1], p50m[2]) : NaN,
        non3xx,
        socketErrors,
        pct,
        output: out,
      });
    });
  });
}
