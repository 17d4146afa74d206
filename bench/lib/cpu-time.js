// CPU time (user + system, ms) a process has used so far, from /proc (Linux); null elsewhere.
import { readFileSync } from 'node:fs';

export function cpuMs(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime + stime, at USER_HZ = 100
  } catch {
    return null;
  }
}

/** CPU time (ms) of this process's children that have exited and been waited for (cutime + cstime), from /proc. */
export function reapedChildrenCpuMs() {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[13]) + Number(fields[14])) * 1000) / 100;
  } catch {
    return NaN;
  }
}
