/**
 * Words that carry no topic in the four languages the engine reads (English, French, Spanish,
 * German): function words, greetings, politeness, filler and the words of asking for help, so
 * neither matching nor labels ever rest on them.
 */

/** Words that carry no topic, in the four languages the fixture and real tickets use most. */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  `a about above after again all also am an and any are as at be because been before being
  below between both but by can could did do does doing done down during each few for from
  further get got had has have having he her here hers him his how i if in into is it its itself
  just me more most my no nor not now of off on once only or other our out over own same she
  should so some still such than that the their them then there these they this those through
  to too under until up very was we were what when where which while who why will with would
  you your yours hi hello hey thanks thank please pls ok okay yes yeah hmm guys team anyone
  someone something anything really much many way using use used want need trying tried try
  able know let make see seems since today yesterday again already ever even one two
  le la les un une des du de et est en que qui pour pas dans sur avec au aux ce cette ces mais
  ou il elle nous vous ils je tu on mon ma mes son sa ses leur plus tres bonjour merci
  salut svp sil vous plait ne ni se si y comment faire quand car donc
  el los las unos unas del y es que por para con al lo su sus pero como mas muy hola gracias
  yo tu usted se mi mis este esta estos estas ya hay cuando donde
  der die das ein eine einen dem den des und ist sind nicht mit fur auf im am zu von bei aus
  wie was ich du sie wir ihr es man mein meine dein hallo danke bitte auch noch nur schon wenn
  kann konnen
  dear morning afternoon evening cheers regards kind best appreciate advise folks crew thx lol
  issue issues problem problems question help support never nothing mind found same chat just
  quick note say says said hope happened happens happening persists persist urgent update
  bonsoir cordialement beaucoup aide probleme souci toujours pareil encore rien jamais aussi
  buenos buenas dias tardes saludos muchas ayuda pregunta problema sigue igual todavia nada
  nunca tambien guten morgen tag gruss grusse vielen dank hilfe frage leider immer wieder
  dasselbe nichts nie zusammen servus moin
  within although actually always every keeps anymore whole gives give instead via per
  depuis alors apres avant chez sans sous vers tout tous toute toutes fait
  desde entre sin sobre hasta cada todo todos toda todas hace solo
  beim werden wird wurde wurden nach uber unter vom zum zur einer eines einem hat haben habe
  sich oder aber doch dass weil bis seit ohne gegen durch alle alles diese dieser dieses
  una uno unos les leur leurs mon ton notre nos votre vos mes tes lui eux moi toi meme elles
  ont avons avez sont etait ete etre avoir suis sommes etes peut peuvent puis dois doit
  puedo podemos peux pouvons pouvez konnte konnten vez veces fois mal asi aun
  kummern kummert darum solucionadlo
  three four five six seven eight nine ten deux trois quatre cinq sept huit neuf dix
  dos cuatro cinco seis siete ocho nueve diez zwei drei vier funf sechs sieben acht neun zehn
  tengo tiene tenemos tienen hemos han has era fue ser estar estoy estamos nos les nuestro
  nuestra nuestros nuestras vuestro puede pueden otra otro otros otras cual
  uns mich mir dir ihm ihn ihnen unser unsere unseren unserem euch bin bist seid war waren
  hier dort dann jetzt schon sehr mehr gibt geht ganz kein keine einen
  i'm im ive weve were they've its our ours us him her them who whom whose also got gets
  around another any able each etc maybe
  go goes going come comes coming show shows showing appear appears stay stays
  gehen geht ging kommen kommt kam zeigen zeigt stehen steht bleiben bleibt gelten gilt
  aller va vont venir vient afficher affiche apparait reste restent
  ir va van venir viene mostrar muestra aparecer aparece queda quedan als
  monday tuesday wednesday thursday friday saturday sunday morning tonight night
  lundi mardi mercredi jeudi vendredi samedi dimanche matin soir nuit hier aujourd hui
  lunes martes miercoles jueves viernes sabado domingo manana noche ayer hoy
  montag dienstag mittwoch donnerstag freitag samstag sonntag morgens abends nachts gestern heute fruh`.split(
    /\s+/,
  ),
);
