// Refuses import circles in src/, app/src/ and core/, type-only ones included: `import-x/no-cycle`
// skips `import type` and `export type … from` (hard-coded in the plugin), so a loop of types
// between two layers passes the linter. This reads every import of those .ts(x) with the TypeScript
// scanner (no type checking: a few seconds), resolves it with the repo's tsconfig, and prints
// each circle as a path of files. Exit 1 when there is one. Run by `npm run lint`.
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
/** The folders whose imports are checked: the API Worker, the app Worker and the shared cores. */
const sourceDirs = [join(root, "core"), join(root, "src"), join(root, "app", "src")];

/** The compiler options of the repo's tsconfig.json (module resolution, paths). */
function compilerOptions() {
  const configPath = join(root, "tsconfig.json");
  const { config, error } = ts.readConfigFile(configPath, ts.sys.readFile);
  if (error) throw new Error(ts.flattenDiagnosticMessageText(error.messageText, "\n"));
  return ts.parseJsonConfigFileContent(config, ts.sys, root, undefined, configPath).options;
}

/** Every TypeScript source under `dir` (declaration files declare, they import nothing real). */
function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !e.name.endsWith(".d.ts"))
    .map((e) => join(e.parentPath, e.name))
    .sort();
}

/**
 * The import graph of src: file → the src files it imports, by every form the scanner sees
 * (`import`, `import type`, `export … from`, `import()` with a literal).
 */
function importGraph(files, options) {
  const cache = ts.createModuleResolutionCache(root, (name) => name, options);
  const inSrc = new Set(files);
  const graph = new Map();
  for (const file of files) {
    const scanned = ts.preProcessFile(readFileSync(file, "utf8"), true, true);
    const targets = new Set();
    for (const { fileName } of scanned.importedFiles) {
      const found = ts.resolveModuleName(fileName, file, options, ts.sys, cache);
      const target = found.resolvedModule?.resolvedFileName;
      if (target && inSrc.has(resolve(target))) targets.add(resolve(target));
    }
    graph.set(file, [...targets].sort());
  }
  return graph;
}

/** The strongly connected components of the graph with a circle in them (Tarjan). */
function tangledComponents(graph) {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const components = [];
  let next = 0;
  const visit = (start) => {
    // Iterative: a deep import chain must not overflow the call stack.
    const work = [[start, 0]];
    index.set(start, next);
    low.set(start, next++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1];
      const [node, i] = frame;
      const edges = graph.get(node);
      if (i < edges.length) {
        frame[1]++;
        const to = edges[i];
        if (!index.has(to)) {
          index.set(to, next);
          low.set(to, next++);
          stack.push(to);
          onStack.add(to);
          work.push([to, 0]);
        } else if (onStack.has(to)) {
          low.set(node, Math.min(low.get(node), index.get(to)));
        }
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1][0];
        low.set(parent, Math.min(low.get(parent), low.get(node)));
      }
      if (low.get(node) === index.get(node)) {
        const component = [];
        let member;
        do {
          member = stack.pop();
          onStack.delete(member);
          component.push(member);
        } while (member !== node);
        if (component.length > 1 || graph.get(node).includes(node)) components.push(component);
      }
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return components;
}

/** The shortest path from `from` to `to` inside `members` (breadth first), both ends included. */
function shortestPath(graph, members, from, to) {
  const previous = new Map([[from, null]]);
  const queue = [from];
  while (queue.length > 0) {
    const node = queue.shift();
    if (node === to) break;
    for (const next of graph.get(node)) {
      if (members.has(next) && !previous.has(next)) {
        previous.set(next, node);
        queue.push(next);
      }
    }
  }
  const path = [];
  for (let node = to; node !== null; node = previous.get(node)) path.unshift(node);
  return path;
}

/**
 * The circles of one component: for each of its edges, the shortest circle through it, each
 * circle once (rotated to start at its smallest file). Every edge of a loop shows in one.
 */
function circlesOf(graph, component) {
  const members = new Set(component);
  const circles = new Map();
  for (const from of component) {
    for (const to of graph.get(from)) {
      if (!members.has(to)) continue;
      const loop =
        to === from ? [from] : [from, ...shortestPath(graph, members, to, from).slice(0, -1)];
      const start = loop.indexOf([...loop].sort()[0]);
      const rotated = [...loop.slice(start), ...loop.slice(0, start)];
      circles.set(rotated.join("\0"), rotated);
    }
  }
  return [...circles.values()];
}

const started = performance.now();
const files = sourceDirs.flatMap(sourceFiles);
const graph = importGraph(files, compilerOptions());
const circles = tangledComponents(graph)
  .flatMap((component) => circlesOf(graph, component))
  .map((loop) => [...loop, loop[0]].map((file) => relative(root, file)).join(" → "))
  .sort();
const seconds = ((performance.now() - started) / 1000).toFixed(1);
if (circles.length > 0) {
  console.error(
    `${circles.length} import circle(s) in core/, src/ and app/src/ (type-only imports included):`,
  );
  for (const circle of circles) console.error(`  ${circle}`);
  process.exit(1);
}
console.log(
  `No import circle in ${files.length} files of core/, src/ and app/src/ (${seconds} s).`,
);
