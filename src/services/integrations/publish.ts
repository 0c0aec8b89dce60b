import { and, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import {
  contentGrants,
  integrationInstallations,
  integrations,
  users,
  type IntegrationRow,
} from "../../db/schema/index";
import type { PublishIntegrationInput } from "../../api/integrations";
import { newId } from "../../lib/ids";
import { nowIso } from "../../lib/clock";
import { newSigningSecret, seal } from "./secrets";
import { storeImage, storeScript } from "./assets";
import { joinListCount, leaveListCount } from "./counters";

/** What a publish writes besides the body's plain fields. */
interface PublishTarget {
  name: string;
  organizationId: string;
  /** The stored row when the name exists (owned by `organizationId`, checked by the caller). */
  existing: IntegrationRow | null;
}

/**
 * Publishes an integration: the script and images go to R2 by content hash, secrets are sealed,
 * and the row is inserted at version 1 or updated with `version + 1` in one statement (a
 * concurrent first publish of the same name becomes an update of the row it lost to).
 */
export async function publishIntegration(
  db: Database,
  env: { FILES: R2Bucket; SIGNING_SECRET: string },
  target: PublishTarget,
  input: PublishIntegrationInput,
): Promise<IntegrationRow> {
  const script = await storeScript(env.FILES, input.script);
  const iconKey = input.icon
    ? await storeImage(env.FILES, input.icon, "icon")
    : (target.existing?.iconKey ?? null);
  const previewImageKeys = input.previewImages
    ? await Promise.all(
        input.previewImages.map((img, i) => storeImage(env.FILES, img, `previewImages[${i}]`)),
      )
    : (target.existing?.previewImageKeys ?? []);
  const secretsSealed = input.secrets
    ? await seal(env.SIGNING_SECRET, JSON.stringify(input.secrets))
    : (target.existing?.secretsSealed ?? null);
  const now = nowIso();
  const fields = {
    runtime: input.runtime ?? "v1",
    title: input.title,
    description: input.description,
    summary: input.summary ?? null,
    visibility: input.visibility ?? "private",
    target: input.target ?? "all",
    scopes: input.scopes,
    categories: input.categories ?? [],
    blocks: input.blocks ?? [],
    contentSources: input.contentSources ?? [],
    externalLinks: input.externalLinks ?? [],
    configurations: input.configurations ?? null,
    contentSecurityPolicy:
      input.contentSecurityPolicy === undefined
        ? null
        : JSON.stringify(input.contentSecurityPolicy),
    scriptKey: script.key,
    scriptHash: script.hash,
    iconKey,
    previewImageKeys,
    secretsSealed,
    updatedAt: now,
  };
  const [, [row]] = await db.batch([
    leaveListCount(db, target.name, target.organizationId),
    db
      .insert(integrations)
      .values({
        id: newId(),
        name: target.name,
        organizationId: target.organizationId,
        version: 1,
        signingSecretSealed: await seal(env.SIGNING_SECRET, newSigningSecret()),
        createdAt: now,
        ...fields,
      })
      .onConflictDoUpdate({
        target: integrations.name,
        set: { ...fields, version: sql`${integrations.version} + 1` },
        setWhere: eq(integrations.organizationId, target.organizationId),
      })
      .returning(),
    joinListCount(db, target.name, target.organizationId),
  ]);
  // No row: the name was taken meanwhile by another organization's first publish.
  if (!row) throw new Error("integration name taken concurrently");
  return row;
}

/**
 * Deletes an integration owned by `organizationId` with its installations (cascade) and their
 * bot users and grants, and takes it out of its list counter, in one batch.
 */
export async function deleteIntegration(db: Database, organizationId: string, name: string) {
  const mine = and(eq(integrations.name, name), eq(integrations.organizationId, organizationId));
  const id = sql`(SELECT ${integrations.id} FROM ${integrations} WHERE ${mine})`;
  const bots = db
    .select({ id: integrationInstallations.botUserId })
    .from(integrationInstallations)
    .where(eq(integrationInstallations.integrationId, id));
  await db.batch([
    leaveListCount(db, name, organizationId),
    db
      .delete(contentGrants)
      .where(
        and(eq(contentGrants.principalType, "user"), inArray(contentGrants.principalId, bots)),
      ),
    db.delete(users).where(inArray(users.id, bots)),
    db.delete(integrations).where(mine),
  ]);
}
