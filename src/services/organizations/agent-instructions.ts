import { eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { agentInstructions } from "../../db/schema/index";
import { nowIso } from "../../lib/clock";
import type { AgentInstructionsRow } from "../../db/schema";
import { plan } from "../../db/plan";

/** The document an organization's agents follow before anyone wrote instructions. */
export function emptyDocument(): Record<string, unknown> {
  return { object: "document", data: {}, nodes: [] };
}

/**
 * The organization's agent instructions as a plan for the access check's round trip; `finish`
 * gives the row, or undefined when they were never set.
 */
export function agentInstructionsPlan(db: Database, organizationId: string) {
  const instructions = db
    .select()
    .from(agentInstructions)
    .where(eq(agentInstructions.organizationId, organizationId))
    .limit(1);
  return plan(
    { instructions },
    (results): AgentInstructionsRow | undefined => results.instructions[0],
  );
}

/** Replaces the organization's agent instructions (one upsert), recording who wrote them. */
export async function putAgentInstructions(
  db: Database,
  input: { organizationId: string; document: Record<string, unknown>; updatedBy: string },
): Promise<AgentInstructionsRow> {
  const values = { ...input, updatedAt: nowIso() };
  const [row] = await db
    .insert(agentInstructions)
    .values(values)
    .onConflictDoUpdate({
      target: agentInstructions.organizationId,
      set: { document: values.document, updatedAt: values.updatedAt, updatedBy: values.updatedBy },
    })
    .returning();
  return row!;
}
