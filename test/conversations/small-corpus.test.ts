import { describe, expect, it } from "vitest";
import { as } from "../helpers/api";
import { makeOrg } from "../helpers/factories";
import { ingestAndWait, PASSWORD_TEXTS, PDF_TEXTS } from "../helpers/conversations-factories";

/** Five phrasings of each problem (the shared four and one more). */
const PASSWORD = [...PASSWORD_TEXTS, "No puedo restablecer mi contraseña, el correo no llega."];
const PDF = [...PDF_TEXTS, "Hi, how do I export a page to PDF? The export button does nothing."];

describe("conversation insights on a young corpus", () => {
  it("groups ten conversations of two problems into two clusters", async () => {
    const { org, owner } = await makeOrg();
    const texts = PASSWORD.flatMap((p, i) => [p, PDF[i]!]);
    const problemOf = new Map<string, string>();
    for (const [i, text] of texts.entries()) {
      const body = {
        id: `young-${i}`,
        parts: [{ type: "message" as const, role: "user" as const, body: text }],
      };
      problemOf.set(body.id, i % 2 === 0 ? "password" : "pdf");
      const detail = await ingestAndWait(owner.token, org.id, body);
      expect(detail.conversation.issues).toBe(1);
    }
    const clusters = await as(owner.token).get(`/orgs/${org.id}/conversations-clusters`);
    expect(clusters.body.count).toBe(2);
    const items = clusters.body.items as { id: string; icon: string; stats: { issues: number } }[];
    expect(items.map((c) => c.stats.issues)).toEqual([5, 5]);
    expect(items.map((c) => c.icon).sort()).toEqual(["file-export", "lock"]);
    for (const c of items) {
      const issues = await as(owner.token).get(`/orgs/${org.id}/conversations-issues`, {
        query: { cluster: c.id },
      });
      const problems = issues.body.items.map(
        (i: { conversation: { id: string } }) => problemOf.get(i.conversation.id)!,
      );
      expect(problems).toHaveLength(5);
      expect(new Set(problems).size).toBe(1);
    }
  }, 90_000);
});
