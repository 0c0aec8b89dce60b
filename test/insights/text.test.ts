import { describe, expect, it } from "vitest";
import { extractIssues } from "../../src/insights/extract";
import { splitCompound } from "../../src/insights/lexicon";
import { tokenize } from "../../src/insights/text";
import { nearTerms, softCosine, type TermVector } from "../../src/insights/vectors";
import {
  contextCosine,
  issueContext,
  MAX_ASSOCIATES,
  type Associates,
} from "../../src/insights/associations";

const terms = (text: string) => tokenize(text).map((t) => t.term);

describe("insights text: one term per notion, typos forgiven, chatter left out", () => {
  it("maps the four languages' words of one notion to one term", () => {
    const card = terms("card")[0];
    for (const w of ["carte", "tarjeta", "Karte", "cartes", "tarjetas"]) {
      expect(terms(w), w).toEqual([card]);
    }
    expect(terms("Erinnerungen")).toEqual(terms("reminder"));
    expect(terms("pièces jointes")).toEqual(terms("attachment"));
  });

  it("splits a German compound whose last part is a known notion", () => {
    expect(splitCompound("kartenzahlungen")).toEqual(["karten", "zahlungen"]);
    expect(terms("Kartenzahlungen")).toEqual(terms("card payment"));
    expect(splitCompound("kaffee")).toBeNull();
  });

  it("takes generic verbs, weekdays and function words for no topic", () => {
    expect(terms("Visa Zahlungen gehen am Freitag nicht durch")).toEqual(terms("visa payment"));
    expect(terms("Tengo una tienda")).toEqual(terms("shop"));
  });

  it("counts a one-typo spelling as near, not a longer word or a short one", () => {
    expect(nearTerms("export", "epxort")).toBe(true);
    expect(nearTerms("invoic", "inovic")).toBe(true);
    expect(nearTerms("enter", "enterp")).toBe(false);
    expect(nearTerms("card", "cart")).toBe(false);
    expect(softCosine({ export: 1 }, { epxort: 1 })).toBeCloseTo(0.8);
    expect(softCosine({ export: 1 }, { import: 1 })).toBe(0);
  });

  it("counts a letter dropped or doubled before the stem's cut as a typo", () => {
    // "checkout" / "ceckout" and "verification" / "verrification" stem one letter shifted.
    expect(nearTerms("checko", "ceckou")).toBe(true);
    expect(nearTerms("verifi", "verrif")).toBe(true);
    expect(nearTerms("checko", "chance")).toBe(false);
  });

  it('reads German "Mal" (a time, an occurrence) as no judgement of the trouble', () => {
    const body =
      "Ich bestelle jeden Freitag. Die Preise in der App sind höher als im Laden. Das ist schon das dritte Mal diesen Monat.";
    const [issue] = extractIssues(null, [{ role: "user", body }]);
    const got = new Set(issue!.tokens.map((t) => t.term));
    expect(got.has(terms("Preise")[0]!)).toBe(true);
  });

  it("folds ß into ss and maps general verbs across languages", () => {
    expect(terms("Die App schließt sich")).toEqual(terms("the app closes"));
    expect(terms("la app se cierra")).toEqual(terms("the app closes"));
  });

  it("keeps a thread open when the follow-up says it is not solved", () => {
    for (const followUp of [
      "Still not solved.",
      "Immer noch nicht gelöst.",
      "Toujours pas réglé.",
    ]) {
      const issues = extractIssues(null, [
        { role: "user", body: "The login code arrives after it has already expired" },
        { role: "assistant", body: "Could you give us the order number?" },
        { role: "user", body: followUp },
      ]);
      expect(issues).toHaveLength(1);
    }
  });

  it('reads "merci de régler ça" as a request, not as thanks', () => {
    const body = "L'appli place mon adresse deux rues plus loin. Merci de régler ça.";
    expect(extractIssues(null, [{ role: "user", body }])).toHaveLength(1);
    expect(extractIssues(null, [{ role: "user", body: "Merci de votre aide !" }])).toEqual([]);
  });

  it("takes what the user tried for context, not for the trouble", () => {
    const body = "Checkout spins forever and then closes the app. I restarted my phone twice.";
    const [issue] = extractIssues(null, [{ role: "user", body }]);
    const got = new Set(issue!.tokens.map((t) => t.term));
    expect(got.has(terms("checkout")[0]!)).toBe(true);
  });

  it("draws an issue's terms from the sentences stating the trouble, not the chatter", () => {
    const body =
      "I'm the owner of a bike store. Our busy season just started. Discount codes are not applied.";
    const [issue] = extractIssues(null, [{ role: "user", body }]);
    const got = new Set(issue!.tokens.map((t) => t.term));
    expect(got).toEqual(new Set(terms("Discount codes are not applied")));
  });

  it("associates terms seen in the same issues, so two symptoms meet through a shared one", () => {
    // 60 issues: other topics, then "artikel" with "beilag" (3 issues) and with "tute" (3).
    const issues: string[][] = [
      ...Array.from({ length: 54 }, (_, i) => [`thema${i % 17}`, `sache${i % 13}`]),
      ...Array.from({ length: 3 }, () => ["artikel", "beilag", "dabei", "bezahl"]),
      ...Array.from({ length: 3 }, () => ["artikel", "tute", "getran", "nachti"]),
    ];
    const df = new Map<string, number>();
    const associates = new Map<string, Associates>();
    let documents = 0;
    const contextOf = (terms: string[], learn: boolean) => {
      const corpus = {
        documents,
        averageLength: 3,
        documentFrequency: (t: string) => df.get(t) ?? 0,
      };
      const vector: TermVector = Object.fromEntries(
        terms.map((t) => [t, 1 / Math.sqrt(terms.length)]),
      );
      const { context, learned } = issueContext(vector, corpus, (t) => associates.get(t));
      if (learn) for (const [t, a] of learned) associates.set(t, a);
      return context;
    };
    for (const terms of issues) {
      documents += 1;
      for (const t of terms) df.set(t, (df.get(t) ?? 0) + 1);
      contextOf(terms, true);
    }
    const a = contextOf(["beilag", "dabei", "bezahl"], false);
    const b = contextOf(["tute", "getran", "nachti"], false);
    expect(a.artikel).toBeGreaterThan(0);
    expect(b.artikel).toBeGreaterThan(0);
    expect(a.tute).toBeUndefined();
    // Only the associate they share brings them together (a context of < 4 terms meets none).
    expect(contextCosine(a, b)).toBeGreaterThan(0.2);
    for (const map of associates.values()) {
      expect(Object.keys(map).length).toBeLessThanOrEqual(MAX_ASSOCIATES);
    }
    expect(contextCosine({ x: 1 }, { x: 1 })).toBe(0);
  });
});
