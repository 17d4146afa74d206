// Latency per kind of request under wrk: a Lua script that cycles through labelled requests and times each one with
// the monotonic clock (LuaJIT's ffi, as the Debian wrk is built on LuaJIT), then prints every sample at the end for
// the bench to summarise. wrk's own histogram mixes the kinds; this keeps them apart.
// Each wrk thread drives exactly one connection (threads = connections), so a thread's responses arrive in the
// order of its requests and each sample pairs a request with its own response.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The line prefix of a sample in wrk's output: `LPSAMPLE <kind index> <status> <ms>`. */
const SAMPLE = 'LPSAMPLE';

/**
 * Writes the Lua script for `requests` ({ kind, path, headers }); returns its path and the kinds in index order.
 * Thread n starts n × (requests / threads) into the list, so the connections do not send the same call at once.
 */
export function writeTimedMix(requests) {
  const kinds = [...new Set(requests.map((r) => r.kind))];
  const esc = (s) => JSON.stringify(s); // a JSON string literal is a valid Lua string literal for ASCII text
  const lines = requests.map((r) => {
    const headers = Object.entries(r.headers)
      .map(([k, v]) => `[${esc(k)}]=${esc(v)}`)
      .join(',');
    return `  {${kinds.indexOf(r.kind)}, wrk.format("GET", ${esc(r.path)}, {${headers}})},`;
  });
  const script = `local ffi = require("ffi")
ffi.cdef[[
typedef struct { long tv_sec; long tv_nsec; } lp_timespec;
int clock_gettime(int clock, lp_timespec *tp);
]]
local ts = ffi.new("lp_timespec")
local function now_ms()
  ffi.C.clock_gettime(1, ts) -- CLOCK_MONOTONIC
  return tonumber(ts.tv_sec) * 1000 + tonumber(ts.tv_nsec) / 1e6
end

local threads = {}
local made = 0
function setup(thread)
  thread:set("id", made)
  made = made + 1
  table.insert(threads, thread)
end

local reqs
local i = 0
local sent_kind, sent_at = nil, 0
samples = {}
function init(args)
  reqs = {
${lines.join('\n')}
  }
  local threads_n = tonumber(args[1] or "1")
  i = math.floor(id * #reqs / threads_n) % #reqs
end
function request()
  i = i + 1
  if i > #reqs then i = 1 end
  sent_kind, sent_at = reqs[i][1], now_ms()
  return reqs[i][2]
end
function response(status, headers, body)
  if sent_kind ~= nil then
    samples[#samples + 1] = string.format("${SAMPLE} %d %d %.3f", sent_kind, status, now_ms() - sent_at)
    sent_kind = nil
  end
end
function done(summary, latency, requests)
  for _, thread in ipairs(threads) do
    local s = thread:get("samples")
    for _, line in ipairs(s) do io.write(line, "\\n") end
  end
end
`;
  const dir = mkdtempSync(join(tmpdir(), 'lp-wrk-'));
  const path = join(dir, 'timed-mix.lua');
  writeFileSync(path, script);
  return { script: path, kinds };
}

/** The samples a timed mix printed, per kind: { kind, n, errors (status ≠ 200), p50, p95, p99 (ms) }, in `kinds` order. */
export function timedMixSummary(output, kinds) {
  const byKind = kinds.map(() => ({ ms: [], errors: 0 }));
  for (const line of output.split('\n')) {
    if (!line.startsWith(SAMPLE)) continue;
    const [, kind, status, ms] = line.split(' ');
    const k = byKind[Number(kind)];
    if (Number(status) !== 200) k.errors++;
    k.ms.push(Number(ms));
  }
  return byKind.map(({ ms, errors }, i) => {
    ms.sort((a, b) => a - b);
    const q = (p) => (ms.length ? ms[Math.min(ms.length - 1, Math.floor(p * ms.length))] : NaN);
    return { kind: kinds[i], n: ms.length, errors, p50: q(0.5), p95: q(0.95), p99: q(0.99) };
  });
}
