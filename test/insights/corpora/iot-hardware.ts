import { buildCorpus, type Corpus } from "./kit";

/**
 * Corpus "iot-hardware" — HELD OUT: written before any tuning and never looked at item by item
 * while tuning; the quality test reports it last. A smart-home hardware desk in German, French
 * and English, from one-liners to long stories, four conversations in ten noise.
 */
export function iotHardwareCorpus(): Corpus {
  return buildCorpus({
    name: "iot-hardware",
    seed: 60611,
    perProblem: 20,
    noiseCount: 140,
    typoRate: 0.3,
    problems: [
      {
        label: "battery-drain",
        salient: ["battery", "batterie", "akku"],
        subjects: ["Battery drains", "Akku leer", "Batterie vide"],
        lines: [
          "The door sensor battery is flat after two weeks, it should last a year.",
          "Der Akku vom Bewegungsmelder ist nach wenigen Tagen leer.",
          "La batterie du capteur se vide en une semaine.",
          "battery drain on the motion sensor, replaced it twice this month",
          "Since the last update the batteries of all our sensors die within days, we have twelve of them spread across the house and replacing them every week is not sustainable.",
        ],
      },
      {
        label: "wifi-pairing",
        salient: ["wifi", "wlan", "pairing"],
        subjects: ["Wifi setup", "WLAN Verbindung", "Appairage wifi"],
        lines: [
          "The hub won't join my wifi network during setup, it times out at step 3.",
          "Die Kamera verbindet sich nicht mit dem WLAN, Einrichtung bricht ab.",
          "Impossible de connecter la caméra au wifi, l'appairage échoue.",
          "wifi pairing fails, 5ghz network not found by the plug",
          "I have tried pairing the smart plug with our home wifi at least ten times; the light blinks, the app spins and then says the device could not reach the network.",
        ],
      },
      {
        label: "firmware-stuck",
        salient: ["firmware", "update"],
        subjects: ["Firmware update stuck", "Firmware Update hängt", "Mise à jour bloquée"],
        lines: [
          "Firmware update is stuck at 45 percent for hours.",
          "Das Firmware Update bleibt bei 80 Prozent hängen.",
          "La mise à jour du firmware reste bloquée à 60 %.",
          "firmware upd stuck, device unusable meanwhile",
          "The thermostat started a firmware update last night and this morning it is still showing the progress bar at the same percentage, the heating does not respond.",
        ],
      },
      {
        label: "temperature-wrong",
        salient: ["temperature", "temperatur", "reading"],
        subjects: ["Wrong temperature", "Temperatur falsch", "Température fausse"],
        lines: [
          "The thermostat shows 27 degrees while the room is at 20, temperature readings are off.",
          "Der Sensor zeigt eine falsche Temperatur an, fünf Grad zu hoch.",
          "Le capteur affiche une température fausse, trois degrés de trop.",
          "temperature reading wrong by several degrees",
        ],
      },
      {
        label: "led-red",
        salient: ["led", "red", "blinking"],
        subjects: ["Red light blinking", "LED blinkt rot", "Voyant rouge"],
        lines: [
          "The LED on the hub keeps blinking red and nothing works.",
          "Die LED am Gateway blinkt dauerhaft rot.",
          "Le voyant LED clignote en rouge sans arrêt.",
          "red blinking led on the camera, what does it mean?",
        ],
      },
      {
        label: "bluetooth-discovery",
        salient: ["bluetooth", "app"],
        subjects: ["App does not find device", "Bluetooth Suche", "Bluetooth introuvable"],
        lines: [
          "The app does not find the lock over Bluetooth when I add a device.",
          "Die App findet das Schloss per Bluetooth nicht.",
          "L'application ne détecte pas la serrure en Bluetooth.",
          "bluetooth scan in the app never shows the new lock",
        ],
      },
      {
        label: "push-alerts-late",
        salient: ["alerts", "notifications", "push"],
        subjects: ["Alerts delayed", "Push Benachrichtigung verspätet", "Alertes en retard"],
        lines: [
          "Motion alerts arrive on my phone 20 minutes late.",
          "Push Benachrichtigungen bei Alarm kommen viel zu spät.",
          "Les alertes push arrivent avec une demi-heure de retard.",
          "alert notifications delayed, useless for security",
          "When the water leak sensor triggers, the push notification arrives much later, yesterday it took almost an hour which defeats the purpose.",
        ],
      },
      {
        label: "hub-factory-reset",
        salient: ["reset", "factory"],
        subjects: ["Factory reset", "Werksreset", "Réinitialisation usine"],
        lines: [
          "How do I factory reset the hub? Holding the button does nothing.",
          "Wie setze ich das Gateway auf Werkseinstellungen zurück? Reset Knopf reagiert nicht.",
          "Comment faire une réinitialisation d'usine du hub ? Le bouton reset ne fait rien.",
          "factory reset button not working on hub",
        ],
      },
    ],
    openers: ["Hallo,", "Bonjour,", "Hi,", "", "", "Guten Tag,", "Salut,"],
    closers: ["", "", "Danke!", "Merci.", "Thanks", "Gruß, Petra", "Cordialement"],
    answers: [
      "Welche Firmware Version ist installiert?",
      "Pouvez-vous nous envoyer le numéro de série ?",
      "Could you send a photo of the device?",
    ],
    followUps: [
      "Immer noch dasselbe.",
      "Toujours le même souci.",
      "Still happening after a restart.",
    ],
    noise: [
      [["user", "Hallo!"]],
      [["user", "Merci pour votre réponse rapide !"]],
      [["user", "Danke, alles bestens."]],
      [["user", "Your devices are great, the whole family loves them."]],
      [
        ["user", "Wann kommt die neue Kamera raus?"],
        ["assistant", "Im Frühjahr."],
        ["user", "Super, danke."],
      ],
      [
        ["user", "Comment changer le nom d'un appareil ?"],
        ["assistant", "Appui long sur l'appareil dans l'app."],
        ["user", "Top, ça a marché."],
      ],
      [
        ["user", "Where can I buy extra sensors?"],
        ["assistant", "In our web shop."],
        ["user", "Thanks, ordered."],
      ],
      [["user", "Kein Problem, ich warte gerne."]],
      [["user", "Pas de souci, bonne journée !"]],
      [["user", "Hat sich erledigt, mein Fehler."]],
      [["user", "ok merci"]],
      [["user", "Frohe Weihnachten an das Team!"]],
      [
        ["user", "Can the hub run without internet?"],
        ["assistant", "Yes, automations run locally."],
        ["user", "Good to know, cheers."],
      ],
      [["user", "Just wanted to say the installer was very friendly."]],
    ],
  });
}
