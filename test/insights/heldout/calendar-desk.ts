import type { Corpus } from "../corpora/kit";
import { CALENDAR_PROBLEMS_1 } from "./calendar-problems-1";
import { CALENDAR_PROBLEMS_2 } from "./calendar-problems-2";
import { buildStoryCorpus, type Lang, type LangFrame } from "./story-kit";

/**
 * Corpus "calendar-desk" — HELD OUT (issue 33): a team-scheduling app's support desk, 10
 * problems × 30 conversations + 40 noise = 340, in English, French, German and Spanish, built by
 * generator family B (story-kit.ts). Written before any tuning of the engine, measured once
 * before the change and once after it; never looked at item by item.
 */

const FRAMES: Record<Lang, LangFrame> = {
  en: {
    openers: ["Hi there,", "Hello,", "Hey,", "Good morning,", ""],
    closers: ["Thanks.", "Cheers, Tom", "Best regards, Aisha", "Let me know.", ""],
    chatter: [
      "We are a {small|growing} {agency|clinic|law firm} and use the app every day.",
      "I switched from another tool last {month|year}.",
      "Hope you are doing well.",
    ],
    attempts: [
      "I already logged out and back in.",
      "Reinstalling did not change anything.",
      "I tried another browser too.",
    ],
    impact: [
      "This is blocking my whole team.",
      "Pretty annoying for our clients.",
      "Please hurry.",
    ],
    agentAsks: ["Could you tell me which device you use?", "Can you send a screenshot?"],
    stillBroken: ["Still the same after that.", "That did not help, it still happens."],
  },
  fr: {
    openers: ["Bonjour,", "Bonjour à tous,", "Salut,", ""],
    closers: ["Merci d'avance.", "Cordialement, Julie", "Bonne journée.", ""],
    chatter: [
      "Nous sommes un {petit cabinet|centre médical} et utilisons l'outil tous les jours.",
      "J'espère que vous allez bien.",
    ],
    attempts: ["J'ai déjà réinstallé l'application.", "J'ai essayé un autre navigateur."],
    impact: ["C'est bloquant pour l'équipe.", "Nos clients se plaignent."],
    agentAsks: ["Quel appareil utilisez-vous ?", "Pouvez-vous envoyer une capture ?"],
    stillBroken: ["Toujours pareil.", "Ça n'a rien changé, le problème continue."],
  },
  de: {
    openers: ["Hallo,", "Guten Tag,", "Moin,", ""],
    closers: ["Danke im Voraus.", "Viele Grüße, Jan", "Gruß", ""],
    chatter: [
      "Wir sind eine kleine {Praxis|Agentur} und nutzen das Tool täglich.",
      "Ich hoffe, es geht Ihnen gut.",
    ],
    attempts: ["Neu installiert habe ich schon.", "Ein anderer Browser hilft auch nicht."],
    impact: ["Das blockiert unser ganzes Team.", "Unsere Kunden beschweren sich."],
    agentAsks: ["Welches Gerät verwenden Sie?", "Können Sie einen Screenshot schicken?"],
    stillBroken: ["Immer noch dasselbe.", "Hat nichts geändert, passiert weiterhin."],
  },
  es: {
    openers: ["Hola,", "Buenos días,", "Buenas,", ""],
    closers: ["Gracias de antemano.", "Saludos, Marta", "Un saludo.", ""],
    chatter: [
      "Somos una {pequeña clínica|agencia} y usamos la herramienta a diario.",
      "Espero que estéis bien.",
    ],
    attempts: ["Ya reinstalé la aplicación.", "Probé con otro navegador."],
    impact: ["Esto bloquea a todo el equipo.", "Nuestros clientes se quejan."],
    agentAsks: ["¿Qué dispositivo usa?", "¿Puede enviar una captura de pantalla?"],
    stillBroken: ["Sigue igual.", "No ha cambiado nada, sigue pasando."],
  },
};

const NOISE: Record<Lang, string[][]> = {
  en: [
    ["Thanks a lot for the quick help yesterday!"],
    ["Just wanted to say the new week view is {lovely|great}."],
    ["Do you offer a discount for nonprofits?", "Yes, 30 % off.", "Great, thanks!"],
    ["How do I change my profile picture?", "Settings, then Profile.", "Found it, thanks."],
    ["Out of office: I am away until Monday."],
    ["Never mind, I figured it out."],
  ],
  fr: [
    ["Merci beaucoup pour votre aide !"],
    ["Comment changer la couleur d'un agenda ?", "Clic droit puis Couleur.", "Parfait, merci."],
    ["Réponse automatique : je suis absente cette semaine."],
    ["Laissez tomber, c'est bon."],
  ],
  de: [
    ["Vielen Dank für die schnelle Hilfe!"],
    ["Wie ändere ich die Sprache?", "Unter Einstellungen, Sprache.", "Super, danke."],
    ["Abwesenheitsnotiz: Ich bin bis Freitag nicht im Büro."],
    ["Hat sich erledigt, mein Fehler."],
  ],
  es: [
    ["¡Muchas gracias por la ayuda!"],
    ["¿Cómo cambio mi foto de perfil?", "En Ajustes, Perfil.", "Listo, gracias."],
    ["Respuesta automática: estoy fuera de la oficina."],
    ["Olvídalo, ya está."],
  ],
};

/** The held-out corpus (340 conversations). */
export function calendarDeskCorpus(): Corpus {
  return buildStoryCorpus({
    name: "calendar-desk",
    seed: 7_331_029,
    perProblem: 30,
    languageWeights: { en: 4, fr: 2, de: 2, es: 2 },
    problems: [...CALENDAR_PROBLEMS_1, ...CALENDAR_PROBLEMS_2],
    frames: FRAMES,
    noise: NOISE,
    noiseCount: 40,
  });
}
