import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** CPU time a process has used, in clock ticks (`getconf CLK_TCK` per second), all its threads together. */
export interface CpuTicks {
  user: number;
  system: number;
}

export interface Memory {
  /** Resident set size now, in MB. */
  rssMb: number;
  /** Peak resident set size so far (VmHWM), in MB. */
  peakRssMb: number;
}

/**
 * utime and stime (fields 14 and 15) of a `/proc/<pid>/stat` line. The command name (field 2) sits in
 * parentheses and may itself hold spaces and parentheses, so fields are counted after its last `)`.
 */
export function parseProcStat(line: string): CpuTicks | undefined {
  const close = line.lastIndexOf(')');
  if (close < 0) return undefined;
  // fields[0] is field 3 (state), so field n is fields[n - 3].
  const fields = line
    .slice(close + 1)
    .trim()
    .split(/\s+/);
  const [user, system] = [fields[11], fields[12]];
  if (user === undefined || system === undefined || !/^\d+$/.test(user) || !/^\d+$/.test(system))
    return undefined;
  return { user: Number(user), system: Number(system) };
}

/** VmRSS and VmHWM of a `/proc/<pid>/status` text, in MB; undefined without VmRSS. */
export function parseProcStatus(status: string): Memory | undefined {
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1]);
  const rss = kb('VmRSS');
  const peak = kb('VmHWM');
  if (!Number.isFinite(rss)) return undefined;
  return {
    rssMb: Math.round(rss / 1024),
    peakRssMb: Math.round((Number.isFinite(peak) ? peak : rss) / 1024),
  };
}

/** Clock ticks per second from `getconf CLK_TCK`'s output; 100 (Linux's usual value) when it says nothing usable. */
export function parseClockTicks(output: string): number {
  const value = Number(output.trim());
  return Number.isInteger(value) && value > 0 ? value : 100;
}

/** utime + stime of a live process, in clock ticks; undefined when /proc cannot be read (not Linux, gone). */
export function readCpuTicks(pid: number): number | undefined {
  try {
    const ticks = parseProcStat(readFileSync(`/proc/${pid}/stat`, 'utf8'));
    return ticks === undefined ? undefined : ticks.user + ticks.system;
  } catch {
    return undefined;
  }
}

/** The kernel's clock ticks per second, which /proc's CPU times count in. */
export function clockTicksPerSecond(): number {
  try {
    return parseClockTicks(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }));
  } catch {
    return 100;
  }
}

/** Memory of a live process from /proc (Linux); undefined elsewhere. */
export function readMemory(pid: number): Memory | undefined {
  try {
    return parseProcStatus(readFileSync(`/proc/${pid}/status`, 'utf8'));
  } catch {
    return undefined;
  }
}
