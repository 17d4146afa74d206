// CPU time (user + system, ms) a process has used so far, from /proc (Linux); null elsewhere.
import { readdirSync, readFileSync } from 'node:fs';

export function cpuMs(pid) {
  try {
    return statCpuMs(`/proc/${pid}/stat`, 11);
  } catch {
    return null;
  }
}

/** Two adjacent CPU fields of a /proc stat file (from `first`: 11 utime + stime, 13 cutime + cstime), in ms. */
function statCpuMs(path, first) {
  const stat = readFileSync(path, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[first]) + Number(fields[first + 1])) * 1000) / 100; // at USER_HZ = 100
}

/** CPU time (ms) of this process's children that have exited and been waited for (cutime + cstime), from /proc. */
export function reapedChildrenCpuMs() {
  try {
    return statCpuMs('/proc/self/stat', 13);
  } catch {
    return NaN;
  }
}

/**
 * CPU time (ms) of a process's main thread (its tid is its pid) and of all its other threads together (for the
 * redirector: its click thread, plus V8's and libuv's helpers), from /proc/{pid}/task.
 */
export function cpuMsSplit(pid) {
  let main = 0;
  let others = 0;
  let tids;
  try {
    tids = readdirSync(`/proc/${pid}/task`);
  } catch {
    return null;
  }
  for (const tid of tids) {
    try {
      const ms = statCpuMs(`/proc/${pid}/task/${tid}/stat`, 11);
      if (tid === String(pid)) main += ms;
      else others += ms;
    } catch {
      // the thread ended between the listing and the read
    }
  }
  return { main, others };
}
