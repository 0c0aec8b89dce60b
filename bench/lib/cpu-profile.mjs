// Chromium CPU profiles (the DevTools protocol's `Profiler` domain, through puppeteer) read into
// what `npm run bench:app:profile` prints: each function's self and total time over a window
// (grouped by name and source location, a recursive function counted once per sample), and the
// samples' wall-clock spread. Used on an unminified build (QUIRE_APP_UNMINIFIED=1) so the
// names are the sources'.

/** Starts sampling every `intervalUs` on `page`; answers a `stop()` that yields the profile. */
export async function startProfile(page, intervalUs = 200) {
  const session = await page.createCDPSession();
  await session.send("Profiler.enable");
  await session.send("Profiler.setSamplingInterval", { interval: intervalUs });
  await session.send("Profiler.start");
  return {
    async stop() {
      const { profile } = await session.send("Profiler.stop");
      await session.detach();
      return profile;
    },
  };
}

const IDLE = new Set(["(idle)", "(program)", "(garbage collector)", "(root)"]);

/** A frame's label: `name (file:line)`, the file's last path segment. */
function label(frame) {
  const name = frame.functionName || "(anonymous)";
  if (!frame.url) return name;
  const file = frame.url.split("/").pop().split("?")[0];
  return `${name} (${file}:${frame.lineNumber + 1})`;
}

/**
 * Self and total milliseconds per function label over the whole profile, plus the time spent
 * idle, in the engine (program), in GC and in JavaScript.
 */
export function summarize(profile) {
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const self = new Map();
  const total = new Map();
  const kinds = { idle: 0, program: 0, gc: 0, js: 0 };
  const { samples, timeDeltas } = profile;
  for (let i = 0; i < samples.length; i++) {
    const ms = (timeDeltas[i + 1] ?? timeDeltas[i] ?? 0) / 1000;
    const leaf = nodes.get(samples[i]);
    const name = leaf.callFrame.functionName;
    if (name === "(idle)") kinds.idle += ms;
    else if (name === "(program)") kinds.program += ms;
    else if (name === "(garbage collector)") kinds.gc += ms;
    else kinds.js += ms;
    if (IDLE.has(name)) continue;
    const leafLabel = label(leaf.callFrame);
    self.set(leafLabel, (self.get(leafLabel) ?? 0) + ms);
    const seen = new Set();
    for (let id = samples[i]; id !== undefined; id = parent.get(id)) {
      const l = label(nodes.get(id).callFrame);
      if (IDLE.has(nodes.get(id).callFrame.functionName) || seen.has(l)) continue;
      seen.add(l);
      total.set(l, (total.get(l) ?? 0) + ms);
    }
  }
  const spanMs = (profile.endTime - profile.startTime) / 1000;
  return { spanMs, kinds, self, total };
}

/** The `n` largest entries of a label → ms map, as printable lines. */
export function top(map, n) {
  return [...map.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([name, ms]) => `${ms.toFixed(1).padStart(8)} ms  ${name}`);
}

/** The profile's summary as text: the time split, then the top functions by self and total. */
export function renderSummary(title, summary, { keys = 0, n = 25 } = {}) {
  const { spanMs, kinds } = summary;
  const per = keys ? ` (${(kinds.js / keys).toFixed(2)} ms of JS per key over ${keys} keys)` : "";
  return [
    `## ${title}`,
    `span ${spanMs.toFixed(0)} ms: JS ${kinds.js.toFixed(1)} ms, engine ${kinds.program.toFixed(1)} ms, GC ${kinds.gc.toFixed(1)} ms, idle ${kinds.idle.toFixed(1)} ms${per}`,
    "### self",
    ...top(summary.self, n),
    "### total",
    ...top(summary.total, n),
    "",
  ].join("\n");
}

/** The trace categories whose events split the engine's time (style, layout, paint, script). */
export const TRACE_CATEGORIES = ["devtools.timeline", "blink", "v8.execute"];

/**
 * A Chromium trace (puppeteer's `page.tracing.stop()` buffer) summed per event name on the
 * page's main thread: milliseconds and counts, plus the elements each style recalc touched.
 */
export function summarizeTrace(buffer) {
  const { traceEvents } = JSON.parse(Buffer.from(buffer).toString("utf8"));
  const main = traceEvents.find(
    (e) => e.name === "thread_name" && e.args?.name === "CrRendererMain",
  );
  const byName = new Map();
  let elements = 0;
  for (const e of traceEvents) {
    if (e.ph !== "X" || !main || e.pid !== main.pid || e.tid !== main.tid) continue;
    const entry = byName.get(e.name) ?? { ms: 0, count: 0 };
    entry.ms += (e.dur ?? 0) / 1000;
    entry.count++;
    byName.set(e.name, entry);
    if (e.name === "UpdateLayoutTree") elements += e.args?.elementCount ?? 0;
  }
  const ms = new Map([...byName].map(([name, { ms: t, count }]) => [`${name} ×${count}`, t]));
  return { ms, styledElements: elements };
}

/**
 * Who calls `name` (a function name): ms per chain of the `depth` callers above its outermost
 * frame in each sample, to tell which path spends a hot function's time.
 */
export function callersOf(profile, name, depth = 3) {
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const chains = new Map();
  const { samples, timeDeltas } = profile;
  for (let i = 0; i < samples.length; i++) {
    let outer = null;
    for (let id = samples[i]; id !== undefined; id = parent.get(id)) {
      if (nodes.get(id).callFrame.functionName === name) outer = id;
    }
    if (outer === null) continue;
    const chain = [];
    for (
      let id = parent.get(outer);
      id !== undefined && chain.length < depth;
      id = parent.get(id)
    ) {
      chain.push(label(nodes.get(id).callFrame));
    }
    const key = chain.join(" < ");
    chains.set(key, (chains.get(key) ?? 0) + (timeDeltas[i + 1] ?? timeDeltas[i] ?? 0) / 1000);
  }
  return chains;
}
