import { eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { plan } from "../../db/plan";
import { siteAdaptiveSchemas, type AdaptiveJsonSchema } from "../../db/schema/index";
import { RefusedValue } from "../../lib/errors";
import { nowIso } from "../../lib/clock";
import { parseCondition } from "../../lib/condition";

/** The draft-07 meta-schema URI, the only `$schema` accepted. */
const DRAFT_07 = "http://json-schema.org/draft-07/schema#";
/** The official description of the `unsigned` claims object. */
const UNSIGNED_DESCRIPTION = "Unsigned claims of the site visitor.";
/** Most claims per level (signed, unsigned). */
const MAX_CLAIMS = 100;

/** A claim name usable as `visitor.claims.<name>` in a condition. */
const CLAIM_NAME = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/** Throws the domain error of one broken rule, naming where in the body it broke. */
function fail(path: string, rule: string): never {
  throw new RefusedValue(`jsonSchema${path}`, rule);
}

/** Only these keys may appear in an object of the schema. */
function onlyKeys(obj: Record<string, unknown>, allowed: readonly string[], path: string) {
  for (const key of Object.keys(obj)) {
    if (!allowed.includes(key))
      fail(`${path}.${key}`, `not allowed here (allowed: ${allowed.join(", ")})`);
  }
}

/** Checks the boolean claims of one `properties` object. */
function checkClaims(properties: unknown, path: string, allowUnsigned: boolean) {
  if (!isObject(properties)) fail(path, "must be an object of claims");
  const names = Object.keys(properties).filter((n) => !(allowUnsigned && n === "unsigned"));
  if (names.length > MAX_CLAIMS) fail(path, `at most ${MAX_CLAIMS} claims`);
  for (const name of names) {
    const at = `${path}.${name}`;
    if (!CLAIM_NAME.test(name))
      fail(at, "claim names must be identifiers ([A-Za-z_$][A-Za-z0-9_$]*)");
    const claim = properties[name];
    if (!isObject(claim)) fail(at, 'must be {"type": "boolean", "description": string}');
    onlyKeys(claim, ["type", "description"], at);
    if (claim.type !== "boolean") fail(`${at}.type`, 'must be "boolean" (claims are booleans)');
    if (typeof claim.description !== "string") fail(`${at}.description`, "must be a string");
    if (claim.description.length > 512) fail(`${at}.description`, "at most 512 characters");
  }
}

/**
 * Checks an adaptive schema against the rules (docs/compat-notes/sites.md): a draft-07 object
 * schema whose properties are boolean claims, with an optional `unsigned` object of boolean
 * claims, and `additionalProperties: false` at both levels. The first broken rule is a 400.
 */
export function validateAdaptiveSchema(schema: Record<string, unknown>): AdaptiveJsonSchema {
  onlyKeys(schema, ["$schema", "type", "properties", "additionalProperties"], "");
  if (schema.$schema !== undefined && schema.$schema !== DRAFT_07) {
    fail(".$schema", `must be "${DRAFT_07}" (draft-07)`);
  }
  if (schema.type !== "object") fail(".type", 'must be "object"');
  if (schema.additionalProperties !== false) fail(".additionalProperties", "must be false");
  checkClaims(schema.properties, ".properties", true);
  const unsigned = (schema.properties as Record<string, unknown>).unsigned;
  if (unsigned !== undefined) {
    const at = ".properties.unsigned";
    if (!isObject(unsigned)) fail(at, "must be an object schema of unsigned claims");
    onlyKeys(unsigned, ["type", "description", "properties", "additionalProperties"], at);
    if (unsigned.type !== "object") fail(`${at}.type`, 'must be "object"');
    if (unsigned.description !== UNSIGNED_DESCRIPTION) {
      fail(`${at}.description`, `must be "${UNSIGNED_DESCRIPTION}"`);
    }
    if (unsigned.additionalProperties !== false)
      fail(`${at}.additionalProperties`, "must be false");
    checkClaims(unsigned.properties, `${at}.properties`, false);
  }
  return schema;
}

/** The claims of a valid schema: signed names and unsigned names, with their descriptions. */
function claimsOf(schema: AdaptiveJsonSchema) {
  const props = (schema.properties ?? {}) as Record<string, { description?: string }>;
  const unsigned =
    (props.unsigned as { properties?: Record<string, { description?: string }> })?.properties ?? {};
  const signed = Object.entries(props).filter(([name]) => name !== "unsigned");
  return { signed, unsigned: Object.entries(unsigned) };
}

/**
 * Ready-to-use conditions derived from the schema: for each claim, "is true" and "is not true";
 * each parses with the condition grammar (asserted here, so a bug cannot ship a broken template).
 */
export function templateConditions(schema: AdaptiveJsonSchema | null) {
  if (!schema) return [];
  const { signed, unsigned } = claimsOf(schema);
  const items: { description: string; condition: string }[] = [];
  const add = (ref: string, label: string) => {
    items.push({ description: `Visitors whose ${label} is true`, condition: `${ref} === true` });
    items.push({
      description: `Visitors whose ${label} is not true`,
      condition: `${ref} !== true`,
    });
  };
  for (const [name, claim] of signed) {
    add(`visitor.claims.${name}`, `claim "${name}" (${claim.description ?? ""})`);
  }
  for (const [name, claim] of unsigned) {
    add(`visitor.claims.unsigned.${name}`, `unsigned claim "${name}" (${claim.description ?? ""})`);
  }
  for (const item of items) parseCondition(item.condition);
  return items;
}

/** Stores (insert or replace) a site's adaptive schema; returns the stored row. */
export async function putAdaptiveSchema(db: Database, siteId: string, schema: AdaptiveJsonSchema) {
  const row = { siteId, jsonSchema: schema, updatedAt: nowIso() };
  const [stored] = await db
    .insert(siteAdaptiveSchemas)
    .values(row)
    .onConflictDoUpdate({
      target: siteAdaptiveSchemas.siteId,
      set: { jsonSchema: schema, updatedAt: row.updatedAt },
    })
    .returning();
  return stored ?? row;
}

/** A site's adaptive schema row (undefined: none set yet), as a plan to run with an access check. */
export function adaptiveSchemaPlan(db: Database, siteId: string) {
  return plan(
    {
      schema: db
        .select()
        .from(siteAdaptiveSchemas)
        .where(eq(siteAdaptiveSchemas.siteId, siteId))
        .limit(1),
    },
    (r) => r.schema[0],
  );
}
