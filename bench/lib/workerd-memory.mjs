// The resident memory of a bench's own workerd processes, sampled while work runs. Node only.
import { readFileSync, readdirSync } from "node:fs";

/** The parent of a process, from /proc. */
function parentOf(pid) {
  return Number(readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ")[1] ?? 0);
}

/** True when `pid` descends from this bench's own process (its Miniflare's workerd). */
function ours(pid) {
  for (let p = Number(pid), hops = 0; p > 1 && hops < 10; p = parentOf(p), hops++)
    if (p === process.pid) return true;
  return false;
}

/** The resident memory of this bench's workerd processes (kB), summed. */
function workerdRss() {
  let total = 0;
  for (const pid of readdirSync("/proc").filter((p) => /^\d+$/.test(p))) {
    try {
      if (!readFileSync(`/proc/${pid}/comm`, "utf8").startsWith("workerd") || !ours(pid)) continue;
      const rss = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
      total += Number(rss?.[1] ?? 0);
    } catch {
      // the process ended meanwhile
    }
  }
  return total;
}

/** Runs `work` sampling workerd's memory every 25 ms: its result, seconds, peak and base RSS. */
export async function measured(work) {
  const base = workerdRss();
  let peak = base;
  const timer = setInterval(() => (peak = Math.max(peak, workerdRss())), 25);
  const started = performance.now();
  try {
    const value = await work();
    return {
      value,
      seconds: (performance.now() - started) / 1000,
      peakMb: peak / 1024,
      baseMb: base / 1024,
    };
  } finally {
    clearInterval(timer);
  }
}
