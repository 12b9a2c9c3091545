/**
 * The CPU a test run spent, by program: what scripts/cpu-by-program.ts prints after npm test's
 * table of steps. The steps' own CPU column counts the processes each step waited for; the
 * PostgreSQL server, and servers that outlive their step, are in no step — this counts every
 * process of the machine, so the run's whole CPU is accounted for (docs/testing.md, "CPU by program").
 */

/** The program a process belongs to, from its name (`comm`) and its command line. */
export function programOf(comm: string, args: readonly string[]): string {
  const line = args.join(' ');
  if (comm === 'postgres') return 'PostgreSQL';
  if (/chrom/i.test(comm) || /\/chromium|chrome_crashpad/.test(args[0] ?? '')) return 'Chromium';
  if (
    comm.startsWith('next-server') ||
    /next-server|\bnext\/dist\/bin\/next start|\.bin\/next start/.test(line)
  )
    return 'Next.js servers';
  if (
    comm.startsWith('next-build') ||
    /\bnext\/dist\/bin\/next build|\.bin\/next build|next build/.test(line)
  )
    return 'Next.js build';
  // Through tsx, or the test suites' bundle of it (e2e/api/server.ts).
  if (/scripts\/gateway\.ts|csp-gateway-bundle-\d+\/gateway\.mjs/.test(line)) return 'standalone gateways';
  if (/vitest/.test(line)) return 'vitest';
  if (/playwright/.test(line)) return 'Playwright';
  if (/eslint/.test(line)) return 'ESLint';
  if (/prettier/.test(line)) return 'Prettier';
  if (/\btsc\b|typescript\/bin/.test(line)) return 'tsc';
  if (/knip/.test(line)) return 'knip';
  if (/redocly/.test(line)) return 'Redocly';
  if (/\bnpm\b|npm-cli/.test(line)) return 'npm';
  if (/\btsx\b/.test(line)) return 'tsx scripts';
  if (
    ['bash', 'sh', 'awk', 'sed', 'grep', 'sleep', 'cat', 'sort', 'tee', 'cut', 'mktemp', 'find'].includes(
      comm,
    )
  )
    return 'shell and tools';
  // Kernel threads have no command line.
  if (
    args.length === 0 &&
    /^(kworker|ksoftirqd|rcu_|kdamond|kswapd|kcompactd|migration|jbd2|khugepaged)/.test(comm)
  )
    return 'kernel threads';
  return comm || '?';
}

/**
 * A process's `/proc/<pid>/stat`: its name, parent, user + system clock ticks and start time (ticks
 * after boot). The one reader of that line: the benchmarks' process accounting (bench/proc.ts) uses it too.
 */
export function parseStat(text: string): { comm: string; ppid: number; ticks: number; start: number } | null {
  // The name is in parentheses and may hold spaces and parentheses itself: the last ')' ends it.
  const open = text.indexOf('(');
  const close = text.lastIndexOf(')');
  if (open < 0 || close < open) return null;
  const rest = text.slice(close + 2).split(' ');
  // After the name: state (3rd field), ppid (4th), … utime (14th), stime (15th), starttime (22nd).
  const ppid = Number(rest[1]);
  const utime = Number(rest[11]);
  const stime = Number(rest[12]);
  const start = Number(rest[19]);
  if (![ppid, utime, stime, start].every(Number.isFinite)) return null;
  return { comm: text.slice(open + 1, close), ppid, ticks: utime + stime, start };
}

/**
 * The table: each program's CPU seconds and share of the machine's busy time, largest first (those
 * under 1 % together in one row), then what the sampler did not see (processes that lived less
 * than a sampling interval, the kernel's own work).
 */
export function cpuTable(seconds: ReadonlyMap<string, number>, machineBusySeconds: number): string {
  const seen = [...seconds.values()].reduce((a, b) => a + b, 0);
  // Programs under 1 % of the busy time in one row.
  const small = (s: number) => s < 0.01 * machineBusySeconds;
  const rows = [...seconds].filter(([, s]) => !small(s)).sort((a, b) => b[1] - a[1]);
  const others = [...seconds].filter(([, s]) => small(s));
  const othersSeconds = others.reduce((a, [, s]) => a + s, 0);
  if (others.length > 0) rows.push([`${others.length} others, each under 1 %`, othersSeconds]);
  const share = (s: number) =>
    machineBusySeconds > 0 ? `${((100 * s) / machineBusySeconds).toFixed(0).padStart(3)} %` : '  ?';
  const unseen = 'not seen (short-lived, kernel)';
  const width = Math.max(unseen.length, ...rows.map(([p]) => p.length));
  const line = (name: string, s: number) => `${name.padEnd(width)} ${s.toFixed(0).padStart(6)}  ${share(s)}`;
  return [
    `${'program'.padEnd(width)} ${'CPU s'.padStart(6)}  share of the cores' busy time`,
    ...rows.map(([p, s]) => line(p, s)),
    line(unseen, Math.max(0, machineBusySeconds - seen)),
    line('all (the cores busy)', machineBusySeconds),
  ].join('\n');
}
