import { publicationChanged } from "./publication";
import type { SiteAuthRow } from "../../db/schema";
import { eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { plan } from "../../db/plan";
import { siteAuth } from "../../db/schema/index";
import { nowIso } from "../../lib/clock";
import { siteAuthQuery } from "../../auth/published";
import { randomToken } from "../../lib/crypto";

/** A fresh visitor-auth signing key: 32 random bytes, base64url (the HS256 secret). */
export function newVisitorKey(): string {
  return randomToken(32);
}

/** A site's visitor-auth row (undefined: the site is gone), as a plan to run with an access check. */
export function siteAuthPlan(db: Database, siteId: string) {
  return plan({ auth: siteAuthQuery(db, siteId) }, (r) => r.auth[0]);
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
  const [[stored]] = await db.batch([
    db
      .update(siteAuth)
      .set({ privateKey: newVisitorKey(), updatedAt: nowIso() })
      .where(eq(siteAuth.siteId, row.siteId))
      .returning(),
    publicationChanged(db, row.siteId),
  ]);
  return stored ?? row;
}
