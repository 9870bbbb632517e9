import { describe, expect, test } from '@jest/globals';
import { createAjv } from '../../../src/contract/ajv.js';
import { contractDocument } from '../../../src/contract/document.js';
import { parseUnguarded } from '../../../src/services/time/engine/index.js';

/**
 * Messages stitched from time words, numbers and noise in every language: the engine never throws
 * and every answer satisfies the contract's TimeParseResult. A seeded generator keeps it repeatable.
 */
const ajv = createAjv();
ajv.addSchema(contractDocument() as object, 'openapi.json');
const validate = ajv.compile({ $ref: 'openapi.json#/components/schemas/TimeParseResult' });

const PIECES = [
  'fri', 'friday', 'next', 'this', 'last', 'tomorrow', 'tonight', 'at', '@', 'from', 'to', '-', 'or', 'and', 'in', 'ago', 'hours', 'min',
  '8', '9pm', '10:30', '23:59', '00:00', '12am', '13pm', '25:00', '2:30am', '1:30am', '8-11pm', '10p-2a', '2100', '1930Z', '3/4', '31/12', '02/29/2028',
  '2026-11-27T20:00:00Z', 'nov', 'march 8', 'feb 30', 'dec 31', 'the 5th', '31st', 'first saturday of november', 'end of month', 'noon', 'midnight',
  'EST', 'PST', 'CST', 'IST', 'BST', 'UTC+9', 'GMT-3', '+05:30', 'JST', 'pacific', 'tokyo time', 'christmas', 'thanksgiving', 'new years eve',
  'weekend', 'week', 'month', 'room 12', '20 people', '5v5', '3-2', 'v2.1.0', '555-123-4567', '10/10', '$20', '🎉', '!!', '?', ',', '(', ')',
  'morgen', 'um', '20 Uhr', 'halb 8', 'nächste Woche', 'demain', 'à', '21h', 'ce soir', 'mañana', 'a las', 'de la noche', 'amanhã', 'às', '明日', '21時',
  '午後', '来週の', '金曜日', '月末', '2時間後', 'ich', 'le', 'el', 'o', 'の', '',
];
const LOCALES = [undefined, 'en-US', 'en-GB', 'de-DE', 'fr-FR', 'es-ES', 'pt-BR', 'ja-JP'];
const ZONES = ['America/New_York', 'Europe/London', 'Asia/Tokyo', 'Australia/Sydney', 'America/Sao_Paulo', 'Asia/Kolkata', 'Pacific/Chatham'];
const COUNTRIES = [undefined, 'US', 'DE', 'JP', 'GB', 'BR'];

function rng(seed: number) {
  return () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed / 0x7fffffff;
  };
}

describe('engine robustness', () => {
  test('when 4000 stitched messages are parsed, then none throws and every answer satisfies the contract', () => {
    const next = rng(20261121);
    const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)];
    const failures: string[] = [];
    for (let i = 0; i < 4000; i++) {
      const text = Array.from({ length: 1 + Math.floor(next() * 6) }, () => pick(PIECES)).join(' ').trim() || '?';
      const input = {
        text,
        locale: pick(LOCALES),
        timeZone: pick(ZONES),
        country: pick(COUNTRIES),
        referenceInstant: Date.UTC(2026, 0, 1) + Math.floor(next() * 3 * 365 * 86_400_000),
      };
      try {
        const outcome = parseUnguarded(input);
        if (!validate({ requestId: 'req_fuzz', ...outcome })) failures.push(`${JSON.stringify(input)} → ${ajv.errorsText(validate.errors)}`);
      } catch (err) {
        failures.push(`${JSON.stringify(input)} threw ${(err as Error).message}`);
      }
    }
    expect(failures.slice(0, 10)).toEqual([]);
  });
});
