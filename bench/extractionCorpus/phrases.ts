/**
 * The words around the values, per language: labels, "presents" and "hosted by", venue and
 * lineup phrasing, doors and rehearsal lines, letters' sentences, and the posts that are not
 * announcements. Each takes already-formatted values.
 */
import type { Lang } from './lang.js';

const list = (names: string[], and: string, sep = ', ') => (names.length < 2 ? names.join('') : `${names.slice(0, -1).join(sep)} ${and} ${names[names.length - 1]}`);

export interface Phrases {
  labels: { date: string; time: string; venue: string; lineup: string; host: string; info: string };
  presents: (c: string, title: string) => string;
  hostedBy: (c: string) => string[];
  at: (v: string) => string[];
  withList: (names: string[]) => string[];
  doors: (t: string) => string[];
  rehearsal: (t: string) => string[];
  /** A sentence with a time about something else than the event. */
  otherTime: (t: string) => string[];
  /** A line giving the zone of the schedule (never a performer). */
  zoneNote: (z: string) => string[];
  /** Lines holding a word that looks like a zone abbreviation but is not one. */
  lookalike: string[];
  greeting: string[];
  invite: (title: string, when: string) => string[];
  inviteProse: (title: string) => string[];
  times: (start: string, end: string | null) => string[];
  venueSentence: (v: string) => string[];
  lineupSentence: (names: string[]) => string[];
  closing: string[];
  hype: string[];
  notAnnouncement: { kind: string; text: (x: { title: string; community: string; venue: string; a: string; b: string; time: string; url: string; date: string }) => string }[];
}

