import { and, asc, count, eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { oidcProviders } from "../../db/schema/index";
import type { OidcProviderRow } from "../../db/schema";
import { plan, runStatements } from "../../db/plan";
import { keysetAfter, type CursorKey } from "../../http/pagination";
import { nowIso } from "../../lib/clock";
import { newId } from "../../lib/ids";
import type { MemberRole } from "../../lib/roles";
import { openValue, sealValue } from "../../lib/sealed";
import type { OidcClientConfig } from "./client";

/** Most OIDC providers one organization may have (keeps its list count a small read). */
export const MAX_OIDC_PROVIDERS = 20;

/** The sealing purpose of OIDC client secrets (src/lib/sealed.ts). */
const SECRET_PURPOSE = "quire oidc client secret";

/** The `provider` of a sign-in with an organization's provider (deployment ones are bare ids). */
export const ORG_PROVIDER_PREFIX = "org:";

/** Plan: one provider of an organization, or undefined. */
export function oidcProviderPlan(db: Database, organizationId: string, providerId: string) {
  return plan(
    {
      provider: db
        .select()
        .from(oidcProviders)
        .where(
          and(eq(oidcProviders.organizationId, organizationId), eq(oidcProviders.id, providerId)),
        )
        .limit(1),
    },
    (r): OidcProviderRow | undefined => r.provider[0],
  );
}

/** Plan: a page of an organization's providers (oldest first) and their count. */
export function oidcProviderListPlan(
  db: Database,
  organizationId: string,
  limit: number,
  after?: CursorKey,
) {
  const where = and(
    eq(oidcProviders.organizationId, organizationId),
    after ? keysetAfter([oidcProviders.createdAt, oidcProviders.id], after) : undefined,
  );
  return plan(
    {
      rows: db
        .select()
        .from(oidcProviders)
        .where(where)
        .orderBy(asc(oidcProviders.createdAt), asc(oidcProviders.id))
        .limit(limit + 1),
      count: db
        .select({ n: count() })
        .from(oidcProviders)
        .where(eq(oidcProviders.organizationId, organizationId)),
    },
    (r) => ({ rows: r.rows, count: r.count[0]?.n ?? 0 }),
  );
}

/** What an admin gives to create a provider. */
export interface NewOidcProvider {
  organizationId: string;
  title: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
  defaultRole: MemberRole | null;
}

/** Creates a provider, its client secret sealed (bound to the new id), and reads it back. */
export async function createOidcProvider(
  db: Database,
  signingSecret: string,
  input: NewOidcProvider,
): Promise<OidcProviderRow> {
  const id = newId();
  const row: OidcProviderRow = {
    id,
    organizationId: input.organizationId,
    title: input.title,
    issuer: input.issuer,
    clientId: input.clientId,
    clientSecret: await sealValue(signingSecret, SECRET_PURPOSE, id, input.clientSecret),
    defaultRole: input.defaultRole,
    createdAt: nowIso(),
  };
  await db.insert(oidcProviders).values(row);
  return row;
}

/** The changes of an update; a new client secret is given in clear and sealed here. */
export type OidcProviderChanges = Partial<
  Pick<OidcProviderRow, "title" | "issuer" | "clientId" | "defaultRole">
> & { clientSecret?: string };

/** Updates a provider of the organization and reads it back; undefined when it is gone. */
export async function updateOidcProvider(
  db: Database,
  signingSecret: string,
  organizationId: string,
  providerId: string,
  changes: OidcProviderChanges,
): Promise<OidcProviderRow | undefined> {
  const read = oidcProviderPlan(db, organizationId, providerId);
  const { clientSecret, ...columns } = changes;
  const set: Partial<OidcProviderRow> = { ...columns };
  if (clientSecret !== undefined) {
    set.clientSecret = await sealValue(signingSecret, SECRET_PURPOSE, providerId, clientSecret);
  }
  if (Object.keys(set).length === 0) return read.finish(await runStatements(db, read.statements));
  const target = and(
    eq(oidcProviders.id, providerId),
    eq(oidcProviders.organizationId, organizationId),
  );
  const r = await runStatements(db, {
    update: db.update(oidcProviders).set(set).where(target),
    ...read.statements,
  });
  return read.finish(r);
}

/** Deletes a provider of the organization (its sign-ins under way then find no provider). */
export async function deleteOidcProvider(
  db: Database,
  organizationId: string,
  providerId: string,
): Promise<void> {
  await db
    .delete(oidcProviders)
    .where(and(eq(oidcProviders.id, providerId), eq(oidcProviders.organizationId, organizationId)));
}

/** A provider by id, for a sign-in (which knows no organization), or undefined. */
export async function findOidcProvider(
  db: Database,
  providerId: string,
): Promise<OidcProviderRow | undefined> {
  const [row] = await db
    .select()
    .from(oidcProviders)
    .where(eq(oidcProviders.id, providerId))
    .limit(1);
  return row;
}

/** The flow's view of an organization's provider, its secret opened; null if it does not open. */
export async function orgClientConfig(
  signingSecret: string,
  row: OidcProviderRow,
): Promise<OidcClientConfig | null> {
  const secret = await openValue(signingSecret, SECRET_PURPOSE, row.id, row.clientSecret);
  if (secret === null) return null;
  return {
    key: ORG_PROVIDER_PREFIX + row.id,
    title: row.title,
    issuer: row.issuer,
    clientId: row.clientId,
    clientSecret: secret,
  };
}
