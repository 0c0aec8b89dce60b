import type { Bindings } from "../../env";
import {
  extractIssues,
  type ConversationPartInput,
  type ExtractedIssue,
} from "../../insights/extract";
import { tokenize } from "../../insights/text";
import { workersAiInsights, type InsightsAi } from "./workers-ai";

/** An issue as an engine hands it to clustering: the core's issue, maybe with an embedding. */
export interface EngineIssue extends ExtractedIssue {
  embedding: number[] | null;
}

/** What turns a conversation into issues. */
export interface InsightsEngine {
  name: "built-in" | "workers-ai";
  extract(subject: string | null, parts: readonly ConversationPartInput[]): Promise<EngineIssue[]>;
}

/** The deterministic engine that needs nothing: the pure core of src/insights. */
const builtIn: InsightsEngine = {
  name: "built-in",
  async extract(subject, parts) {
    return extractIssues(subject, parts).map((issue) => ({ ...issue, embedding: null }));
  },
};

/**
 * Workers AI first (an instruction model extracts the issues, an embedding model embeds them),
 * the built-in engine when the model fails or answers something unusable.
 */
function withFallback(ai: InsightsAi): InsightsEngine {
  const model = workersAiInsights(ai);
  return {
    name: "workers-ai",
    async extract(subject, parts) {
      // The built-in extractor still decides noise: the model only rewrites real issues, so a
      // model that invents problems in small talk cannot flood the clusters.
      if (extractIssues(subject, parts).length === 0) return [];
      try {
        const found = await model.extract(subject, parts);
        const userText = parts
          .filter((p) => p.role === "user")
          .map((p) => p.body)
          .join("\n");
        return found.map((f) => ({
          title: f.title,
          summary: f.summary,
          tokens: tokenize(`${f.title}\n${f.summary}\n${subject ?? ""}\n${userText}`),
          embedding: f.embedding,
        }));
      } catch (error) {
        console.warn("insights: Workers AI failed, using the built-in engine", String(error));
        return builtIn.extract(subject, parts);
      }
    },
  };
}

/** The engine of this deployment: Workers AI when the `AI` binding exists, else the built-in. */
export function insightsEngine(env: Pick<Bindings, "AI">): InsightsEngine {
  return env.AI ? withFallback(env.AI) : builtIn;
}