export const PHRASES: Record<Lang, Phrases> = {
  en: {
    labels: { date: 'Date', time: 'Time', venue: 'Venue', lineup: 'Lineup', host: 'Host', info: 'Info' },
    presents: (c, t) => `${c} presents: ${t}`,
    hostedBy: (c) => [`hosted by ${c}`, `Hosted by ${c}`, `presented by ${c}`],
    at: (v) => [`at ${v}`, `@ ${v}`, `in ${v}`],
    withList: (n) => [`w/ ${list(n, '&')}`, `with ${list(n, 'and')}`, `feat. ${list(n, '&')}`],
    doors: (t) => [`Doors ${t}`, `Doors open at ${t}`, `doors: ${t}`],
    rehearsal: (t) => [`Soundcheck at ${t}, performers please join early.`, `Rehearsal ${t} (crew only)`],
    otherTime: (t) => [`Last time we kept going until ${t}, let's beat that!`, `The previous session started at ${t} and was packed.`],
    zoneNote: (z) => [`(all times ${z})`, `All times are ${z}`, `times in ${z}`],
    lookalike: ['Est. 2021 · a community for late-night listeners', 'Meet at the fountain, then we go inside together.'],
    greeting: ['Hey everyone!', 'Hi friends,', 'Hello hello!'],
    invite: (t, w) => [`We're excited to invite you to ${t} on ${w}.`, `Join us for ${t} on ${w}!`],
    inviteProse: (t) => [`We're throwing "${t}" again and you're all invited!`, `Come hang out at our next night, ✨${t}✨!`],
    times: (s, e) => (e ? [`We start at ${s} and go until ${e}.`, `Music from ${s} to ${e}.`] : [`We kick off at ${s}.`]),
    venueSentence: (v) => [`This time we're at ${v}.`, `We'll be meeting in ${v}.`],
    lineupSentence: (n) => [`On the decks: ${list(n, 'and')}.`, `Playing for you: ${list(n, '&')}.`],
    closing: ['See you there!', 'Bring friends, see you on the floor 💃', 'Can\'t wait!'],
    hype: ['LET\'S GOOO', 'Don\'t miss it!', 'Spread the word 🔊'],
    notAnnouncement: [
      { kind: 'recap', text: (x) => `What a night! 🙏 Thanks to everyone who came to ${x.title} at ${x.venue} last Saturday.\n${x.a} played until ${x.time} and ${x.b} closed it out.\nPhotos are up: ${x.url}` },
      { kind: 'call', text: (x) => `📢 **Call for DJs**\nWe're looking for DJs for our next events! Send a 30-minute mix to ${x.url} by ${x.date}.\nSets are usually around ${x.time}. All genres welcome.` },
      { kind: 'rules', text: (x) => `**Server rules**\n1. Be kind to each other\n2. No spam or self-promo outside #events\n3. Don't ping the hosts during sets (they usually start around ${x.time})\n4. Have fun!` },
      { kind: 'thanks', text: (x) => `Thank you all for one year of ${x.community}! ❤️\nSpecial thanks to ${x.a} and ${x.b} for all the sets. We'll post the next date soon.` },
    ],
  },
  ja: {
    labels: { date: '日時', time: '時間', venue: '会場', lineup: '出演', host: '主催', info: '詳細' },
    presents: (c, t) => `${c} presents「${t}」`,
    hostedBy: (c) => [`主催：${c}`, `主催: ${c}`],
    at: (v) => [`会場：${v}`, `場所：${v}`],
    withList: (n) => [`出演：${n.join('、')}`, `出演: ${n.join('／')}`],
    doors: (t) => [`開場 ${t}`, `OPEN ${t}`],
    rehearsal: (t) => [`リハーサル ${t}〜（出演者のみ）`, `※出演者は${t}集合でお願いします`],
    otherTime: (t) => [`前回は${t}まで盛り上がりました！`],
    zoneNote: (z) => [`※時間はすべて${z}です`, `（${z}）`],
    lookalike: [],
    greeting: ['こんばんは！', 'みなさんこんにちは！'],
    invite: (t, w) => [`${w}に「${t}」を開催します！`],
    inviteProse: (t) => [`今回も「${t}」開催します！`, `『${t}』やります！`],
    times: (s, e) => (e ? [`${s}スタート、${e}まで。`] : [`${s}スタートです。`]),
    venueSentence: (v) => [`会場は${v}です。`],
    lineupSentence: (n) => [`出演は${n.join('、')}です。`],
    closing: ['お気軽にお越しください！', 'ぜひ遊びに来てください〜'],
    hype: ['お楽しみに！', '拡散希望'],
    notAnnouncement: [
      { kind: 'recap', text: (x) => `昨日の「${x.title}」ありがとうございました！🙏\n${x.a}さん、${x.b}さん最高でした。${x.time}まで残ってくれた皆さんもお疲れさまでした！\n写真はこちら ${x.url}` },
      { kind: 'call', text: (x) => `【DJ募集】\n次回イベントの出演DJを募集しています！\n${x.date}までに${x.url}からミックスを送ってください。\n出番はだいたい${x.time}頃です。` },
      { kind: 'rules', text: (x) => `■サーバールール\n1. 他の人に優しく\n2. 宣伝は#告知チャンネルのみ\n3. イベント中（だいたい${x.time}〜）は出演者へのメンションを控えてください` },
      { kind: 'thanks', text: (x) => `${x.community}は1周年を迎えました！いつもありがとうございます❤️\n${x.a}さん、${x.b}さんにも感謝です。次回の日程は近日発表します。` },
    ],
  },
  de: {
    labels: { date: 'Datum', time: 'Uhrzeit', venue: 'Ort', lineup: 'Line-up', host: 'Veranstalter', info: 'Infos' },
    presents: (c, t) => `${c} präsentiert: ${t}`,
    hostedBy: (c) => [`Veranstaltet von ${c}`, `präsentiert von ${c}`, `Veranstalter: ${c}`],
    at: (v) => [`im ${v}`, `@ ${v}`, `in der Welt ${v}`],
    withList: (n) => [`mit ${list(n, 'und')}`, `feat. ${list(n, '&')}`],
    doors: (t) => [`Einlass ${t}`, `Einlass ab ${t}`],
    rehearsal: (t) => [`Soundcheck um ${t} (nur Crew)`, `Probe ab ${t}, Künstler bitte pünktlich.`],
    otherTime: (t) => [`Letztes Mal ging es bis ${t}, das toppen wir!`],
    zoneNote: (z) => [`(alle Zeiten ${z})`, `Zeiten in ${z}`],
    lookalike: ['Der Eintritt ist frei, Spenden sind willkommen.', 'Wer ist dabei?'],
    greeting: ['Hallo zusammen!', 'Hey Leute,', 'Liebe Community,'],
    invite: (t, w) => [`wir laden euch herzlich zu ${t} ein, am ${w}.`, `am ${w} steigt wieder ${t}!`],
    inviteProse: (t) => [`Es ist wieder so weit: „${t}" geht in die nächste Runde!`, `Wir feiern wieder „${t}" und ihr seid eingeladen!`],
    times: (s, e) => (e ? [`Los geht's um ${s}, Schluss ist um ${e}.`] : [`Start ist um ${s}.`]),
    venueSentence: (v) => [`Diesmal sind wir im ${v}.`, `Treffpunkt ist ${v}.`],
    lineupSentence: (n) => [`An den Decks: ${list(n, 'und')}.`, `Es spielen ${list(n, 'und')}.`],
    closing: ['Wir freuen uns auf euch!', 'Bis dann!'],
    hype: ['Nicht verpassen!', 'Sagt es weiter!'],
    notAnnouncement: [
      { kind: 'recap', text: (x) => `Was für eine Nacht! Danke an alle, die letzten Samstag bei ${x.title} im ${x.venue} waren 🙏\n${x.a} hat bis ${x.time} gespielt, ${x.b} hat den Abschluss gemacht.\nFotos: ${x.url}` },
      { kind: 'call', text: (x) => `📢 DJs gesucht!\nFür unsere nächsten Events suchen wir DJs. Schickt uns bis ${x.date} einen 30-Minuten-Mix an ${x.url}.\nSlots sind meistens gegen ${x.time}.` },
      { kind: 'rules', text: (x) => `**Serverregeln**\n1. Seid nett zueinander\n2. Keine Werbung außerhalb von #events\n3. Während der Sets (meist ab ${x.time}) bitte keine Pings an die DJs` },
      { kind: 'thanks', text: (x) => `Ein Jahr ${x.community}! Danke an euch alle ❤️\nBesonderer Dank an ${x.a} und ${x.b}. Der nächste Termin kommt bald.` },
    ],
  },
  fr: {
    labels: { date: 'Date', time: 'Horaires', venue: 'Lieu', lineup: 'Line-up', host: 'Organisation', info: 'Infos' },
    presents: (c, t) => `${c} présente : ${t}`,
    hostedBy: (c) => [`organisé par ${c}`, `présenté par ${c}`, `Organisation : ${c}`],
    at: (v) => [`à ${v}`, `@ ${v}`, `au ${v}`],
    withList: (n) => [`avec ${list(n, 'et')}`, `feat. ${list(n, '&')}`],
    doors: (t) => [`Ouverture des portes à ${t}`, `Ouverture : ${t}`],
    rehearsal: (t) => [`Balances à ${t} (artistes uniquement)`, `Répétition à ${t} pour les artistes.`],
    otherTime: (t) => [`La dernière fois on a tenu jusqu'à ${t}, on remet ça !`],
    zoneNote: (z) => [`(horaires en ${z})`, `Tous les horaires en ${z}`],
    lookalike: ['Venez nombreux et partagez !', 'Ambiance douce et bonne humeur garanties.'],
    greeting: ['Bonsoir à tous !', 'Salut la commu,', 'Coucou tout le monde !'],
    invite: (t, w) => [`On vous invite à ${t} le ${w}.`, `Rendez-vous le ${w} pour ${t} !`],
    inviteProse: (t) => [`On remet ça avec « ${t} » et vous êtes tous invités !`, `Notre soirée « ${t} » revient !`],
    times: (s, e) => (e ? [`On commence à ${s} et on finit vers ${e}.`, `Ça se passe de ${s} à ${e}.`] : [`Début à ${s}.`]),
    venueSentence: (v) => [`Cette fois, on se retrouve au ${v}.`, `Ça se passe à ${v}.`],
    lineupSentence: (n) => [`Aux platines : ${list(n, 'et')}.`, `Avec ${list(n, 'et')}.`],
    closing: ['À très vite !', 'On compte sur vous !'],
    hype: ['Ne ratez pas ça !', 'Partagez !'],
    notAnnouncement: [
      { kind: 'recap', text: (x) => `Merci à tous d'être venus à ${x.title} samedi dernier au ${x.venue} 🙏\n${x.a} a joué jusqu'à ${x.time} et ${x.b} a clôturé la soirée.\nLes photos : ${x.url}` },
      { kind: 'call', text: (x) => `📢 Appel à DJs !\nOn cherche des DJs pour nos prochaines soirées. Envoyez un mix de 30 minutes à ${x.url} avant le ${x.date}.\nLes sets sont en général vers ${x.time}.` },
      { kind: 'rules', text: (x) => `**Règles du serveur**\n1. Soyez bienveillants\n2. Pas de pub hors de #events\n3. Pas de mentions aux DJs pendant les sets (vers ${x.time} en général)` },
      { kind: 'thanks', text: (x) => `Un an de ${x.community} ! Merci à vous tous ❤️\nMerci à ${x.a} et ${x.b} pour tous ces sets. La prochaine date arrive bientôt.` },
    ],
  },
  es: {
    labels: { date: 'Fecha', time: 'Hora', venue: 'Lugar', lineup: 'Line-up', host: 'Organiza', info: 'Info' },
    presents: (c, t) => `${c} presenta: ${t}`,
    hostedBy: (c) => [`organizado por ${c}`, `presentado por ${c}`, `Organiza: ${c}`],
    at: (v) => [`en ${v}`, `@ ${v}`],
    withList: (n) => [`con ${list(n, 'y')}`, `feat. ${list(n, '&')}`],
    doors: (t) => [`Apertura de puertas: ${t}`, `Puertas ${t}`],
    rehearsal: (t) => [`Prueba de sonido a las ${t} (solo artistas)`, `Ensayo a las ${t}.`],
    otherTime: (t) => [`¡La última vez seguimos hasta las ${t}!`],
    zoneNote: (z) => [`(horarios en ${z})`, `Todos los horarios en ${z}`],
    lookalike: ['Este evento es gratis y abierto a todos.', 'Es nuestra fiesta más grande del año.'],
    greeting: ['¡Hola a todos!', '¡Buenas, comunidad!', 'Hola gente,'],
    invite: (t, w) => [`Los invitamos a ${t} el ${w}.`, `¡Nos vemos el ${w} en ${t}!`],
    inviteProse: (t) => [`¡Vuelve "${t}" y están todos invitados!`, `Se viene otra edición de «${t}» 🎉`],
    times: (s, e) => (e ? [`Empezamos a las ${s} y terminamos a las ${e}.`] : [`Arrancamos a las ${s}.`]),
    venueSentence: (v) => [`Esta vez nos vemos en ${v}.`],
    lineupSentence: (n) => [`En las bandejas: ${list(n, 'y')}.`, `Tocan ${list(n, 'y')}.`],
    closing: ['¡Los esperamos!', '¡No falten!'],
    hype: ['¡No te lo pierdas!', '¡Compartan!'],
    notAnnouncement: [
      { kind: 'recap', text: (x) => `¡Qué noche! Gracias a todos los que vinieron a ${x.title} el sábado pasado en ${x.venue} 🙏\n${x.a} tocó hasta las ${x.time} y ${x.b} cerró la fiesta.\nFotos: ${x.url}` },
      { kind: 'call', text: (x) => `📢 ¡Buscamos DJs!\nPara nuestros próximos eventos buscamos DJs. Manden un mix de 30 minutos a ${x.url} antes del ${x.date}.\nLos sets suelen ser a las ${x.time}.` },
      { kind: 'rules', text: (x) => `**Reglas del servidor**\n1. Respeto ante todo\n2. Nada de spam fuera de #eventos\n3. No mencionen a los DJs durante los sets (suelen empezar a las ${x.time})` },
      { kind: 'thanks', text: (x) => `¡Un año de ${x.community}! Gracias a todos ❤️\nGracias especiales a ${x.a} y ${x.b}. Pronto anunciamos la próxima fecha.` },
    ],
  },
  pt: {
    labels: { date: 'Data', time: 'Horário', venue: 'Local', lineup: 'Line-up', host: 'Realização', info: 'Info' },
    presents: (c, t) => `${c} apresenta: ${t}`,
    hostedBy: (c) => [`organizado por ${c}`, `apresentado por ${c}`, `Realização: ${c}`],
    at: (v) => [`no ${v}`, `@ ${v}`, `em ${v}`],
    withList: (n) => [`com ${list(n, 'e')}`, `feat. ${list(n, '&')}`],
    doors: (t) => [`Abertura da casa: ${t}`, `Abertura às ${t}`],
    rehearsal: (t) => [`Passagem de som às ${t} (só artistas)`, `Ensaio às ${t}.`],
    otherTime: (t) => [`Da última vez fomos até às ${t}!`],
    zoneNote: (z) => [`(todos os horários: ${z})`, `Horários no ${z}`],
    lookalike: ['Evento em PT/ES, todos são bem-vindos.', 'Entrada livre, traga os amigos!'],
    greeting: ['Olá, pessoal!', 'E aí, galera!', 'Oi, comunidade,'],
    invite: (t, w) => [`Convidamos vocês para ${t} ${w.startsWith('n') ? w : `no dia ${w}`}.`],
    inviteProse: (t) => [`Vem aí mais um "${t}" e vocês estão convidados!`, `Nosso «${t}» está de volta!`],
    times: (s, e) => (e ? [`Começamos às ${s} e vamos até às ${e}.`] : [`Começamos às ${s}.`]),
    venueSentence: (v) => [`Desta vez no ${v}.`, `O local é ${v}.`],
    lineupSentence: (n) => [`Nas pick-ups: ${list(n, 'e')}.`, `Tocam ${list(n, 'e')}.`],
    closing: ['Esperamos vocês!', 'Até lá!'],
    hype: ['Não percam!', 'Compartilhem!'],
    notAnnouncement: [
      { kind: 'recap', text: (x) => `Que noite! Obrigado a todos que vieram ao ${x.title} no sábado passado no ${x.venue} 🙏\n${x.a} tocou até às ${x.time} e ${x.b} fechou a noite.\nFotos: ${x.url}` },
      { kind: 'call', text: (x) => `📢 Procuramos DJs!\nPara os próximos eventos estamos procurando DJs. Mandem um mix de 30 minutos para ${x.url} até ${x.date}.\nOs sets costumam ser às ${x.time}.` },
      { kind: 'rules', text: (x) => `**Regras do servidor**\n1. Respeito sempre\n2. Sem divulgação fora do #eventos\n3. Não marquem os DJs durante os sets (normalmente a partir das ${x.time})` },
      { kind: 'thanks', text: (x) => `Um ano de ${x.community}! Obrigado a todos ❤️\nAgradecimento especial a ${x.a} e ${x.b}. Logo divulgamos a próxima data.` },
    ],
  },
};

