// CPU time of this process's threads grouped by the name the system gives them (Linux: from
// /proc/self/task), to split a measurement between the analysis thread's JavaScript
// ("WorkerThread"), libvips ("libvips worker", and the libuv pool that drives sharp's pipelines
// and file I/O, "libuv-worker"), V8's helpers ("V8Worker": concurrent garbage-collection marking
// and compilation) and the main thread. Elsewhere it reads nothing and the split is not printed.
// libvips ends idle threads of its pool, and an ended thread leaves the list with its time, so a
// meter reads the list every 50 ms while it runs (~0.15 ms of the main thread's CPU a reading).
import { readdirSync, readFileSync } from 'node:fs';

/** USER_HZ: /proc counts CPU time in clock ticks of 1/100 s on Linux. */
const TICKS_PER_SECOND = 100;

/** CPU seconds per thread, keyed by `${tid}:${name}` (a thread that ended is gone from the list). */
export type ThreadCpu = Map<string, number>;

export function threadCpuNow(): ThreadCpu {
  const threads: ThreadCpu = new Map();
  let tids: string[];
  try {
    tids = readdirSync('/proc/self/task');
  } catch {
    return threads;
  }
  for (const tid of tids) {
    try {
      const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      // Fields after the name: state is 3rd overall, utime the 14th and stime the 15th.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const ticks = Number(fields[11]) + Number(fields[12]);
      threads.set(`${tid}:${name}`, ticks / TICKS_PER_SECOND);
    } catch {
      // The thread ended between the listing and the read.
    }
  }
  return threads;
}

/**
 * Starts reading the threads' CPU; `stop()` returns the seconds each thread name spent since,
 * including threads that started and ended in between (up to 50 ms of each of those is missed).
 */
export function threadCpuMeter(): { stop(): Map<string, number> } {
  const before = threadCpuNow();
  const latest: ThreadCpu = new Map(before);
  const read = () => {
    for (const [key, seconds] of threadCpuNow()) latest.set(key, seconds);
  };
  const timer = setInterval(read, 50);
  return {
    stop() {
      clearInterval(timer);
      read();
      return threadCpuSince(before, latest);
    },
  };
}

/** CPU seconds spent between two readings, summed by thread name. */
function threadCpuSince(before: ThreadCpu, after: ThreadCpu): Map<string, number> {
  const byName = new Map<string, number>();
  for (const [key, seconds] of after) {
    const name = key.slice(key.indexOf(':') + 1);
    const spent = seconds - (before.get(key) ?? 0);
    if (spent > 0) byName.set(name, (byName.get(name) ?? 0) + spent);
  }
  return byName;
}
