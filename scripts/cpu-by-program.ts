/**
 * `node --import tsx scripts/cpu-by-program.ts <file>`: until stopped (SIGTERM or SIGINT), reads
 * every process's CPU time from /proc once a second; when stopped, writes to <file> the CPU each
 * program spent meanwhile (lib/build/cpu-programs.ts) beside the machine's busy time. npm test
 * (scripts/test.sh) runs it for the whole run and prints the table after its steps. Processes that
 * were running when it started count only what they spent after; a process is counted up to its
 * last sample, so up to a second of each is lost, and one that lives less than a second is not
 * seen (the table says how much that was). Linux only: elsewhere it writes nothing.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpuTable, parseStat, programOf } from '../lib/build/cpu-programs';

const out = process.argv[2];
if (!out) throw new Error('usage: cpu-by-program.ts <file>');

let hz = 100;
try {
  hz = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
} catch {
  // 100 on every Linux this runs on
}

/** Busy clock ticks of all cores (/proc/stat: user, nice, system, irq, softirq, steal). */
function machineBusy(): number {
  const f = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  return f[0]! + f[1]! + f[2]! + f[5]! + f[6]! + f[7]!;
}

interface Seen {
  program: string;
  /** Ticks at first sight (processes already running at the start), else 0. */
  base: number;
  last: number;
}
const processes = new Map<string, Seen>();
let first = true;

function sample() {
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((d) => /^\d+$/.test(d) && d !== String(process.pid));
  } catch {
    return;
  }
  for (const pid of pids) {
    let stat;
    try {
      stat = parseStat(readFileSync(`/proc/${pid}/stat`, 'utf8'));
    } catch {
      continue; // gone since the listing
    }
    if (!stat) continue;
    // pid and start time: a pid used again is another process.
    const key = `${pid}:${stat.start}`;
    const known = processes.get(key);
    if (known) {
      known.last = stat.ticks;
      continue;
    }
    let args: string[] = [];
    try {
      args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
    } catch {
      // gone: its name is enough
    }
    processes.set(key, {
      program: programOf(stat.comm, args),
      base: first ? stat.ticks : 0,
      last: stat.ticks,
    });
  }
  first = false;
}

let busy0 = 0;
try {
  busy0 = machineBusy();
  sample();
} catch {
  process.exit(0); // no /proc: nothing to count
}
// Stops with the run: on its signal, or when the shell that started it is gone (killed outright,
// it sends none), so a count never outlives its run.
const parent = process.ppid;
const timer = setInterval(() => (process.ppid === parent ? sample() : stop()), 1000);

function stop() {
  clearInterval(timer);
  sample();
  const seconds = new Map<string, number>();
  for (const p of processes.values())
    seconds.set(p.program, (seconds.get(p.program) ?? 0) + (p.last - p.base) / hz);
  const own = process.cpuUsage();
  seconds.set('this count (cpu-by-program)', (own.user + own.system) / 1e6);
  writeFileSync(out!, cpuTable(seconds, (machineBusy() - busy0) / hz) + '\n');
  process.exit(0);
}
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
