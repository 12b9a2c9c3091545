/** Process accounting shared by the benchmarks (Linux /proc). */
import { readdirSync, readFileSync } from 'node:fs';
import { parseStat } from '../lib/build/cpu-programs';

const TICKS = 100; // USER_HZ on Linux

/** user+system CPU seconds of each process, by pid, and each process's children. */
function snapshot() {
  const children = new Map<number, number[]>();
  const cpu = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = parseStat(readFileSync(`/proc/${entry}/stat`, 'utf8'));
      if (!stat) continue;
      cpu.set(Number(entry), stat.ticks / TICKS);
      children.set(stat.ppid, [...(children.get(stat.ppid) ?? []), Number(entry)]);
    } catch {
      // process ended meanwhile
    }
  }
  return { children, cpu };
}

/** CPU seconds of a process and all its descendants (Next.js runs its server in a child). */
export function treeCpuSeconds(rootPid: number): number {
  const { children, cpu } = snapshot();
  let total = 0;
  const stack = [rootPid];
  while (stack.length) {
    const pid = stack.pop()!;
    total += cpu.get(pid) ?? 0;
    stack.push(...(children.get(pid) ?? []));
  }
  return total;
}

/** CPU seconds of every process, by pid. */
export function cpuByPid(): Map<number, number> {
  return snapshot().cpu;
}

/**
 * CPU seconds the given processes spent since `before` (a `cpuByPid()` snapshot); a process
 * started since counts from zero. Used for the PostgreSQL backends serving one database.
 */
export function cpuSecondsSince(before: Map<number, number>, pids: number[]): number {
  const now = snapshot().cpu;
  return pids.reduce((sum, pid) => sum + Math.max(0, (now.get(pid) ?? 0) - (before.get(pid) ?? 0)), 0);
}

/** Resident memory (MB) of a process and all its descendants (a host may run under a launcher). */
export function treeRssMb(rootPid: number): number {
  const { children } = snapshot();
  let kb = 0;
  const stack = [rootPid];
  while (stack.length) {
    const pid = stack.pop()!;
    try {
      kb += Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
    } catch {
      // ended meanwhile
    }
    stack.push(...(children.get(pid) ?? []));
  }
  return kb / 1024;
}
