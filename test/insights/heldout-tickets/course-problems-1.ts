import type { TicketProblem } from "../ticket-kit";

/** HELD OUT (issue 33, family D): five problems of an online-course platform's desk. */
export const COURSE_PROBLEMS_1: TicketProblem[] = [
  {
    label: "video-playback",
    salient: ["video", "videos", "lesson", "playback", "plays"],
    says: {
      en: [
        "The lesson videos stay on a black screen with a spinning wheel.",
        "None of the course videos will play, the player just freezes at 0:00.",
        "Videos buffer forever and then the player says playback error.",
        "The video in module 3 starts but there is no sound at all.",
        "When I press play on a lesson the video player goes blank.",
      ],
      fr: [
        "Les vidéos des leçons restent sur un écran noir.",
        "Aucune vidéo du cours ne se lance, le lecteur reste bloqué.",
        "La vidéo charge sans fin puis affiche une erreur de lecture.",
        "La vidéo démarre mais il n'y a pas de son.",
      ],
      de: [
        "Die Lektionsvideos bleiben schwarz und laden endlos.",
        "Kein Video im Kurs lässt sich abspielen, der Player hängt.",
        "Das Video startet, aber es gibt keinen Ton.",
        "Beim Abspielen der Videos kommt ein Wiedergabefehler.",
      ],
      es: [
        "Los vídeos de las lecciones se quedan en pantalla negra.",
        "Ningún vídeo del curso se reproduce, el reproductor se congela.",
        "El vídeo empieza pero no tiene sonido.",
        "Los videos cargan sin parar y luego sale un error de reproducción.",
      ],
    },
    subjects: {
      en: ["Videos not playing", "Black screen on lessons", "video player broken"],
      fr: ["Vidéos illisibles", "Écran noir sur les vidéos"],
      de: ["Videos laufen nicht", "Player schwarz"],
      es: ["Los vídeos no se reproducen", "Pantalla negra"],
    },
  },
  {
    label: "certificate",
    salient: ["certificate", "certificates", "certificat", "zertifikat", "certificado"],
    says: {
      en: [
        "I finished the whole course but no certificate was issued.",
        "My certificate shows my name misspelled and I can't edit it.",
        "Downloading the certificate PDF gives an empty file.",
        "The completion certificate still says in progress although every module is done.",
        "Where is my certificate? The course is 100% complete.",
      ],
      fr: [
        "J'ai terminé le cours mais je n'ai reçu aucun certificat.",
        "Mon nom est mal écrit sur le certificat.",
        "Le PDF du certificat se télécharge vide.",
      ],
      de: [
        "Ich habe den Kurs abgeschlossen, aber kein Zertifikat bekommen.",
        "Auf dem Zertifikat steht mein Name falsch.",
        "Das Zertifikat als PDF lässt sich nicht herunterladen.",
      ],
      es: [
        "Terminé el curso pero no me dieron el certificado.",
        "Mi nombre aparece mal escrito en el certificado.",
        "El PDF del certificado se descarga vacío.",
      ],
    },
    subjects: {
      en: ["No certificate", "Certificate wrong name", "certificate download"],
      fr: ["Certificat manquant", "Erreur sur le certificat"],
      de: ["Zertifikat fehlt", "Zertifikat fehlerhaft"],
      es: ["Falta el certificado", "Certificado con error"],
    },
  },
  {
    label: "quiz-grading",
    salient: ["quiz", "quizzes", "score", "grade", "grading"],
    says: {
      en: [
        "The quiz marked my correct answers as wrong.",
        "My quiz score shows 0 even though I answered everything.",
        "Clicking submit on the final quiz does nothing.",
        "The grade for the module quiz is different from what the results page showed.",
        "I got 9 out of 10 on the quiz but the gradebook says I failed.",
      ],
      fr: [
        "Le quiz compte mes bonnes réponses comme fausses.",
        "Ma note au quiz affiche 0 alors que j'ai tout répondu.",
        "Le bouton valider du quiz final ne fait rien.",
      ],
      de: [
        "Das Quiz wertet meine richtigen Antworten als falsch.",
        "Meine Quiz-Punktzahl steht auf 0, obwohl ich alles beantwortet habe.",
        "Der Absenden-Knopf beim Abschlussquiz reagiert nicht.",
      ],
      es: [
        "El cuestionario marca mis respuestas correctas como incorrectas.",
        "Mi nota del quiz sale 0 aunque respondí todo.",
        "El botón de enviar del quiz final no hace nada.",
      ],
    },
    subjects: {
      en: ["Quiz grading wrong", "Quiz score 0", "can't submit quiz"],
      fr: ["Note du quiz fausse", "Quiz bloqué"],
      de: ["Quiz falsch bewertet", "Quiz lässt sich nicht absenden"],
      es: ["Nota del quiz incorrecta", "Quiz no se envía"],
    },
  },
  {
    label: "access-code",
    salient: ["code", "enrollment", "enrolment", "access", "course"],
    says: {
      en: [
        "The enrollment code my employer gave me says invalid code.",
        "I bought the course but it does not appear in my courses, it still asks me to enroll.",
        "The access code from the invitation email is rejected as expired.",
        "Redeeming the voucher code for the course gives an error.",
      ],
      fr: [
        "Le code d'inscription de mon entreprise est refusé, code invalide.",
        "J'ai acheté le cours mais il n'apparaît pas dans mes cours.",
        "Le code d'accès de l'email d'invitation est expiré.",
      ],
      de: [
        "Der Einschreibecode von meinem Arbeitgeber wird als ungültig abgelehnt.",
        "Ich habe den Kurs gekauft, aber er erscheint nicht in meinen Kursen.",
        "Der Zugangscode aus der Einladung ist angeblich abgelaufen.",
      ],
      es: [
        "El código de inscripción de mi empresa dice código inválido.",
        "Compré el curso pero no aparece en mis cursos.",
        "El código de acceso del correo de invitación aparece como caducado.",
      ],
    },
    subjects: {
      en: ["Invalid enrollment code", "Course not unlocked", "access code rejected"],
      fr: ["Code refusé", "Cours non accessible"],
      de: ["Code ungültig", "Kurs nicht freigeschaltet"],
      es: ["Código inválido", "Curso no disponible"],
    },
  },
  {
    label: "progress-lost",
    salient: ["progress", "completed", "lessons"],
    says: {
      en: [
        "All my progress in the course is gone, it shows 0% again.",
        "Lessons I completed yesterday are marked as not started.",
        "The progress bar is stuck at 40% no matter how many lessons I finish.",
        "After logging in on my tablet my course progress was reset.",
      ],
      fr: [
        "Toute ma progression dans le cours a disparu, c'est revenu à 0%.",
        "Les leçons terminées hier sont marquées comme non commencées.",
        "La barre de progression reste bloquée à 40%.",
      ],
      de: [
        "Mein ganzer Kursfortschritt ist weg, wieder 0%.",
        "Gestern abgeschlossene Lektionen stehen als nicht begonnen.",
        "Der Fortschrittsbalken bleibt bei 40% stehen.",
      ],
      es: [
        "Todo mi progreso del curso desapareció, vuelve a 0%.",
        "Las lecciones que completé ayer salen como no empezadas.",
        "La barra de progreso se queda en 40%.",
      ],
    },
    subjects: {
      en: ["Progress lost", "Completed lessons reset", "progress stuck"],
      fr: ["Progression perdue", "Progression bloquée"],
      de: ["Fortschritt verloren", "Fortschritt hängt"],
      es: ["Progreso perdido", "Progreso atascado"],
    },
  },
];
