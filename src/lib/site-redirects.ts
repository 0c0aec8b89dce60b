/**
 * How a site redirect's source matches a requested path (official SiteRedirectSourcePath): a
 * source is an exact path, or ends with `*` (then it matches every path that starts with what
 * comes before the `*`; `/docs/*` matches `/docs/a/b`, `/docs*` matches `/docs-old`). The most
 * specific source wins: the exact one, else the longest prefix. One home for the rule: the
 * lookup reads only the candidate sources this module lists, and picks among them here.
 */

/** What a source matched: the source, and the rest of the path after its prefix (wildcards). */
export interface SourceMatch {
  source: string;
  rest: string;
}

/** Whether a source is a wildcard (ends with `*`). */
export function isWildcard(source: string): boolean {
  return source.endsWith("*");
}

/**
 * Every source that could match `path`, most specific first: the path itself, then each of its
 * prefixes (longest first) followed by `*`. A source never starts with `/*` (official pattern),
 * so the shortest prefix is two characters long.
 */
export function redirectCandidates(path: string): string[] {
  const out = [path];
  for (let end = path.length; end >= 2; end--) out.push(`${path.slice(0, end)}*`);
  return out;
}

/** The most specific of `sources` that matches `path` (null: none does). */
export function matchSource(path: string, sources: readonly string[]): SourceMatch | null {
  const present = new Set(sources);
  for (const candidate of redirectCandidates(path)) {
    if (!present.has(candidate)) continue;
    if (!isWildcard(candidate)) return { source: candidate, rest: "" };
    return { source: candidate, rest: path.slice(candidate.length - 1) };
  }
  return null;
}

/**
 * The target of a wildcard redirect that captures: the matched rest appended to the target's
 * path (its query and fragment kept). A source ending in `/*` left the slash in its prefix, so
 * the rest joins the target with one slash.
 */
export function appendCaptured(target: string, source: string, rest: string): string {
  if (!rest) return target;
  const url = new URL(target);
  const base = url.pathname;
  url.pathname = source.endsWith("/*")
    ? `${base.replace(/\/+$/, "")}/${rest.replace(/^\/+/, "")}`
    : `${base}${rest}`;
  return url.toString();
}
