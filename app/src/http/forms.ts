import type { Context } from "hono";
import type { ScreenEnv } from "./screen-env";

/**
 * The app's forms: each posts to the app, which checks that the post came from one of its own
 * pages (the browser's `Origin` is the app's: a page of another site cannot sign a person in or
 * out, or act for them), reads the fields, and calls the API with the form's CSRF token and the
 * same `Origin` (the API applies the session rule, core/sessions/csrf.ts).
 */

/** A form post another site made (refused before anything is read or called). */
export class CrossSiteForm extends Error {}

/** The name of the hidden field holding the session's CSRF token. */
export const CSRF_FIELD = "csrf";

/** The fields of a form post to the app, after its origin check. */
export interface FormPost {
  /** A field's text (trimmed is the caller's choice), or "" when absent or a file. */
  text(name: string): string;
  /** Every value of a repeated field (check boxes). */
  all(name: string): string[];
  /** The CSRF token the form carried. */
  csrf: string;
}

/** Whether the request's `Origin` is the app's own (a form of one of its pages). */
function sameOrigin(c: Context<ScreenEnv>): boolean {
  const origin = c.req.header("Origin");
  return origin !== undefined && origin === new URL(c.req.url).origin;
}

/** Reads a form post of one of the app's pages; throws CrossSiteForm for any other. */
export async function readForm(c: Context<ScreenEnv>): Promise<FormPost> {
  if (!sameOrigin(c)) throw new CrossSiteForm("The form was not sent from this app");
  const type = c.req.header("Content-Type") ?? "";
  const body =
    type.startsWith("application/x-www-form-urlencoded") || type.startsWith("multipart/form-data")
      ? await c.req.formData()
      : new FormData();
  const text = (name: string): string => {
    const value = body.get(name);
    return typeof value === "string" ? value : "";
  };
  const all = (name: string): string[] =>
    body.getAll(name).filter((v): v is string => typeof v === "string");
  return { text, all, csrf: text(CSRF_FIELD) };
}
