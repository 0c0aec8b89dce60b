import type { JSX } from "hono/jsx/jsx-runtime";

/**
 * How a layout becomes the HTML the reader sends: one synchronous render of a hono/jsx tree
 * behind the HTML doctype. The layouts have no async components; a promise here is a bug.
 */

/** A full HTML document from a layout's root element (`<html>`). */
export function htmlDocument(root: JSX.Element): string {
  const html: unknown = root.toString();
  if (typeof html !== "string") throw new Error("layouts render synchronously");
  return `<!doctype html>${html}`;
}

/** A date as people read it ("28 November 2026", UTC); undefined when it does not parse. */
export function humanDate(iso: string): string | undefined {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return undefined;
  return DATE_FORMAT.format(date);
}

/** One formatter for every page (building one per call is slow). */
const DATE_FORMAT = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "UTC",
});

/** The path of an absolute URL (with its query), or `fallback` when it is not one. */
export function pathOf(url: string, fallback: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.pathname}${parsed.search}`;
  } catch {
    return fallback;
  }
}
