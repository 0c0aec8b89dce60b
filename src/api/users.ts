import { z } from "@hono/zod-openapi";
import { SCOPES } from "../lib/scopes";
import { pathString } from "./common";

/** Path of a single user. */
export const UserParams = z.object({ userId: pathString("userId") });

/** Path of one of the caller's tokens. */
export const TokenParams = z.object({ tokenId: pathString("tokenId") });

/** An API token as listed: never the secret, only its last four characters. */
export const ApiTokenSchema = z
  .object({
    object: z.literal("api-token"),
    id: z.string(),
    label: z.string(),
    hint: z.string().openapi({ description: "Last four characters of the secret" }),
    scopes: z.array(z.string()).nullable(),
    createdAt: z.string(),
    expiresAt: z.string().nullable(),
    lastUsedAt: z.string().nullable(),
  })
  .openapi("ApiToken");

/** A newly created token: the only response that carries the secret. */
export const CreatedApiTokenSchema = ApiTokenSchema.extend({
  token: z.string().openapi({ description: "The secret; shown once, at creation" }),
}).openapi("CreatedApiToken");

/** Body of token creation. */
export const CreateTokenBody = z
  .object({
    label: z.string().trim().min(1).max(100),
    expiresAt: z.iso.datetime({ offset: true }).optional(),
    scopes: z.array(z.enum(SCOPES)).min(1).max(SCOPES.length).optional(),
  })
  .strict();

/**
 * The columns a User presentation needs: services select them, presenters turn them into a User
 * (here, beside the wire types, so both layers can name it).
 */
export interface UserLike {
  id: string;
  displayName: string;
  email: string;
  photoURL: string | null;
}

/** An API token's TypeScript type. */
export type ApiToken = z.infer<typeof ApiTokenSchema>;

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

/**
 * A profile photo: an https URL with a host and no user name or password in it, at most 2,048
 * characters. Pages show it as an image, so nothing else (no `http:`, `data:` or `javascript:`,
 * no `https://user:pass@host`) may be stored.
 */
const PhotoURL = z
  .url({ protocol: /^https$/, error: "must be an https URL" })
  .max(2048)
  .refine((value) => !/^https:\/\/[^/?#]*@/i.test(value), {
    message: "must not carry a user name or password",
  });

/**
 * Body of the official `updateUserById`: the display name (1 to 64 characters, no control
 * characters) and the photo URL (Quire: `null` removes the photo); at least one of them.
 */
export const UpdateUserBody = z
  .object({
    displayName: z
      .string()
      .trim()
      .min(1)
      .max(64)
      .refine((v) => !CONTROL.test(v), { message: "must not contain control characters" })
      .optional(),
    photoURL: PhotoURL.nullable().optional(),
  })
  .strict()
  .refine((v) => v.displayName !== undefined || v.photoURL !== undefined, {
    message: "give displayName or photoURL",
  })
  .openapi({ minProperties: 1 });
