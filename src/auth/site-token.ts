import { SignJWT, jwtVerify, errors as joseErrors } from "jose";
import { z } from "zod";
import { isolateMemo } from "../../core/memory/memos";
import { nowMs } from "../lib/clock";
import type { SiteGrant } from "../env";

// Declared with the request's variables (src/env.ts, which imports nothing above it).
export type { SiteGrant };

/** How long a site token lives: the renderer renews it by resolving again. */
const SITE_TOKEN_SECONDS = 60 * 60;

/** The issuer every site token names (and verification requires). */
const ISSUER = "quire";

/** The claims of a site token as signed: the official names, and Quire's `pv` and `shareKey`. */
const TokenClaims = z.object({
  kind: z.literal("site"),
  organization: z.string(),
  site: z.string(),
  siteSpace: z.string(),
  siteSection: z.string().optional(),
  space: z.string(),
  spaces: z.array(z.string()),
  pv: z.number().int(),
  claims: z.record(z.string(), z.unknown()).default({}),
  adaptive: z.boolean().default(false),
  visitorType: z.enum(["human", "agent"]).default("human"),
  shareKey: z.string().optional(),
  draft: z.boolean().optional(),
  preview: z
    .object({
      space: z.string(),
      changeRequest: z.string().optional(),
      revision: z.string().optional(),
    })
    .optional(),
  exp: z.number(),
});

/**
 * The HMAC key of site tokens, derived from the deployment's signing secret (once per isolate): a
 * deployment has one secret, a few while it is rotated.
 */
const keys = isolateMemo<string, Promise<CryptoKey>>("site-token keys", { entries: 4 });

/** The site-token key of `secret`: HMAC-SHA-256 over a purpose label, so no other use shares it. */
function keyOf(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    key = (async () => {
      const base = await crypto.subtle.importKey(
        "raw",
        new TextEncoder().encode(secret),
        { name: "HMAC", hash: "SHA-256" },
        false,
        ["sign"],
      );
      const derived = await crypto.subtle.sign(
        "HMAC",
        base,
        new TextEncoder().encode("quire site api token v1"),
      );
      return crypto.subtle.importKey("raw", derived, { name: "HMAC", hash: "SHA-256" }, false, [
        "sign",
        "verify",
      ]);
    })();
    keys.set(secret, key);
  }
  return key;
}

/**
 * A site token for `grant` (without `expiresAt`: it is now + `SITE_TOKEN_SECONDS`, and never
 * later than `notAfter`, in seconds: the `exp` of the visitor JWT whose claims it carries).
 */
export async function mintSiteToken(
  secret: string,
  grant: Omit<SiteGrant, "expiresAt">,
  options: { notAfter?: number } = {},
): Promise<{ token: string; expiresAt: number }> {
  const now = Math.floor(nowMs() / 1000);
  const exp = Math.min(now + SITE_TOKEN_SECONDS, options.notAfter ?? Infinity);
  const token = await new SignJWT({
    kind: "site",
    organization: grant.organization,
    site: grant.site,
    siteSpace: grant.siteSpace,
    ...(grant.siteSection ? { siteSection: grant.siteSection } : {}),
    space: grant.space,
    spaces: grant.spaces,
    pv: grant.publicationVersion,
    claims: grant.claims,
    adaptive: grant.adaptive,
    visitorType: grant.visitorType,
    ...(grant.shareKey ? { shareKey: grant.shareKey } : {}),
    ...(grant.draft ? { draft: true } : {}),
    ...(grant.preview ? { preview: grant.preview } : {}),
  })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setIssuer(ISSUER)
    .setSubject(`site:${grant.site}`)
    .setIssuedAt(now)
    .setExpirationTime(exp)
    .sign(await keyOf(secret));
  return { token, expiresAt: exp * 1000 };
}

/** True when a bearer value has a JWT's shape (three base64url parts): a site token candidate. */
export function looksLikeJwt(value: string): boolean {
  return /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/.test(value);
}

/** Site tokens remembered per isolate at most; the oldest go first. */
const MAX_VERIFIED = 1_000;

/**
 * Site tokens this isolate verified, by token string: the grant its claims give, under the
 * secret it was verified with. A renderer sends the same token for an hour, so the signature and
 * the claims are checked once per token and isolate instead of on every request. Only what the
 * token itself says is remembered: expiry is checked on every use, and whether the grant still
 * holds (published, at its publication version) is read by every route's statement as before.
 */
const verified = isolateMemo<string, { secret: string; grant: SiteGrant }>("verified site tokens", {
  entries: MAX_VERIFIED,
});

/** True while a token expiring at `expiresAt` (ms) is valid: jose's rule, `exp` > now in s. */
function unexpired(expiresAt: number): boolean {
  return expiresAt / 1000 > Math.floor(nowMs() / 1000);
}

/**
 * The grant of a site token, or null when it is not one of ours: HS256 only (so `alg: none` is
 * refused), our issuer, a valid signature, not expired, and claims of the right shape. No D1
 * round trip: whether the grant still holds (publication version) is checked by the read. A
 * token verified before in this isolate (`verified`) costs a map lookup and the expiry check.
 */
export async function verifySiteToken(secret: string, token: string): Promise<SiteGrant | null> {
  const known = verified.get(token);
  if (known && known.secret === secret) {
    if (unexpired(known.grant.expiresAt)) return known.grant;
    verified.delete(token);
    return null;
  }
  const grant = await verifySignedSiteToken(secret, token);
  if (grant) {
    verified.set(token, { secret, grant });
  }
  return grant;
}

/** `verifySiteToken` without the isolate's memory: jose's verification and the claims' shape. */
async function verifySignedSiteToken(secret: string, token: string): Promise<SiteGrant | null> {
  try {
    const { payload } = await jwtVerify(token, await keyOf(secret), {
      algorithms: ["HS256"],
      issuer: ISSUER,
      requiredClaims: ["exp"],
      currentDate: new Date(nowMs()),
    });
    const parsed = TokenClaims.safeParse(payload);
    if (!parsed.success) return null;
    const p = parsed.data;
    return Object.freeze({
      organization: p.organization,
      site: p.site,
      siteSpace: p.siteSpace,
      ...(p.siteSection ? { siteSection: p.siteSection } : {}),
      space: p.space,
      spaces: p.spaces,
      publicationVersion: p.pv,
      claims: p.claims,
      adaptive: p.adaptive,
      visitorType: p.visitorType,
      ...(p.shareKey ? { shareKey: p.shareKey } : {}),
      ...(p.draft ? { draft: true } : {}),
      ...(p.draft && p.preview ? { preview: Object.freeze({ ...p.preview }) } : {}),
      expiresAt: p.exp * 1000,
    });
  } catch (error) {
    if (error instanceof joseErrors.JOSEError) return null;
    throw error;
  }
}
