import { describe, expect, it } from "vitest";
import { insightsEngine } from "../../src/services/conversations/engine";
import {
  EMBEDDING_MODEL,
  INSTRUCT_MODEL,
  type InsightsAi,
} from "../../src/services/conversations/workers-ai";

const parts = [
  {
    type: "message" as const,
    role: "user" as const,
    body: "Je n'arrive pas à exporter en PDF, le fichier est vide.",
  },
];

/** A fake `Ai` binding at the boundary: answers by model, records the calls. */
function fakeAi(answers: { instruct: unknown; embed?: unknown; fail?: boolean }) {
  const calls: string[] = [];
  const ai: InsightsAi = {
    async run(model: string, input: unknown) {
      calls.push(model);
      if (answers.fail) throw new Error("AI binding unavailable");
      if (model === INSTRUCT_MODEL) return answers.instruct;
      if (model === EMBEDDING_MODEL) {
        const texts = (input as { text: string[] }).text;
        return (
          answers.embed ?? { shape: [texts.length, 3], data: texts.map(() => [0.1, 0.2, 0.3]) }
        );
      }
      throw new Error(`unexpected model ${model}`);
    },
  } as InsightsAi;
  return { ai, calls };
}

describe("Workers AI insights engine", () => {
  it("extracts issues with the instruction model and embeds them", async () => {
    const { ai, calls } = fakeAi({
      instruct: {
        response:
          'Here you go: {"issues":[{"title":"PDF export produces an empty file","summary":"The user exports a page to PDF and gets a blank file."}]}',
      },
    });
    const issues = await insightsEngine({ AI: ai as unknown as Ai }).extract(null, parts);
    expect(calls).toEqual([INSTRUCT_MODEL, EMBEDDING_MODEL]);
    expect(issues).toHaveLength(1);
    expect(issues[0]).toMatchObject({
      title: "PDF export produces an empty file",
      embedding: [0.1, 0.2, 0.3],
    });
    expect(issues[0]!.tokens.map((t) => t.term)).toContain("pdf");
  });

  it("falls back to the built-in engine when the model fails or answers garbage", async () => {
    for (const answers of [
      { instruct: null, fail: true },
      { instruct: { response: "no json here" } },
      { instruct: { response: '{"issues":[{"title":"x","summary":"y"}]}' }, embed: { data: [] } },
    ]) {
      const { ai } = fakeAi(answers);
      const issues = await insightsEngine({ AI: ai as unknown as Ai }).extract(null, parts);
      expect(issues).toHaveLength(1);
      expect(issues[0]!.embedding).toBeNull();
      expect(issues[0]!.title).toContain("PDF");
    }
  });

  it("never asks the model about small talk, and uses the built-in engine without AI", async () => {
    const { ai, calls } = fakeAi({ instruct: { response: '{"issues":[]}' } });
    const hello = [{ type: "message" as const, role: "user" as const, body: "Hi, thanks!" }];
    expect(await insightsEngine({ AI: ai as unknown as Ai }).extract(null, hello)).toEqual([]);
    expect(calls).toEqual([]);
    const builtIn = await insightsEngine({}).extract(null, parts);
    expect(builtIn[0]!.embedding).toBeNull();
  });
});
