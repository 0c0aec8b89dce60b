import { parseSpecText } from "./parse";
import { isObject, SpecProcessError, type SpecObject } from "./types";
import { resolvePointer } from "./validate";

/** Loads the text at an absolute URL; throws a `SpecProcessError` (FETCH_*) when it cannot. */
export type SpecLoader = (url: string) => Promise<string>;

/** Bounds on external reference resolution. */
export interface RefLimits {
  /** Most distinct documents fetched for one spec. */
  maxDocuments: number;
  /** Most nested expansions (a reference inside inlined content inside …). */
  maxDepth: number;
  /** Most references expanded in total (shared references expand once each time they occur). */
  maxExpansions: number;
  /** Most values copied out of fetched documents (a few references to a big node add up). */
  maxInlinedValues: number;
}

/** The limits a spec is processed with. */
const DEFAULT_REF_LIMITS: RefLimits = {
  maxDocuments: 20,
  maxDepth: 16,
  maxExpansions: 2000,
  maxInlinedValues: 250_000,
};

interface Walk {
  load: SpecLoader;
  limits: RefLimits;
  documents: Map<string, Promise<SpecObject>>;
  expansions: number;
  inlinedValues: number;
}

/**
 * Inlines every external `$ref` (another document, by URL relative to `baseUrl`) into a copy of
 * `doc`; internal `$ref`s ("#/…") of the spec itself are kept. Inside inlined content, that
 * document's own references are inlined too, so the result stands alone. A reference loop
 * (a document referring back to what is being expanded) ends in a `PARSE_ERROR` naming the
 * chain; the documents fetched, the depth, the expansions and the values copied out of fetched
 * documents are bounded by `limits`, so work and memory stay bounded whatever the documents.
 */
export async function inlineExternalRefs(
  doc: SpecObject,
  baseUrl: string | null,
  load: SpecLoader,
  limits: RefLimits = DEFAULT_REF_LIMITS,
): Promise<{ document: SpecObject; documents: number }> {
  const walk: Walk = { load, limits, documents: new Map(), expansions: 0, inlinedValues: 0 };
  const document = (await expand(walk, doc, baseUrl, [], false)) as SpecObject;
  return { document, documents: walk.documents.size };
}

/** Whether a document mentions any external reference (most do not: no copy is made). */
export function hasExternalRefs(doc: unknown): boolean {
  const stack: unknown[] = [doc];
  while (stack.length > 0) {
    const node = stack.pop();
    if (Array.isArray(node)) stack.push(...node);
    else if (isObject(node)) {
      if (typeof node.$ref === "string" && !node.$ref.startsWith("#")) return true;
      for (const value of Object.values(node)) if (typeof value === "object") stack.push(value);
    }
  }
  return false;
}

/**
 * Copies `node`, expanding references. `external` says the node comes from a fetched document
 * (its base is `base`), where internal references are expanded too.
 */
async function expand(
  walk: Walk,
  node: unknown,
  base: string | null,
  chain: string[],
  external: boolean,
): Promise<unknown> {
  if (external && ++walk.inlinedValues > walk.limits.maxInlinedValues) {
    throw new SpecProcessError("PARSE_ERROR", [
      {
        message: `External references expand to more than ${walk.limits.maxInlinedValues} values`,
        code: "ref",
      },
    ]);
  }
  if (Array.isArray(node)) {
    const out: unknown[] = [];
    for (const item of node) out.push(await expand(walk, item, base, chain, external));
    return out;
  }
  if (!isObject(node)) return node;
  const ref = node.$ref;
  if (typeof ref === "string" && (external || !ref.startsWith("#"))) {
    return expandRef(walk, ref, base, chain);
  }
  const out: SpecObject = {};
  for (const [key, value] of Object.entries(node)) {
    out[key] = await expand(walk, value, base, chain, external);
  }
  return out;
}

async function expandRef(walk: Walk, ref: string, base: string | null, chain: string[]) {
  const target = absoluteRef(ref, base);
  const fail = (message: string) => new SpecProcessError("PARSE_ERROR", [{ message, code: "ref" }]);
  if (chain.includes(target)) {
    throw fail(`Circular $ref: ${[...chain, target].join(" → ")}`);
  }
  if (chain.length >= walk.limits.maxDepth) {
    throw fail(`$ref "${ref}": references nest deeper than ${walk.limits.maxDepth} levels`);
  }
  if (++walk.expansions > walk.limits.maxExpansions) {
    throw fail(`More than ${walk.limits.maxExpansions} external references to expand`);
  }
  const hash = target.indexOf("#");
  const url = hash < 0 ? target : target.slice(0, hash);
  const pointer = hash < 0 ? "" : target.slice(hash + 1);
  const root = await documentAt(walk, url);
  const value = resolvePointer(root, pointer);
  if (value === undefined) throw fail(`$ref "${ref}" does not resolve in ${url}`);
  return expand(walk, value, url, [...chain, target], true);
}

/** The absolute form of a reference: relative ones need the base URL of a URL source. */
function absoluteRef(ref: string, base: string | null): string {
  try {
    return new URL(ref, base ?? undefined).href;
  } catch {
    throw new SpecProcessError("PARSE_ERROR", [
      {
        message: base
          ? `$ref "${ref}" is not a valid URL`
          : `$ref "${ref}" is relative: a spec uploaded as text can only reference absolute URLs`,
        code: "ref",
      },
    ]);
  }
}

/** Fetches and parses one external document, once per spec. */
function documentAt(walk: Walk, url: string): Promise<SpecObject> {
  const known = walk.documents.get(url);
  if (known) return known;
  if (walk.documents.size >= walk.limits.maxDocuments) {
    throw new SpecProcessError("PARSE_ERROR", [
      {
        message: `More than ${walk.limits.maxDocuments} external documents referenced`,
        code: "ref",
      },
    ]);
  }
  const loading = walk.load(url).then(async (text) => {
    try {
      return (await parseSpecText(text)).document;
    } catch (error) {
      if (error instanceof SpecProcessError) {
        const errors = error.errors.map((e) => ({ ...e, message: `${url}: ${e.message}` }));
        throw new SpecProcessError(error.code, errors);
      }
      throw error;
    }
  });
  walk.documents.set(url, loading);
  return loading;
}
