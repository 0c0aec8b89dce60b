import type { Corpus } from "../corpora/kit";
import { buildGrammarCorpus, type GrammarLang, type GrammarLanguage } from "./grammar-kit";
import { SHOP_PROBLEMS_1 } from "./shop-problems-1";
import { SHOP_PROBLEMS_2 } from "./shop-problems-2";

/**
 * Corpus "shop-desk" — TUNING (issue 33): an online-shop platform's merchant desk, 10 problems
 * × 30 conversations + 50 noise, English, French, German and Spanish, generator family A (a
 * slot grammar: almost every conversation words its problem differently).
 */

const LANGUAGES: Record<GrammarLang, GrammarLanguage> = {
  en: {
    templates: [
      "{thing} {symptom}.",
      "Since {when}, {thing} {symptom}.",
      "Why does it happen that {thing} {symptom}?",
      "Is it normal that {thing} {symptom}? Customers are complaining.",
      "We noticed {when} that {thing} {symptom}.",
    ],
    when: ["yesterday", "last Friday", "the update", "this morning", "a few days"],
    greetings: ["Hi,", "Hello support,", "Hey!", ""],
    signoffs: ["Thanks, Priya", "Regards", "Any advice?", ""],
    chatter: [
      "We run a small shop selling candles.",
      "I'm the owner of a bike store.",
      "Our busy season just started.",
    ],
    replies: ["Could you share an order number?", "Which plan are you on?"],
    followUps: ["Still the same, nothing changed.", "Same again today."],
  },
  fr: {
    templates: [
      "{thing} {symptom}.",
      "Depuis {when}, {thing} {symptom}.",
      "Pourquoi {thing} {symptom} ?",
      "On a remarqué {when} que {thing} {symptom}.",
    ],
    when: ["hier", "vendredi", "la mise à jour", "ce matin"],
    greetings: ["Bonjour,", "Salut,", ""],
    signoffs: ["Merci, Claire", "Cordialement", ""],
    chatter: ["Nous vendons des bijoux faits main.", "Je gère une petite boutique de thé."],
    replies: ["Pouvez-vous donner un numéro de commande ?"],
    followUps: ["Toujours pareil.", "Le souci continue."],
  },
  de: {
    templates: [
      "{thing} {symptom}.",
      "Seit {when}: {thing} {symptom}.",
      "Warum {thing} {symptom}?",
      "Uns ist {when} aufgefallen, {thing} {symptom}.",
    ],
    when: ["gestern", "Freitag", "dem Update", "heute früh"],
    greetings: ["Hallo,", "Guten Tag,", ""],
    signoffs: ["Danke, Lukas", "Grüße", ""],
    chatter: ["Wir verkaufen Kaffee online.", "Ich betreibe einen kleinen Buchladen."],
    replies: ["Können Sie eine Bestellnummer nennen?"],
    followUps: ["Immer noch dasselbe.", "Leider weiterhin so."],
  },
  es: {
    templates: [
      "{thing} {symptom}.",
      "Desde {when}, {thing} {symptom}.",
      "¿Por qué {thing} {symptom}?",
      "Nos dimos cuenta {when} de que {thing} {symptom}.",
    ],
    when: ["ayer", "el viernes", "la actualización", "esta mañana"],
    greetings: ["Hola,", "Buenas,", ""],
    signoffs: ["Gracias, Diego", "Saludos", ""],
    chatter: ["Vendemos ropa de segunda mano.", "Tengo una tienda de cerámica."],
    replies: ["¿Nos pasa un número de pedido?"],
    followUps: ["Sigue igual.", "Nada, sigue pasando."],
  },
};

const NOISE: string[][] = [
  ["Thank you so much for fixing our store so fast!"],
  ["Love the new dashboard, great work."],
  ["How do I add a staff account?", "Settings → Staff.", "Done, thanks!"],
  ["Merci pour votre aide, tout est réglé."],
  ["Comment ajouter un logo ?", "Dans Thème, Logo.", "Parfait merci"],
  ["Danke für die schnelle Antwort!"],
  ["Abwesenheitsnotiz: bis Montag nicht erreichbar."],
  ["¡Gracias por todo, equipo!"],
  ["¿Cómo cambio el idioma de la tienda?", "En Ajustes, Idioma.", "Listo, gracias"],
  ["Never mind, my mistake."],
];

/** The tuning corpus (350 conversations). */
export function shopDeskCorpus(): Corpus {
  return buildGrammarCorpus({
    name: "shop-desk",
    seed: 20_260_701,
    perProblem: 30,
    problems: [...SHOP_PROBLEMS_1, ...SHOP_PROBLEMS_2],
    languages: LANGUAGES,
    mix: [0.4, 0.2, 0.2, 0.2],
    noise: NOISE,
    noiseCount: 50,
  });
}
