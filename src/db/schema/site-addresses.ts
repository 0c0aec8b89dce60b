import { sql } from "drizzle-orm";
import {
  index,
  integer,
  primaryKey,
  sqliteTable,
  text,
  uniqueIndex,
} from "drizzle-orm/sqlite-core";
import { sites } from "./sites";

/** Which of a site's settings claims an address. */
export type SiteAddressKind = "hostname" | "proxy";

/**
 * The addresses sites claim (src/services/sites/addresses.ts): for a custom host name or a
 * proxy origin, its own address (`exact`, host and path segments, lower case) and every address
 * above it (not `exact`). An address belongs to one site: no two sites hold the same exact
 * address (the unique index), and no site holds any row at another site's exact address (a
 * trigger of the migration refuses such an insert, so a batch that would nest one site's
 * address in another's fails whole). The rows go with their site.
 */
export const siteAddresses = sqliteTable(
  "site_addresses",
  {
    siteId: text("site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    kind: text("kind").$type<SiteAddressKind>().notNull(),
    address: text("address").notNull(),
    exact: integer("exact", { mode: "boolean" }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.siteId, t.kind, t.address] }),
    index("site_addresses_address_idx").on(t.address, t.exact),
    uniqueIndex("site_addresses_exact_idx")
      .on(t.address)
      .where(sql`exact = 1`),
  ],
);
