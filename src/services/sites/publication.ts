import { eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { sites } from "../../db/schema/index";

/**
 * A site's publication version moves on whenever who may read it, or what they are shown,
 * changes: publishing or unpublishing, its visibility or adaptive setting, a share link
 * deactivated or deleted, the visitor key replaced, a condition changed. Site API tokens carry
 * the version they were minted at and stop working when it moves (src/auth/site-reader.ts):
 * this file is the one place the move is written.
 */

/** The `set` part moving the version on, for a write to the site's own row. */
export function nextPublication() {
  return { publicationVersion: sql`${sites.publicationVersion} + 1` };
}

/** The statement moving the version on, for a batch that changes the audience elsewhere. */
export function publicationChanged(db: Database, siteId: string) {
  return db.update(sites).set(nextPublication()).where(eq(sites.id, siteId));
}
