// Processes as Linux's /proc shows them (benchmarks and process tests): parent, state and CPU time.
import { readdirSync, readFileSync } from 'node:fs';

export interface ProcStat {
  pid: number;
  ppid: number;
  /** R running, S sleeping, Z exited but not yet reaped ... */
  state: string;
  /** User plus system CPU time, in seconds. */
  cpuSeconds: number;
}

/** One process's stat line, or null when it is gone. */
export function procStat(pid: number): ProcStat | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name in parentheses may hold spaces: the fields start after its closing one.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { pid, state: fields[0]!, ppid: Number(fields[1]), cpuSeconds: (Number(fields[11]) + Number(fields[12])) / 100 };
  } catch {
    return null;
  }
}

/** Every process whose parent is `pid`. */
export function childrenOf(pid: number): ProcStat[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .map((entry) => procStat(Number(entry)))
    .filter((stat): stat is ProcStat => stat?.ppid === pid);
}