/** Titles per language, as organisers name their nights (a few hold words that also name times). */
export const TITLES: Record<Lang, string[]> = {
  en: ['Rooftop Session', 'Lo-Fi Lounge', 'Bass Cathedral', 'Chrome Sunset', 'Starfall Social', 'Neon Bloom', 'Open Mic Circle', 'Deep Space Disco', 'Winter Lights Ball', 'Poetry & Tea'],
  ja: ['星降るナイト', '冬の音楽会', '月影サロン', 'ネオン夜会', '朗読と珈琲', '電脳ダンスホール', 'Lo-Fi Cafe'],
  de: ['Technonacht', 'Klangwelten', 'Tanzsalon', 'Funkenflug', 'Bassgewitter', 'Lesebühne', 'Synthkeller'],
  fr: ['Bal Masqué', 'Les Platines Folles', 'Vague Électrique', 'Nuit Ambient', 'Poésie Vivante', 'Club Bizarre', 'Jazz Lunaire'],
  es: ['Noche de Cumbia', 'Fiesta Retro', 'Ritmo Digital', 'Verbena Virtual', 'Salsa en las Nubes', 'Tarde de Poesía', 'Perreo Cósmico'],
  pt: ['Noite de Samba', 'Baile Neon', 'Roda de Choro', 'Forró Digital', 'Sarau Virtual', 'Batida Solar', 'Pagode Lunar'],
};

/** Role words written after a performer ("A (piano)"). */
export const ROLES: Record<Lang, string[]> = {
  en: ['piano', 'live', 'DJ set', 'vocals', 'VJ'],
  ja: ['ピアノ', 'DJ', 'ボーカル', 'VJ', 'ギター'],
  de: ['Klavier', 'live', 'DJ-Set', 'Gesang'],
  fr: ['piano', 'live', 'DJ set', 'chant'],
  es: ['piano', 'en vivo', 'DJ set', 'voz'],
  pt: ['piano', 'ao vivo', 'DJ set', 'voz'],
};
