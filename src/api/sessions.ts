import { z } from "@hono/zod-openapi";
import { UserSchema } from "../api-document/common";
import { pathString } from "./common";

/** Path of one of the caller's sessions. */
export const SessionParams = z.object({ sessionId: pathString("sessionId") });

/** Where to go once signed in: a path of the app (`/…`, never `//host`), kept by the start of
 * a sign-in (OIDC, e-mail): the one API-side rule for `next`. */
export const ReturnTo = z
  .string()
  .max(2048)
  .regex(/^\/(?![/\\])[^\s]*$/, "must be a path of the app, starting with a single /")
  .openapi({ description: "A path of the app to go to once signed in (default: the home)" });

/** The ways a person can start a session (`method` of a session). */
export const SIGN_IN_METHODS = ["link", "email", "passkey", "password", "oidc", "saml"] as const;

/**
 * A person's sign-in session as listed to them (a Quire extension): where and how it started,
 * its last use and its end; never its secret, which only the browser's cookie holds.
 */
export const SessionSchema = z
  .object({
    object: z.literal("session"),
    id: z.string(),
    createdAt: z.string(),
    lastUsedAt: z.string().nullable().openapi({ description: "Recorded at most once a minute" }),
    expiresAt: z.string().openapi({
      description: "The absolute end (30 days after the start); 14 idle days end it sooner",
    }),
    device: z.string().nullable().openapi({ description: "The browser's User-Agent" }),
    place: z.string().nullable().openapi({ description: "The sign-in's country or address" }),
    method: z.enum(SIGN_IN_METHODS).nullable().openapi({ description: "The way in" }),
    current: z.boolean().openapi({ description: "Whether this request is made with it" }),
  })
  .openapi("Session");

/** The request's own session and the person it signs in (`GET /v1/session`). */
export const CurrentSessionSchema = z
  .object({
    object: z.literal("current-session"),
    session: SessionSchema,
    user: UserSchema,
  })
  .openapi("CurrentSession");

/** A session as the wire shows it. */
export type Session = z.infer<typeof SessionSchema>;

/**
 * The columns a session's presentation needs: the sessions service selects them, the presenter
 * turns them into a Session (here, beside the wire type, so both layers can name it).
 */
export interface SessionRow {
  id: string;
  createdAt: string;
  lastUsedAt: string | null;
  expiresAt: string | null;
  device: string | null;
  place: string | null;
  method: string | null;
}
