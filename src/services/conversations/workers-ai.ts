import type { ConversationPartInput } from "../../insights/extract";

/** The Workers AI embedding model (768 dimensions). */
export const EMBEDDING_MODEL = "@cf/baai/bge-base-en-v1.5";

/** The Workers AI instruction model that extracts issues and writes their summaries. */
export const INSTRUCT_MODEL = "@cf/meta/llama-3.1-8b-instruct";

/** Characters of the conversation sent to the model (the start carries the problem). */
const PROMPT_CHARS = 6_000;

/** Most issues the model may report for one conversation. */
const MAX_ISSUES = 3;

/** What the engine needs of the `Ai` binding (tests pass an object with the same method). */
export interface InsightsAi {
  run(
    model: typeof INSTRUCT_MODEL,
    input: { messages: { role: "system" | "user"; content: string }[]; max_tokens: number },
  ): Promise<unknown>;
  run(model: typeof EMBEDDING_MODEL, input: { text: string[] }): Promise<unknown>;
}

/** An issue as the model reports it, with its embedding. */
interface ModelIssue {
  title: string;
  summary: string;
  embedding: number[] | null;
}

const SYSTEM = `You read support conversations for a documentation product. List the problems the
user could not solve or could not find an answer to. Ignore small talk and questions the first
answer solved. Answer only JSON: {"issues":[{"title":"<at most 12 words, in English>",
"summary":"<one or two sentences, in English>"}]} with at most ${MAX_ISSUES} issues, or
{"issues":[]}.`;

/** The JSON object in a model answer (models sometimes wrap it in prose or fences). */
function parseIssues(answer: unknown): { title: string; summary: string }[] {
  const text =
    typeof answer === "object" && answer !== null && "response" in answer
      ? answer.response
      : undefined;
  if (typeof text !== "string") throw new Error("the instruction model answered without text");
  const start = text.indexOf("{");
  const end = text.lastIndexOf("}");
  if (start < 0 || end < start) throw new Error("the instruction model answered no JSON");
  const parsed: unknown = JSON.parse(text.slice(start, end + 1));
  const list =
    typeof parsed === "object" && parsed !== null && "issues" in parsed ? parsed.issues : null;
  if (!Array.isArray(list)) throw new Error("the instruction model answered no issues list");
  const out: { title: string; summary: string }[] = [];
  for (const item of list.slice(0, MAX_ISSUES)) {
    if (typeof item !== "object" || item === null) continue;
    const title = "title" in item && typeof item.title === "string" ? item.title.trim() : "";
    const summary = "summary" in item && typeof item.summary === "string" ? item.summary : "";
    if (title) out.push({ title: title.slice(0, 200), summary: summary.trim().slice(0, 600) });
  }
  return out;
}

/** The embeddings of texts, checked: one vector of numbers per text. */
function parseEmbeddings(answer: unknown, count: number): number[][] {
  const data =
    typeof answer === "object" && answer !== null && "data" in answer ? answer.data : undefined;
  if (
    !Array.isArray(data) ||
    data.length !== count ||
    !data.every((v) => Array.isArray(v) && v.every((x) => typeof x === "number"))
  ) {
    throw new Error("the embedding model answered no vectors");
  }
  return data as number[][];
}

/** Workers AI: issues from the instruction model, each embedded by the embedding model. */
export function workersAiInsights(ai: InsightsAi) {
  return {
    async extract(
      subject: string | null,
      parts: readonly ConversationPartInput[],
    ): Promise<ModelIssue[]> {
      const transcript = [
        subject ? `Subject: ${subject}` : "",
        ...parts.map((p) => `${p.role}: ${p.body}`),
      ]
        .join("\n")
        .slice(0, PROMPT_CHARS);
      const answer = await ai.run(INSTRUCT_MODEL, {
        messages: [
          { role: "system", content: SYSTEM },
          { role: "user", content: transcript },
        ],
        max_tokens: 400,
      });
      const issues = parseIssues(answer);
      if (issues.length === 0) return [];
      const texts = issues.map((i) => `${i.title}. ${i.summary}`);
      const vectors = parseEmbeddings(await ai.run(EMBEDDING_MODEL, { text: texts }), texts.length);
      return issues.map((i, k) => ({ ...i, embedding: vectors[k]! }));
    },
  };
}
