/** "Label: value" lines ("Time: 21:00", "Venue: The Loft", "DJs:"), by what their label says. */

// Labels of "Label: value" lines, by what they say.
export type LabelKind = 'title' | 'date' | 'time' | 'end' | 'doors' | 'venue' | 'world' | 'community' | 'lineup' | 'zone' | 'link' | 'about';
const LABELS: Record<LabelKind, string[]> = {
  title: ['title', 'event', 'event name', 'name', 'titel', 'titre', 'título', 'titulo', 'タイトル', 'イベント名'],
  date: ['date', 'datum', 'fecha', 'data', 'day', 'tag', '日付', '開催日', '日程'],
  time: ['time', 'times', 'zeit', 'uhrzeit', 'heure', 'horaire', 'horaires', 'heures', 'hora', 'horario', 'horário', '時間', '日時', 'when', 'wann', 'quand', 'cuándo', 'cuando', 'quando',
    'start', 'starts', 'start time', 'begins', 'beginn', 'début', 'inicio', 'início', '開始', '開演', 'showtime', 'date & time', 'date and time', 'date/time', 'datum & uhrzeit'],
  end: ['end', 'ends', 'end time', 'until', 'ende', 'fin', 'fim', '終了'],
  doors: ['doors', 'doors open', 'door', 'einlass', '開場', 'ouverture des portes', 'portes', 'puertas', 'abertura', 'abertura dos portões'],
  venue: ['venue', 'where', 'location', 'place', 'ort', 'wo', 'lieu', 'où', 'lugar', 'dónde', 'donde', 'onde', 'local', '会場', '場所', 'instance'],
  world: ['world', 'map', 'vrchat world', 'welt', 'monde', 'mundo', 'ワールド'],
  community: ['community', 'host', 'hosts', 'hosted by', 'organizer', 'organiser', 'organized by', 'organised by', 'presented by', 'group', 'club', 'crew', 'collective',
    'veranstalter', 'gastgeber', 'organisateur', 'organisatrice', 'organisation', 'organizador', 'organizadora', 'organiza', 'organización', 'organização', 'comunidad', 'comunidade', '主催', 'コミュニティ'],
  lineup: ['lineup', 'line-up', 'line up', 'djs', "dj's", 'dj', 'vjs', 'vj', 'artists', 'performers', 'acts', 'timetable', 'time table', 'schedule', 'set times', 'running order',
    'programm', 'programme', 'programa', 'visuals', 'mcs', '出演', '出演者', 'タイムテーブル', 'ラインナップ', 'tt'],
  zone: ['timezone', 'time zone', 'tz', 'zeitzone', 'fuseau horaire', 'zona horaria', 'fuso horário', 'fuso horario', 'タイムゾーン'],
  link: ['tickets', 'ticket', 'link', 'links', 'info', 'more info', 'details', 'rsvp', 'join', 'discord', 'twitch', 'stream', 'website', 'web', 'url', 'event page', 'page', 'group link', 'instance link'],
  about: ['about', 'description', 'desc', 'beschreibung', 'description de l\'événement', 'descripción', 'descrição', '概要', '内容'],
};
const LABEL_KIND = new Map<string, LabelKind>();
for (const [kind, list] of Object.entries(LABELS) as [LabelKind, string[]][]) for (const l of list) if (!LABEL_KIND.has(l)) LABEL_KIND.set(l, kind);
/** Lineup-section headers that say the performers' role. */
export const SECTION_ROLE: Record<string, string> = { djs: 'DJ', "dj's": 'DJ', dj: 'DJ', vjs: 'VJ', vj: 'VJ', visuals: 'Visuals', mcs: 'MC' };

export interface Labelled {
  kind: LabelKind;
  label: string;
  value: string;
}

export function labelled(clean: string): Labelled | undefined {
  const m = /^([\p{L}][\p{L}\p{N} .'’&/-]{0,28}?)\s*[:：]\s*(.*)$/u.exec(clean);
  if (!m) return undefined;
  const label = m[1].toLowerCase().replace(/\s+/g, ' ').trim();
  const kind = LABEL_KIND.get(label);
  return kind ? { kind, label, value: m[2].trim() } : undefined;
}

/** A line that is only a lineup header ("Lineup", "🎧 LINE-UP:", "Timetable"). */
export function sectionHeader(clean: string): string | undefined {
  const bare = clean.replace(/[^\p{L}\p{N}')]+$/u, '').toLowerCase().trim();
  return LABEL_KIND.get(bare) === 'lineup' ? bare : undefined;
}
