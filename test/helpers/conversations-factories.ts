import { env } from "cloudflare:test";
import { expect } from "vitest";
import { storeConversation } from "../../src/services/conversations/ingest";
import { processConversationJob } from "../../src/services/conversations/jobs";
import { createOutbound } from "../../src/outbound";
import type { StoredConversationPart } from "../../src/db/schema";
import { as } from "./api";
import { eventually } from "./jobs";
import { testDb, unique } from "./factories";
import { fixtureAfterMain } from "./after-main";

/** A conversation body in the ingestion's wire shape. */
export interface ConversationBody {
  id: string;
  subject?: string;
  metadata?: { url?: string; attributes?: Record<string, string>; createdAt?: string };
  parts: StoredConversationPart[];
}

/** A wire body for a user's message (and maybe the assistant's answer). */
export function conversationBody(userText: string, options: Partial<ConversationBody> = {}) {
  return {
    id: options.id ?? unique("conv-"),
    parts: [{ type: "message" as const, role: "user" as const, body: userText }],
    ...options,
  } satisfies ConversationBody;
}

/**
 * Stores and processes a conversation through the service and the job's own handler (no queue
 * wait), for tests that need insights to read: returns the conversation id.
 */
export async function makeConversation(
  organizationId: string,
  body: ConversationBody,
  source = "api:test",
): Promise<string> {
  const db = testDb();
  const revision = await storeConversation(db, {
    organizationId,
    source,
    id: body.id,
    subject: body.subject,
    url: body.metadata?.url,
    attributes: body.metadata?.attributes,
    createdAt: body.metadata?.createdAt,
    parts: body.parts,
  });
  await runProcessing(organizationId, body.id, revision);
  return body.id;
}

/** Runs the processing job's own handler for a stored conversation (a delivery, in the test). */
export async function runProcessing(organizationId: string, conversationId: string, revision = 1) {
  await processConversationJob.run(
    { organizationId, conversationId, revision },
    {
      env,
      db: testDb(),
      outbound: createOutbound(env),
      attempt: 1,
      afterMain: fixtureAfterMain(),
      enqueue: async () => {},
    },
  );
}

/** Ingests through the route and waits for the queue to process it; returns the detail (§2.20). */
export async function ingestAndWait(token: string, organizationId: string, body: ConversationBody) {
  const res = await as(token).post(`/orgs/${organizationId}/conversations`, body);
  expect(res.status, res.text).toBe(204);
  return eventually(
    async () => {
      const got = await as(token).get(`/orgs/${organizationId}/conversations/${body.id}`);
      expect(got.status).toBe(200);
      expect(got.body.conversation.processedAt).toBeDefined();
      return got.body;
    },
    { timeout: 15_000 },
  );
}

/** Texts of one problem in several phrasings, for clustering tests. */
export const PASSWORD_TEXTS = [
  "I can't reset my password, the reset email never arrives.",
  "Password reset email doesn't come, how do I reset the password?",
  "Je n'arrive pas à réinitialiser mon mot de passe, l'email de réinitialisation n'arrive pas.",
  "Forgot my password and the reset email is not arriving.",
];

/** Texts of another problem. */
export const PDF_TEXTS = [
  "Exporting the space to PDF fails, the PDF is blank.",
  "The PDF export is missing images and the layout is broken.",
  "L'export PDF ne marche pas, le fichier PDF est vide.",
  "PDF export fails with blank pages.",
];
