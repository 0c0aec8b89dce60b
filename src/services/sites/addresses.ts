import { and, eq, ne, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "../../db/client";
import { chunked } from "../../db/chunked";
import { preparedSelect, type Params } from "../../db/prepared";
import { siteAddresses, type SiteAddressKind } from "../../db/schema/index";
import { ValueTaken } from "../../lib/errors";
import { addressesNest, addressOf, addressPrefixes } from "../../lib/site-urls";

/**
 * Site addresses belong to one site each (issue 34, finding 1): a custom host name or a proxy
 * origin is claimed in `site_addresses` (the address and every address above it) in the same
 * batch as the site's update. A claim equal to another site's address, inside it, or containing
 * it is refused with 409: read with the access check for the answer's message, and refused by the
 * table's unique index and trigger for two claims racing past that check (the losing batch fails
 * whole). Nor may a site claim the deployment's own addresses (the app, the app-hosted sites).
 */

/** A change of one of a site's addresses: the new value, or null to give it up. */
export interface AddressClaim {
  kind: SiteAddressKind;
  /** The field of the update body that asks for it. */
  field: "hostname" | "proxy";
  /** As given in the body; null removes it. */
  value: string | null;
}

/** Another site's row that a claim may collide with. */
export interface HeldAddress {
  address: string;
  exact: boolean;
}

/** The claims an update makes: each address field it names. */
export function addressClaimsOf(input: {
  hostname?: string | null;
  proxy?: string | null;
}): AddressClaim[] {
  const claims: AddressClaim[] = [];
  if (input.hostname !== undefined) {
    claims.push({ kind: "hostname", field: "hostname", value: input.hostname });
  }
  if (input.proxy !== undefined) claims.push({ kind: "proxy", field: "proxy", value: input.proxy });
  return claims;
}

/** Every address a claim's rows sit at, across the claims (JSON, for the statement). */
function claimedPrefixes(claims: readonly AddressClaim[]): string[] {
  return claims.flatMap((c) => (c.value === null ? [] : addressPrefixes(addressOf(c.value))));
}

/** Other sites' rows at any of the addresses (written once per isolate). */
const HELD_ELSEWHERE = preparedSelect(
  () => ({ address: siteAddresses.address, exact: siteAddresses.exact }),
  (select, p: Params<"site" | "addresses">) =>
    select
      .from(siteAddresses)
      .where(
        and(
          sql`${siteAddresses.address} IN (SELECT value FROM json_each(${p("addresses")}))`,
          ne(siteAddresses.siteId, p("site")),
        ),
      ),
);

/** Other sites' rows that the claims could collide with, as a statement for the access batch. */
export function addressesHeldQuery(db: Database, siteId: string, claims: readonly AddressClaim[]) {
  return HELD_ELSEWHERE.bind(db, {
    site: siteId,
    addresses: JSON.stringify(claimedPrefixes(claims)),
  });
}

/**
 * 409 naming the field when a claim collides with another site's address (`held`: other sites'
 * rows, from `addressesHeldQuery`) or nests with one of the deployment's own addresses.
 */
export function refuseTakenAddresses(
  claims: readonly AddressClaim[],
  held: readonly HeldAddress[],
  deployment: readonly string[],
): void {
  for (const claim of claims) {
    if (claim.value === null) continue;
    const address = addressOf(claim.value);
    const own = deployment.find((d) => addressesNest(address, d));
    if (own) {
      throw new ValueTaken(claim.field, `${claim.value} overlaps this deployment's own address`);
    }
    const above = new Set(addressPrefixes(address));
    for (const row of held) {
      if (row.address === address) {
        const rule = row.exact ? "is already used by" : "contains the address of";
        throw new ValueTaken(claim.field, `${claim.value} ${rule} another site`);
      }
      if (row.exact && above.has(row.address)) {
        throw new ValueTaken(claim.field, `${claim.value} is inside the address of another site`);
      }
    }
  }
}

/** Rows per insert statement: four bound values each, under D1's 100. */
const ROWS_PER_INSERT = 20;

/**
 * The statements that move the site's claims to `claims` (its old rows of each kind go, the new
 * address and those above it come), for the batch that updates the site: an insert that nests
 * in another site's address aborts the batch (the table's trigger).
 */
export function claimStatements(
  db: Database,
  siteId: string,
  claims: readonly AddressClaim[],
): BatchItem<"sqlite">[] {
  const out: BatchItem<"sqlite">[] = [];
  for (const claim of claims) {
    out.push(
      db
        .delete(siteAddresses)
        .where(and(eq(siteAddresses.siteId, siteId), eq(siteAddresses.kind, claim.kind))),
    );
    if (claim.value === null) continue;
    const address = addressOf(claim.value);
    const rows = addressPrefixes(address).map((prefix) => ({
      siteId,
      kind: claim.kind,
      address: prefix,
      exact: prefix === address,
    }));
    for (const chunk of chunked(rows, ROWS_PER_INSERT)) {
      out.push(db.insert(siteAddresses).values(chunk));
    }
  }
  return out;
}
