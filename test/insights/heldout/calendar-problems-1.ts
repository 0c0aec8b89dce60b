import type { StoryProblem } from "./story-kit";

/**
 * HELD OUT (issue 33): the first five problems of a team-scheduling app's support desk, each
 * told through several different symptoms per language. Written before any tuning.
 */
export const CALENDAR_PROBLEMS_1: StoryProblem[] = [
  {
    label: "calendar-sync",
    salient: ["sync", "calendar", "outlook", "google"],
    formSubjects: ["Integrations", "Calendar sync"],
    tellings: {
      en: {
        subjects: ["{Google|Outlook} calendar not syncing", "Events missing", "Sync broken"],
        symptoms: [
          "Events I add in {Google Calendar|Outlook} never show up in my schedule here.",
          "My {Outlook|Google} calendar stopped syncing {on Monday|two days ago|after the weekend}.",
          "Meetings created on the {web|desktop} don't appear in my {Google|Outlook} agenda.",
          "the calendar sync has been stuck on pending for {hours|a day}",
          "Changes I make to an event are not pushed to {Outlook|Google Calendar}, the old time stays there.",
        ],
        context: [
          "I connected the account again in settings.",
          "We use {Office 365|Google Workspace}.",
        ],
      },
      fr: {
        subjects: ["Synchronisation du calendrier", "Agenda pas synchronisé"],
        symptoms: [
          "Les événements de mon agenda {Google|Outlook} n'apparaissent plus dans l'application.",
          "La synchronisation avec {Outlook|Google Agenda} ne fonctionne plus depuis {lundi|hier}.",
          "Mes rendez-vous créés sur le site ne remontent pas dans mon calendrier {Google|Outlook}.",
          "synchro du calendrier bloquée en attente",
        ],
        context: ["J'ai reconnecté le compte dans les paramètres."],
      },
      de: {
        subjects: ["Kalender Synchronisierung", "Termine fehlen"],
        symptoms: [
          "Termine aus meinem {Google|Outlook} Kalender werden nicht mehr synchronisiert.",
          "Die Synchronisation mit {Outlook|Google} hängt seit {Montag|gestern}.",
          "Neue Termine aus der Web-App tauchen in {Outlook|Google Kalender} nicht auf.",
          "kalender sync geht nicht mehr",
        ],
        context: ["Wir nutzen {Office 365|Google Workspace}."],
      },
      es: {
        subjects: ["Sincronización del calendario", "Eventos no aparecen"],
        symptoms: [
          "Los eventos de mi calendario de {Google|Outlook} no aparecen en la aplicación.",
          "La sincronización con {Outlook|Google Calendar} dejó de funcionar {el lunes|ayer}.",
          "Las citas que creo en la web no llegan a mi calendario de {Google|Outlook}.",
          "la sincronizacion del calendario esta atascada",
        ],
      },
    },
  },
  {
    label: "reminders-missing",
    salient: ["reminder", "reminders", "notification", "push"],
    formSubjects: ["Notifications", "Mobile app"],
    tellings: {
      en: {
        subjects: ["No reminders", "Push notifications not arriving", "Missed reminder"],
        symptoms: [
          "I don't get any reminder before my appointments anymore.",
          "Push notifications for upcoming meetings never arrive on my {phone|iPhone|Android}.",
          "The {15 minute|10 minute} reminder doesn't pop up, I missed two calls because of it.",
          "reminders silent on mobile since the update",
          "My colleagues receive the alert before a meeting but I receive nothing on my phone.",
        ],
        context: ["Notifications are allowed in the phone settings."],
      },
      fr: {
        subjects: ["Rappels absents", "Pas de notifications"],
        symptoms: [
          "Je ne reçois plus les rappels avant mes rendez-vous.",
          "Les notifications push des réunions n'arrivent pas sur mon {téléphone|portable}.",
          "Le rappel {15|10} minutes avant ne s'affiche plus, j'ai raté une réunion.",
          "plus aucune notification de rappel sur mobile",
        ],
        context: ["Les notifications sont autorisées sur le téléphone."],
      },
      de: {
        subjects: ["Keine Erinnerungen", "Push Benachrichtigungen fehlen"],
        symptoms: [
          "Ich bekomme keine Erinnerung mehr vor meinen Terminen.",
          "Push-Benachrichtigungen für Meetings kommen auf dem {Handy|iPhone} nicht an.",
          "Die Erinnerung {15|10} Minuten vorher erscheint nicht mehr.",
          "erinnerungen auf dem handy bleiben stumm",
        ],
      },
      es: {
        subjects: ["No llegan recordatorios", "Notificaciones push"],
        symptoms: [
          "Ya no recibo los recordatorios antes de mis citas.",
          "Las notificaciones push de las reuniones no llegan a mi {móvil|teléfono}.",
          "El recordatorio de {15|10} minutos no aparece, perdí una reunión.",
          "no me llegan avisos de recordatorio en el movil",
        ],
      },
    },
  },
  {
    label: "timezone-shift",
    salient: ["timezone", "time", "hour", "zone"],
    formSubjects: ["Scheduling", "Calendar"],
    tellings: {
      en: {
        subjects: ["Wrong time on events", "Timezone problem", "Meetings one hour off"],
        symptoms: [
          "All my meetings show one hour {later|earlier} than they were booked.",
          "Since the clocks changed every event is shifted by an hour.",
          "Guests in {London|New York} see the meeting at the wrong time, the timezone is ignored.",
          "time zone wrong on invites, shows UTC instead of my local time",
        ],
        context: ["My profile timezone is set to {Europe/Paris|America/Chicago}."],
      },
      fr: {
        subjects: ["Mauvais fuseau horaire", "Décalage d'une heure"],
        symptoms: [
          "Tous mes rendez-vous sont décalés d'une heure depuis le changement d'heure.",
          "Le fuseau horaire n'est pas respecté, mes invités voient une mauvaise heure.",
          "les réunions s'affichent une heure plus {tôt|tard}",
        ],
      },
      de: {
        subjects: ["Falsche Zeitzone", "Termine eine Stunde verschoben"],
        symptoms: [
          "Seit der Zeitumstellung sind alle Termine um eine Stunde verschoben.",
          "Die Zeitzone wird ignoriert, Gäste sehen eine falsche Uhrzeit.",
          "meetings werden eine stunde zu {früh|spät} angezeigt",
        ],
      },
      es: {
        subjects: ["Zona horaria incorrecta", "Una hora de diferencia"],
        symptoms: [
          "Desde el cambio de hora todas mis citas aparecen una hora {antes|después}.",
          "La zona horaria no se respeta, los invitados ven otra hora.",
          "las reuniones salen con una hora de desfase",
        ],
      },
    },
  },
  {
    label: "attachment-upload",
    salient: ["attachment", "upload", "file", "attach"],
    formSubjects: ["Files", "Tasks"],
    tellings: {
      en: {
        subjects: ["Cannot attach files", "Upload fails", "Attachment error"],
        symptoms: [
          "I can't attach a {PDF|spreadsheet|photo} to a task, the upload bar stops at {90|50} percent.",
          "Uploading files bigger than {5|10} MB fails with an error.",
          "The attachment button does nothing when I pick a document.",
          "file upload on tasks keeps failing",
        ],
      },
      fr: {
        subjects: ["Pièce jointe impossible", "Téléversement échoue"],
        symptoms: [
          "Impossible de joindre un fichier à une tâche, l'envoi s'arrête à {90|50} %.",
          "Les pièces jointes de plus de {5|10} Mo sont refusées avec une erreur.",
          "le bouton pour ajouter une pièce jointe ne fait rien",
        ],
      },
      de: {
        subjects: ["Anhang hochladen", "Datei Upload"],
        symptoms: [
          "Ich kann keine Datei an eine Aufgabe anhängen, der Upload bricht bei {90|50} Prozent ab.",
          "Dateien über {5|10} MB lassen sich nicht hochladen.",
          "anhang hinzufügen funktioniert nicht",
        ],
      },
      es: {
        subjects: ["No puedo adjuntar archivos", "Error al subir"],
        symptoms: [
          "No puedo adjuntar un archivo a una tarea, la subida se detiene al {90|50} %.",
          "Los archivos de más de {5|10} MB fallan al subirlos.",
          "el boton de adjuntar no hace nada",
        ],
      },
    },
  },
  {
    label: "recurring-delete",
    salient: ["recurring", "series", "occurrence", "delete"],
    formSubjects: ["Calendar", "Scheduling"],
    tellings: {
      en: {
        subjects: ["Deleting one event deletes the series", "Recurring meeting gone"],
        symptoms: [
          "When I delete a single occurrence of a recurring meeting the whole series disappears.",
          "Removing just {Tuesday's|this week's} session of our weekly standup wiped all future ones.",
          "I chose 'only this event' but every repeat of the meeting was deleted.",
          "deleting one instance of a repeating event kills the entire series",
        ],
      },
      fr: {
        subjects: ["Série supprimée", "Événement récurrent"],
        symptoms: [
          "Quand je supprime une seule occurrence d'une réunion récurrente, toute la série disparaît.",
          "J'ai choisi « seulement cet événement » mais toutes les répétitions ont été supprimées.",
          "supprimer une occurrence efface toute la serie",
        ],
      },
      de: {
        subjects: ["Serientermin gelöscht", "Wiederkehrender Termin"],
        symptoms: [
          "Wenn ich einen einzelnen Termin einer Serie lösche, ist die ganze Serie weg.",
          "Ich habe 'nur diesen Termin' gewählt, trotzdem wurden alle Wiederholungen gelöscht.",
          "einzelnen serientermin löschen entfernt alle",
        ],
      },
      es: {
        subjects: ["Se borra toda la serie", "Evento periódico"],
        symptoms: [
          "Al borrar una sola ocurrencia de una reunión periódica desaparece toda la serie.",
          "Elegí 'solo este evento' y se eliminaron todas las repeticiones.",
          "eliminar una cita de la serie borra todas",
        ],
      },
    },
  },
];
