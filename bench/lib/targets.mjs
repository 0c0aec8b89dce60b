// The targets, as data: each check reads the operation rows (by id) and the bundle and
// answers {measured, pass}; pass is null when a figure it needs was not measured.
import { BUNDLE_LIMIT_BYTES } from "./build.mjs";

const ok = (row) => row?.status === "ok";
const notMeasured = (why) => ({ measured: `not measured yet (${why})`, pass: null });
const why = (row, id) => (row ? `${id}: ${row.status}` : `${id}: not run`);

function ratioCheck(rows, [a, b], describe) {
  if (!ok(rows[a])) return notMeasured(why(rows[a], a));
  if (!ok(rows[b])) return notMeasured(why(rows[b], b));
  return describe(rows[a], rows[b]);
}

/** Every target of the issue, in the order docs/performance.md lists them. */
const TARGETS = [
  {
    name: "Site-token page document (revision of main) ≥ 0.6 × the one-round-trip ceiling, ≤ 1 round trip",
    check: (rows) =>
      ratioCheck(rows, ["site-token-document", "ceiling-d1"], (a, c) => ({
        measured:
          `${a.rps.toFixed(1)} / ${c.rps.toFixed(1)} req/s = ${(a.rps / c.rps).toFixed(3)}; ` +
          `${a.d1.rt} round trip(s), ${a.d1.read} rows read`,
        pass: a.rps / c.rps >= 0.6 && a.d1.rt <= 1,
      })),
  },
  {
    name: "URL resolution (anonymous, mints a site token): D1 round trips and rows read (recorded)",
    check: (rows) => {
      const row = rows["resolve-url"];
      if (!ok(row)) return notMeasured(why(row, "resolve-url"));
      return {
        measured: `${row.rps.toFixed(1)} req/s; ${row.d1.rt} round trip(s), ${row.d1.read} rows read`,
        pass: row.d1.rt <= 2,
      };
    },
  },
  {
    name: "Authenticated GET /v1/spaces/{id} ≥ 0.8 × the one-round-trip ceiling's throughput",
    check: (rows) =>
      ratioCheck(rows, ["space-get", "ceiling-d1"], (a, c) => ({
        measured: `${a.rps.toFixed(1)} / ${c.rps.toFixed(1)} req/s = ${(a.rps / c.rps).toFixed(3)}`,
        pass: a.rps / c.rps >= 0.8,
      })),
  },
  {
    name: "GET /v1/spaces/{id} with a session cookie ≥ 0.95 × the same read with an API token (issue 35)",
    check: (rows) =>
      ratioCheck(rows, ["space-get-session", "space-get"], (a, b) => ({
        measured: `${a.rps.toFixed(1)} / ${b.rps.toFixed(1)} req/s = ${(a.rps / b.rps).toFixed(3)}; ${a.d1.rt} round trip(s)`,
        pass: a.rps / b.rps >= 0.95,
      })),
  },
  ...[
    ["Reads", 0.4, ["page-document", "page-markdown", "page-markdown-10000", "published-site"]],
    ["Lists", 0.3, ["org-spaces-first", "org-spaces-deep", "comments-list"]],
    ["Search at 10,000 pages", 0.25, ["search-10000"]],
  ].map(([kind, ratio, ids]) => ({
    name: `${kind} ≥ ${ratio} × the one-round-trip ceiling's throughput (issue 17)`,
    check: (rows) => {
      if (!ok(rows["ceiling-d1"])) return notMeasured(why(rows["ceiling-d1"], "ceiling-d1"));
      const missing = ids.find((id) => !ok(rows[id]));
      if (missing) return notMeasured(why(rows[missing], missing));
      const ceiling = rows["ceiling-d1"].rps;
      const ratios = ids.map((id) => [id, rows[id].rps / ceiling]);
      return {
        measured: ratios.map(([id, r]) => `${id} ${r.toFixed(3)}`).join(", "),
        pass: ratios.every(([, r]) => r >= ratio),
      };
    },
  })),
  ...[
    [
      "Search rows read at 10,000 pages ≤ 2 × limit + 10 (first page, limit 50)",
      "search-10000-50",
      50,
    ],
    [
      "Deep search page (from result 500) rows read ≤ 2 × limit + 10 (limit 50)",
      "search-10000-deep",
      50,
    ],
    ["Organization search rows read ≤ 2 × limit + 10 (limit 10)", "org-search", 10],
  ].map(([name, id, limit]) => ({
    name,
    check: (rows) => {
      const row = rows[id];
      if (!ok(row)) return notMeasured(why(row, id));
      const max = 2 * limit + 10;
      return { measured: `${row.d1.read} rows (max ${max})`, pass: row.d1.read <= max };
    },
  })),
  {
    name: "Search p50 at 10,000 pages ≤ 2 × p50 at 100 pages, equal answers (10 items; issue 17)",
    check: (rows) =>
      ratioCheck(rows, ["search-10000", "search-100"], (big, small) => ({
        measured: `${big.p50} ms / ${small.p50} ms = ${(big.p50 / Math.max(small.p50, 0.5)).toFixed(2)}`,
        pass: big.p50 <= 2 * Math.max(small.p50, 0.5),
      })),
  },
  {
    name: "Reads ≤ 2 D1 round trips, authentication included",
    check: (rows) => {
      const reads = Object.values(rows).filter(
        (r) => ok(r) && r.kind === "load" && !r.id.startsWith("ceiling"),
      );
      if (!reads.length) return notMeasured("no read measured");
      const over = reads.filter((r) => r.d1.rt > 2);
      return {
        measured: reads.map((r) => `${r.id} ${r.d1.rt}`).join(", "),
        pass: over.length === 0,
      };
    },
  },
  {
    name: "Writes ≤ 3 D1 round trips per request",
    check: (rows) => {
      const writes = Object.values(rows).filter((r) => ok(r) && r.kind === "write");
      if (!writes.length) return notMeasured("no write measured");
      const steps = writes.flatMap((r) =>
        r.write.steps.map((s) => ({ id: `${r.id}/${s.name}`, rt: s.d1?.rt })),
      );
      return {
        measured: steps.map((s) => `${s.id} ${s.rt}`).join(", "),
        pass: steps.every((s) => s.rt <= 3),
      };
    },
  },
  {
    name: "List page rows read ≤ 2 × limit + 10",
    check: (rows) => {
      const lists = Object.values(rows).filter((r) => ok(r) && r.list);
      if (!lists.length) return notMeasured("no list measured");
      return {
        measured: lists.map((r) => `${r.id} ${r.d1.read} (max ${2 * r.list + 10})`).join(", "),
        pass: lists.every((r) => r.d1.read <= 2 * r.list + 10),
      };
    },
  },
  {
    name: "Search p50 at 10,000 pages ≤ 3 × p50 at 100 pages, equal answers",
    check: (rows) =>
      ratioCheck(rows, ["search-10000", "search-100"], (big, small) => ({
        measured: `${big.p50} ms / ${small.p50} ms = ${(big.p50 / Math.max(small.p50, 0.5)).toFixed(2)}`,
        pass: big.p50 <= 3 * Math.max(small.p50, 0.5),
      })),
  },
  {
    name: "One-page merge into a 5,000-page space ≤ 2 × the 10-page space's time",
    check: (rows) =>
      ratioCheck(rows, ["cr-merge-5000", "cr-merge-10"], (big, small) => {
        const merge = (r) => r.write.steps.find((s) => s.name === "merge")?.p50 ?? NaN;
        return {
          measured:
            `iteration p50 ${big.p50.toFixed(1)} / ${small.p50.toFixed(1)} ms = ${(big.p50 / small.p50).toFixed(2)}; ` +
            `merge step p50 ${merge(big).toFixed(1)} / ${merge(small).toFixed(1)} ms`,
          pass: big.p50 <= 2 * small.p50,
        };
      }),
  },
  {
    name: "Same merge: rows written within ±10 of the 10-page space",
    check: (rows) =>
      ratioCheck(rows, ["cr-merge-5000", "cr-merge-10"], (big, small) => ({
        measured: `${big.d1.written} vs ${small.d1.written} rows written per iteration`,
        pass: Math.abs(big.d1.written - small.d1.written) <= 10,
      })),
  },
  {
    name: "API Worker bundle ≤ 850 KiB gzipped (issue 27)",
    check: (_rows, bundle) => ({
      measured: `${(bundle.gzipBytes / 1024).toFixed(1)} KiB gzipped (${(bundle.rawBytes / 1024).toFixed(1)} KiB raw)`,
      pass: bundle.gzipBytes <= BUNDLE_LIMIT_BYTES,
    }),
  },
];

/** Evaluates every target against a run's rows (keyed by operation id) and bundle. */
export function evaluateTargets(rows, bundle) {
  return TARGETS.map((t) => ({ target: t.name, ...t.check(rows, bundle) }));
}
