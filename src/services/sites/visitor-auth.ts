import type { SiteAuthRow } from "../../db/schema";
import { eq } from "drizzle-orm";
import { jwtVerify } from "jose";
import type { Database } from "../../db/client";
import { siteAuth } from "../../db/schema/index";
import { nowIso, nowMs } from "../../lib/clock";
import { randomToken } from "../../lib/crypto";

/** A fresh visitor-auth signing key: 32 random bytes, base64url (the HS256 secret). */
export function newVisitorKey(): string {
  return randomToken(32);
}

/**
 * Verifies a visitor JWT with `jose` against the site's key: HS256 only (so `alg: none` and any
 * other algorithm are refused), a valid signature, an `exp` that is required and not past, and,
 * when the token names an audience, the site among it. Returns the claims, or null if refused.
 */
export async function verifyVisitorToken(
  token: string,
  privateKey: string,
  siteId: string,
): Promise<Record<string, unknown> | null> {
  try {
    const { payload } = await jwtVerify(token, new TextEncoder().encode(privateKey), {
      algorithms: ["HS256"],
      requiredClaims: ["exp"],
      currentDate: new Date(nowMs()),
    });
    if (payload.aud !== undefined) {
      const audiences = Array.isArray(payload.aud) ? payload.aud : [payload.aud];
      if (!audiences.includes(siteId)) return null;
    }
    return payload as Record<string, unknown>;
  } catch {
    return null;
  }
}

/** A site's visitor-auth row, as a query to batch. */
export function siteAuthQuery(db: Database, siteId: string) {
  return db.select().from(siteAuth).where(eq(siteAuth.siteId, siteId)).limit(1);
}

/** Applies a visitor-auth update (URLs: null clears, omitted keeps); returns the stored row. */
export async function updateSiteAuth(
  db: Database,
  row: SiteAuthRow,
  patch: { fallbackURL?: string | null; logoutURL?: string | null },
): Promise<SiteAuthRow> {
  const set: Partial<SiteAuthRow> = { updatedAt: nowIso() };
  if (patch.fallbackURL !== undefined) set.fallbackUrl = patch.fallbackURL;
  if (patch.logoutURL !== undefined) set.logoutUrl = patch.logoutURL;
  const [stored] = await db
    .update(siteAuth)
    .set(set)
    .where(eq(siteAuth.siteId, row.siteId))
    .returning();
  return stored ?? row;
}

/** Replaces the signing key: tokens signed with the old one stop working at once. */
export async function regenerateSiteKey(db: Database, row: SiteAuthRow): Promise<SiteAuthRow> {
  const [stored] = await db
    .update(siteAuth)
    .set({ privateKey: newVisitorKey(), updatedAt: nowIso() })
    .where(eq(siteAuth.siteId, row.siteId))
    .returning();
  return stored ?? row;
}
