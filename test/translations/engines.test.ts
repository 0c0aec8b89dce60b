import { describe, expect, it } from "vitest";
import { translateAll } from "../../src/services/translations/engines/translation-engine";
import {
  WORKERS_AI_MODEL,
  workersAiEngine,
  type AiRunner,
} from "../../src/services/translations/engines/workers-ai";
import { segmentDocument, termMatcher } from "../../src/translate/index";

/** A test double of the `Ai` binding: same `run(model, input)` interface, records the calls. */
function fakeAi(answer: (text: string, to: string) => string | undefined) {
  const calls: { model: string; text: string; source: string; target: string }[] = [];
  const ai: AiRunner = {
    async run(model, input) {
      calls.push({ model, text: input.text, source: input.source_lang, target: input.target_lang });
      const out = answer(input.text, input.target_lang);
      return out === undefined ? {} : { translated_text: out };
    },
  };
  return { ai, calls };
}

describe("Workers AI engine (m2m100), against a test binding", () => {
  it("sends each text to the model with the language codes and keeps the order", async () => {
    const { ai, calls } = fakeAi((text, to) => `${to}:${text}`);
    const engine = workersAiEngine(ai);
    const texts = Array.from({ length: 40 }, (_, i) => `text ${i}`);
    const { translated, calls: batches } = await translateAll(engine, texts, "en", "pt-br");
    expect(translated).toEqual(texts.map((t) => `pt:${t}`));
    expect(batches).toBe(2); // 32 texts per batch
    expect(calls).toHaveLength(40);
    expect(calls[0]).toEqual({
      model: WORKERS_AI_MODEL,
      text: "text 0",
      source: "en",
      target: "pt",
    });
  });

  it("fails the batch when the model answers without a translation", async () => {
    const { ai } = fakeAi(() => undefined);
    await expect(translateAll(workersAiEngine(ai), ["a"], "en", "fr")).rejects.toThrow(
      "translated_text",
    );
  });
});

describe("segmentation and reassembly", () => {
  const doc = {
    object: "document",
    data: {},
    nodes: [
      {
        object: "block",
        type: "paragraph",
        key: "p",
        data: {},
        nodes: [
          {
            object: "text",
            leaves: [
              { object: "leaf", text: "Read ", marks: [] },
              { object: "leaf", text: "this", marks: [{ object: "mark", type: "bold" }] },
              { object: "leaf", text: "x()", marks: [{ object: "mark", type: "code" }] },
            ],
          },
          {
            object: "inline",
            type: "link",
            key: "l",
            isVoid: false,
            data: { ref: { kind: "url", url: "https://a.example" } },
            nodes: [{ object: "text", leaves: [{ object: "leaf", text: "here", marks: [] }] }],
          },
        ],
      },
      {
        object: "block",
        type: "code",
        key: "c",
        data: {},
        nodes: [
          {
            object: "block",
            type: "code-line",
            key: "cl",
            data: {},
            nodes: [{ object: "text", leaves: [{ object: "leaf", text: "secret()", marks: [] }] }],
          },
        ],
      },
    ],
  };

  it("sends one tagged run per block, never code, and rebuilds marks and links", () => {
    const { document, segments } = segmentDocument(doc, termMatcher([]));
    expect(segments.map((s) => s.text)).toEqual(["Read <g1>this</g1><x2/><g3>here</g3>"]);
    expect(segments[0]!.apply("Lis <g1>ceci</g1> <x2/> <g3>ici</g3>")).toBe(true);
    const out = JSON.stringify(document);
    expect(out).toContain('"text":"ceci","marks":[{"object":"mark","type":"bold"}]');
    expect(out).toContain('"text":"x()","marks":[{"object":"mark","type":"code"}]');
    expect(out).toContain('"url":"https://a.example"');
    expect(out).toContain('"text":"ici"');
    expect(out).toContain("secret()");
    // An HTML serializer's `<x2></x2>` for the atom is read the same.
    const again = segmentDocument(doc, termMatcher([]));
    expect(again.segments[0]!.apply("Lis <g1>ceci</g1><x2></x2><g3>ici</g3>")).toBe(true);
  });

  it("keeps the source text when the engine loses or repeats a placeholder", () => {
    for (const broken of [
      "Lis ceci ici",
      "<g1>a</g1><x2/><x2/><g3>b</g3>",
      "<g1>a<g3>b</g1></g3><x2/>",
    ]) {
      const { document, segments } = segmentDocument(doc, termMatcher([]));
      expect(segments[0]!.apply(broken)).toBe(false);
      expect(document).toEqual(doc);
    }
  });

  it("forces glossary terms inside marked text and links, marks kept", () => {
    const matcher = termMatcher([{ term: "Handbook", replacement: "Manuel" }]);
    const bold = [{ object: "mark", type: "bold" }];
    const marked = {
      object: "document",
      data: {},
      nodes: [
        {
          object: "block",
          type: "paragraph",
          data: {},
          nodes: [
            {
              object: "text",
              leaves: [
                { object: "leaf", text: "Read the ", marks: [] },
                { object: "leaf", text: "Handbook now", marks: bold },
              ],
            },
            {
              object: "inline",
              type: "link",
              isVoid: false,
              data: { ref: { kind: "url", url: "https://a.example" } },
              nodes: [
                { object: "text", leaves: [{ object: "leaf", text: "Handbook", marks: [] }] },
              ],
            },
          ],
        },
      ],
    };
    const { document, segments } = segmentDocument(marked, matcher);
    expect(segments[0]!.text).toBe("Read the <g2><x1/> now</g2><g3><x4/></g3>");
    expect(segments[0]!.apply("Lis le <g2><x1/> maintenant</g2><g3><x4/></g3>")).toBe(true);
    const leaves = JSON.stringify(document);
    expect(leaves).toContain(
      '{"object":"leaf","text":"Manuel maintenant","marks":[{"object":"mark","type":"bold"}]}',
    );
    expect(leaves).toContain(
      '"nodes":[{"object":"text","leaves":[{"object":"leaf","text":"Manuel","marks":[]}]}]',
    );
    expect(leaves).not.toContain("Handbook");
  });

  it("protects URLs, variables and glossary terms as atoms", () => {
    const matcher = termMatcher([
      { term: "Quire", replacement: null },
      { term: "Handbook", replacement: "Manuel" },
    ]);
    const plain = {
      object: "document",
      data: {},
      nodes: [
        {
          object: "block",
          type: "paragraph",
          data: {},
          nodes: [
            {
              object: "text",
              leaves: [
                {
                  object: "leaf",
                  text: "Quire Handbook at https://x.example/a and {{ a.b }}",
                  marks: [],
                },
              ],
            },
          ],
        },
      ],
    };
    const { document, segments } = segmentDocument(plain, matcher);
    expect(segments[0]!.text).toBe("<x1/> <x2/> at <x3/> and <x4/>");
    expect(segments[0]!.words).toBe(2);
    segments[0]!.apply("<x1/> <x2/> à <x3/> et <x4/>");
    expect(JSON.stringify(document)).toContain("Quire Manuel à https://x.example/a et {{ a.b }}");
  });
});
