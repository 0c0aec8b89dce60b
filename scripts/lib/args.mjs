// Argument parsing, input validation and the plain output of the operator command line. Every
// rule here mirrors a rule of the API (src/api/users.ts, the official Organization schema), so
// the command line cannot write rows the API would have refused.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { ROOT } from "./wrangler.mjs";

/** A wrong command line: the caller prints the message and the usage, and exits with 2. */
export class UsageError extends Error {}

/** An operation that ran but could not do what was asked (unknown user, taken e-mail...): exit 1. */
export class CommandError extends Error {}

/** Prints rows of text cells under a header, each column as wide as its widest cell. */
export function printTable(header, rows) {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  for (const row of [header, ...rows]) {
    console.log(
      row
        .map((cell, i) => cell.padEnd(widths[i]))
        .join("  ")
        .trimEnd(),
    );
  }
}

/**
 * Parses `--name value`, `--name=value` and bare `--flag` options after the command words.
 * `spec` maps option names to "string", "list" (repeatable) or "boolean".
 */
export function parseOptions(args, spec) {
  const options = {};
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    const match = arg.match(/^--([a-z][a-z-]*)(?:=([\s\S]*))?$/);
    if (!match) throw new UsageError(`unexpected argument: ${arg}`);
    const [, name, inline] = match;
    const kind = spec[name];
    if (!kind) throw new UsageError(`unknown option --${name}`);
    if (kind === "boolean") {
      if (inline !== undefined) throw new UsageError(`--${name} takes no value`);
      options[name] = true;
      continue;
    }
    let value = inline;
    if (value === undefined) {
      value = args[i + 1];
      if (value === undefined || value.startsWith("--")) {
        throw new UsageError(`--${name} needs a value`);
      }
      i++;
    }
    if (kind === "list") (options[name] ??= []).push(value);
    else if (name in options) throw new UsageError(`--${name} is given twice`);
    else options[name] = value;
  }
  return options;
}

/** Fails unless the named options are present. */
export function requireOptions(options, names) {
  const missing = names.filter((n) => options[n] === undefined);
  if (missing.length) throw new UsageError(`missing ${missing.map((n) => `--${n}`).join(", ")}`);
}

/** An e-mail address, trimmed and lowercased as `createUser` stores it. */
export function parseEmail(value, option = "--email") {
  const email = value.trim().toLowerCase();
  if (email.length > 254 || !/^[^\s@"'<>()]+@[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(email)) {
    throw new UsageError(`${option}: not an e-mail address: ${value}`);
  }
  return email;
}

/** Trimmed text with a length range, e.g. an organization title (2 to 255). */
export function parseText(value, option, min, max) {
  const text = value.trim();
  if ([...text].length < min || [...text].length > max) {
    throw new UsageError(`${option}: must be ${min} to ${max} characters`);
  }
  return text;
}

/** E-mail domains, trimmed, lowercased and deduplicated like `normalizeDomains`. */
export function parseDomains(values = []) {
  const domains = [...new Set(values.map((d) => d.trim().toLowerCase()))];
  for (const domain of domains) {
    if (
      domain.length > 253 ||
      !/^([a-z0-9]([a-z0-9-]*[a-z0-9])?\.)+[a-z0-9-]{2,63}$/.test(domain)
    ) {
      throw new UsageError(`--domain: not a domain name: ${domain}`);
    }
  }
  return domains;
}

/** A comma-separated scope list, each one of `known`; duplicates dropped. */
export function parseScopeList(value, known) {
  const scopes = [
    ...new Set(
      value
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
  if (scopes.length === 0) throw new UsageError("--scopes: give at least one scope");
  const unknown = scopes.filter((s) => !known.includes(s));
  if (unknown.length) {
    throw new UsageError(
      `--scopes: unknown scope ${unknown.join(", ")} (known: ${known.join(", ")})`,
    );
  }
  return scopes;
}

/** An ISO 8601 date-time with an offset, in the future, normalized to UTC like the API does. */
export function parseExpiry(value, now = Date.now()) {
  const iso = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/i;
  const ms = Date.parse(value);
  if (!iso.test(value) || !Number.isFinite(ms)) {
    throw new UsageError(`--expires: not an ISO 8601 date-time with offset: ${value}`);
  }
  if (ms <= now) throw new UsageError("--expires: must be in the future");
  return new Date(ms).toISOString();
}

/** Extracts the `SCOPES` array literal from the source text of core/tokens/scopes.ts. */
function parseScopes(sourceText) {
  const block = sourceText.match(/export const SCOPES\s*=\s*\[([\s\S]*?)\]\s*as const/);
  const scopes = block ? [...block[1].matchAll(/"([^"]+)"/g)].map((m) => m[1]) : [];
  if (scopes.length === 0) throw new Error("could not read SCOPES from core/tokens/scopes.ts");
  return scopes;
}

/**
 * The official scope names, read from core/tokens/scopes.ts (the list the Worker enforces) rather
 * than copied, so the command line never accepts a scope the API does not know.
 */
export function loadScopes() {
  return parseScopes(readFileSync(resolve(ROOT, "core/tokens/scopes.ts"), "utf8"));
}
