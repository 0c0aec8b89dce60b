import type { Corpus } from "../corpora/kit";
import { buildTicketCorpus, type TicketLang, type TicketLanguage } from "../ticket-kit";
import { COURSE_PROBLEMS_1 } from "./course-problems-1";
import { COURSE_PROBLEMS_2 } from "./course-problems-2";

/**
 * Corpus "course-desk" — HELD OUT (issue 33, family D): an online-course platform's desk, 10
 * problems × 32 conversations + 45 noise, English, French, German, Spanish. Written before the
 * engine changes of helper "clusters", with its own seed and wording; measured, never examined
 * item by item, never tuned on.
 */

const LANGUAGES: Record<TicketLang, TicketLanguage> = {
  en: {
    frames: ["{say}", "Quick one: {say}", "Not sure who to ask. {say}", "{say} Is this known?"],
    greetings: ["Hi there,", "Hello,", "Good evening,", ""],
    signoffs: ["Cheers, Tom", "Best, Aisha", "Thx", "", "Looking forward to your answer."],
    contexts: [
      "I'm taking the data analysis course for my job.",
      "We use the platform for our company onboarding.",
      "I teach two courses here since spring.",
      "My daughter is studying for her exam with your courses.",
    ],
    tried: [
      "I cleared the cache and tried Firefox and Chrome.",
      "Logging out and back in changed nothing.",
      "I reinstalled the app already.",
    ],
    impacts: ["My deadline is on Friday.", "Twenty colleagues have the same thing."],
    replies: ["Could you tell us the course name?", "Which device and browser do you use?"],
    followUps: ["Still happening today.", "Any news? Nothing changed here."],
  },
  fr: {
    frames: ["{say}", "Petite question : {say}", "{say} C'est connu ?"],
    greetings: ["Bonjour,", "Bonsoir,", ""],
    signoffs: ["Merci d'avance, Julie", "Cordialement", ""],
    contexts: [
      "Je suis la formation en comptabilité pour mon travail.",
      "Notre école utilise la plateforme depuis la rentrée.",
    ],
    tried: ["J'ai vidé le cache et essayé un autre navigateur.", "J'ai réinstallé l'appli."],
    impacts: ["Mon examen est vendredi.", "Toute la classe est concernée."],
    replies: ["Pouvez-vous nous donner le nom du cours ?", "Quel appareil utilisez-vous ?"],
    followUps: ["Toujours pareil aujourd'hui.", "Des nouvelles ?"],
  },
  de: {
    frames: ["{say}", "Kurze Frage: {say}", "{say} Ist das bekannt?"],
    greetings: ["Hallo,", "Guten Tag,", ""],
    signoffs: ["Danke, Jens", "Viele Grüße", ""],
    contexts: [
      "Ich mache den Programmierkurs berufsbegleitend.",
      "Wir nutzen die Plattform für Schulungen im Betrieb.",
    ],
    tried: ["Cache geleert und anderen Browser probiert.", "App neu installiert, bringt nichts."],
    impacts: ["Die Prüfung ist am Freitag.", "Die ganze Abteilung hat das."],
    replies: ["Wie heißt der Kurs?", "Welches Gerät und welchen Browser nutzen Sie?"],
    followUps: ["Immer noch dasselbe.", "Gibt es etwas Neues?"],
  },
  es: {
    frames: ["{say}", "Una pregunta: {say}", "{say} ¿Es un error conocido?"],
    greetings: ["Hola,", "Buenas tardes,", ""],
    signoffs: ["Gracias, Lucía", "Saludos", ""],
    contexts: [
      "Estoy haciendo el curso de marketing para mi trabajo.",
      "Usamos la plataforma en nuestra academia.",
    ],
    tried: ["Borré la caché y probé otro navegador.", "Reinstalé la app y nada."],
    impacts: ["Mi examen es el viernes.", "A toda la clase le pasa."],
    replies: ["¿Nos dice el nombre del curso?", "¿Qué dispositivo usa?"],
    followUps: ["Sigue igual hoy.", "¿Alguna novedad?"],
  },
};

/** Threads that hold no problem: praise, questions answered, small talk, off-topic. */
const NOISE: string[][] = [
  ["Just wanted to say the new course on statistics is brilliant!"],
  ["Merci beaucoup pour votre aide rapide !"],
  ["Vielen Dank, alles klar jetzt."],
  ["¡Muchas gracias, todo perfecto!"],
  ["hello?", "Hi! How can we help?", "sorry wrong window"],
  ["Do you offer a student discount?", "Yes, 30% with a student email.", "Great, thanks!"],
  ["Is there a course about watercolour painting?", "Not yet, but soon.", "ok thanks"],
  ["Bonjour, vous êtes ouverts le dimanche ?", "Le support répond 7j/7.", "Super merci"],
  ["Wann kommt der neue Kurs zu Excel?", "Im November.", "Danke!"],
  ["¿Puedo cambiar mi foto de perfil?", "Sí, en Ajustes.", "Listo, gracias"],
  ["Love the app, keep it up"],
  ["test"],
];

/** Builds the held-out course-desk corpus (deterministic). */
export function courseDeskCorpus(): Corpus {
  return buildTicketCorpus({
    name: "course-desk",
    seed: 90_417,
    perProblem: 32,
    problems: [...COURSE_PROBLEMS_1, ...COURSE_PROBLEMS_2],
    languages: LANGUAGES,
    mix: [0.4, 0.2, 0.2, 0.2],
    noise: NOISE,
    noiseCount: 45,
    typoRate: 0.4,
  });
}
