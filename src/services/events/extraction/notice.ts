/**
 * Is this an event announcement at all? A recap, a thank-you, a call for DJs or the server's
 * rules is not: extraction then proposes nothing and says why, rather than a confident title.
 */
import type { Line } from './text.js';

/** Words of posts that are about something other than a coming event, in the six languages. */
const NOT_AN_EVENT: RegExp[] = [
  // Thanks and recaps.
  /(?<![\p{L}])(?:thanks?|thank\s+you)\s+(?:so\s+much\s+)?(?:to\s+)?(?:everyone|everybody|all|you\s+all|y'?all|for\s+coming)|what\s+a\s+(?:night|party|show|blast)|(?<![\p{L}])recap(?![\p{L}])|danke\s+(?:an\s+(?:euch\s+)?alle|euch\s+allen|für)|(?<![\p{L}])qué\s+noche|que\s+noite|quelle\s+soirée|was\s+für\s+eine\s+nacht|merci\s+(?:à|a)\s+tou(?:te)?s|merci\s+pour|gracias\s+a\s+todos|gracias\s+por\s+venir|obrigad[oa]s?\s+a\s+todos|obrigad[oa]s?\s+(?:pela|por)|ありがとうございました|お疲れ様でした|(?<![\p{L}])(?:(?:one|1)\s+year\s+of|ein\s+jahr|un\s+an\s+de|un\s+año\s+de|um\s+ano\s+de)(?![\p{L}])|周年を迎え/iu,
  // Calls for performers and helpers.
  /call\s+for\s+(?:djs?|performers?|artists?|vjs?)|looking\s+for\s+(?:new\s+)?(?:dj|djs|performers?|artists?|vjs?|hosts?|volunteers?|staff|musicians?)|(?:dj|performer|artist)\s+applications?|apply\s+(?:to|now|here)|sign\s+up\s+to\s+(?:dj|play|perform)|wir\s+suchen|gesucht(?![\p{L}])|nous\s+cherchons|on\s+cherche|recherchons|buscamos|se\s+buscan?|procuramos|estamos\s+procurando|募集/iu,
  // Rules.
  /(?:server|community|discord|club)\s+rules|^\s*rules\s*$|(?:regeln|règles|reglas|regras)(?![\p{L}])|ルール|規約/imu,
];

/** The words that say so, and whether they open the post (its first two lines). */
export function notAnEventCue(lines: Line[]): { words: string; opening: boolean } | undefined {
  const content = lines.filter((l) => l.clean);
  const text = content.map((l) => l.clean).join('\n');
  const opening = content.slice(0, 2).map((l) => l.clean).join('\n');
  for (const re of NOT_AN_EVENT) {
    const m = re.exec(text);
    if (m) return { words: m[0].trim(), opening: re.test(opening) };
  }
  return undefined;
}
