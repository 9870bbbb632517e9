import type { ValidateFunction } from 'ajv';
import { createAjv } from '../../src/contract/ajv.js';
import { contractDocument } from '../../src/contract/document.js';

// Contract sections 2 and 8.1 carried into the schemas: each limit is accepted and one past it refused.
const ajv = createAjv();
ajv.addSchema(contractDocument() as object, 'openapi.json');
const cache = new Map<string, ValidateFunction>();
const schema = (name: string) => {
  if (!cache.has(name)) cache.set(name, ajv.compile({ $ref: `openapi.json#/components/schemas/${name}` }));
  return cache.get(name)!;
};
const valid = (name: string, value: unknown) => schema(name)(value);

const s = (n: number, c = 'x') => c.repeat(n);
const entry = (i: number, extra: Record<string, unknown> = {}) => ({ clientKey: `k${i}`, position: i, ...extra });
const hex = s(64, 'a');

describe('limits of contract 2.1–2.7 and 8.1 in the contract schemas', () => {
  test.each<[string, string, unknown, unknown]>([
    // 2.1 time point
    ['time HH:MM', 'ScheduleTimePoint', { time: '23:59' }, { time: '24:00' }],
    ['time pattern', 'ScheduleTimePoint', { time: '00:00' }, { time: '9:00' }],
    ['dayOffset upper', 'ScheduleTimePoint', { time: '10:00', dayOffset: 7 }, { time: '10:00', dayOffset: 8 }],
    ['dayOffset lower', 'ScheduleTimePoint', { time: '10:00', dayOffset: -1 }, { time: '10:00', dayOffset: -2 }],
    ['occurrence enum', 'ScheduleTimePoint', { time: '01:30', occurrence: 'later' }, { time: '01:30', occurrence: 'first' }],
    ['time point closed', 'ScheduleTimePoint', { time: '10:00' }, { time: '10:00', zone: 'UTC' }],
    // 2.2 poster declaration
    ['poster size', 'PosterDeclaration', { contentType: 'image/png', byteLength: 12582912, sha256: hex }, { contentType: 'image/png', byteLength: 12582913, sha256: hex }],
    ['poster size > 0', 'PosterDeclaration', { contentType: 'image/png', byteLength: 1, sha256: hex }, { contentType: 'image/png', byteLength: 0, sha256: hex }],
    ['poster type', 'PosterDeclaration', { contentType: 'image/webp', byteLength: 1, sha256: hex }, { contentType: 'image/gif', byteLength: 1, sha256: hex }],
    ['sha256 lowercase hex', 'PosterDeclaration', { contentType: 'image/jpeg', byteLength: 1, sha256: hex }, { contentType: 'image/jpeg', byteLength: 1, sha256: s(64, 'A') }],
    ['poster closed', 'PosterDeclaration', { contentType: 'image/jpeg', byteLength: 1, sha256: hex }, { contentType: 'image/jpeg', byteLength: 1, sha256: hex, name: 'x' }],
    // 2.3 lineup entry
    ['position upper', 'LineupEntry', entry(79), entry(80)],
    ['position lower', 'LineupEntry', entry(0), entry(-1)],
    ['clientKey length', 'LineupEntry', { clientKey: s(120), position: 0 }, { clientKey: s(121), position: 0 }],
    ['clientKey required', 'LineupEntry', { clientKey: 'a', position: 0 }, { clientKey: '', position: 0 }],
    ['performerLabel', 'LineupEntry', entry(1, { performerLabel: s(120) }), entry(1, { performerLabel: s(121) })],
    ['personSlug', 'LineupEntry', entry(1, { personSlug: s(64) }), entry(1, { personSlug: s(65) })],
    ['roleLabel', 'LineupEntry', entry(1, { roleLabel: s(48) }), entry(1, { roleLabel: s(49) })],
    ['lineup time point', 'LineupEntry', entry(1, { start: null, end: { time: '22:00' } }), entry(1, { start: { time: '22:60' } })],
    ['lineup entry closed', 'LineupEntry', entry(1), entry(1, { stream: 'x' })],
    // 2.4 draft fields
    ['lineup 80', 'DraftFields', { lineup: Array.from({ length: 80 }, (_, i) => entry(i)) }, { lineup: Array.from({ length: 81 }, (_, i) => entry(i % 80)) }],
    ['communitySlug', 'DraftFields', { communitySlug: s(64) }, { communitySlug: s(65) }],
    ['title', 'DraftFields', { title: s(120) }, { title: s(121) }],
    ['eventDate', 'DraftFields', { eventDate: '2026-12-31' }, { eventDate: '2026-12-31T' }],
    ['timezone', 'DraftFields', { timezone: s(64) }, { timezone: s(65) }],
    ['venueLabel', 'DraftFields', { venueLabel: s(120) }, { venueLabel: s(121) }],
    ['summary', 'DraftFields', { summary: s(240) }, { summary: s(241) }],
    ['sourceUrl', 'DraftFields', { sourceUrl: s(2048) }, { sourceUrl: s(2049) }],
    ['worldSlug', 'DraftFields', { worldSlug: s(64) }, { worldSlug: s(65) }],
    ['sourceText', 'DraftFields', { sourceText: s(12000) }, { sourceText: s(12001) }],
    ['posterSourceId', 'DraftFields', { posterSourceId: s(200) }, { posterSourceId: s(201) }],
    ['questions items', 'DraftFields', { questions: Array(100).fill('q') }, { questions: Array(101).fill('q') }],
    ['question length', 'DraftFields', { questions: [s(2800)] }, { questions: [s(2801)] }],
    ['acknowledgements items', 'DraftFields', { duplicateAcknowledgements: Array(100).fill('evt') }, { duplicateAcknowledgements: Array(101).fill('evt') }],
    ['acknowledgement length', 'DraftFields', { duplicateAcknowledgements: [s(200)] }, { duplicateAcknowledgements: [s(201)] }],
    ['acknowledgement non-empty', 'DraftFields', { duplicateAcknowledgements: ['a'] }, { duplicateAcknowledgements: [''] }],
    ['every field nullable', 'DraftFields', { title: null, lineup: null, start: null, tentative: null, questions: null, posterDeclaration: null, timeTba: null }, { title: 5 }],
    ['draft patch closed', 'DraftFields', { title: 'x' }, { title: 'x', colour: 'red' }],
    ['tentative holds fields', 'DraftFields', { tentative: { title: 'maybe', lineup: [entry(0)] } }, { tentative: { title: s(121) } }],
    ['no nested tentative', 'DraftFields', { tentative: { title: 'x' } }, { tentative: { tentative: { title: 'x' } } }],
    ['no questions in tentative', 'DraftFields', { tentative: { summary: 'x' } }, { tentative: { questions: ['q'] } }],
    ['no acknowledgements in tentative', 'DraftFields', { tentative: { summary: 'x' } }, { tentative: { duplicateAcknowledgements: ['a'] } }],
    // 2.5 draft record
    ['version max', 'DraftRecord', { draftId: 'd', version: 9007199254740991, fields: {} }, { draftId: 'd', version: 0, fields: {} }],
    ['draftId length', 'DraftRecord', { draftId: s(200), version: 1, fields: {} }, { draftId: s(201), version: 1, fields: {} }],
    // 4.2 publish
    ['idempotency key length', 'EventIntakePublishRequest', { expectedVersion: 1, idempotencyKey: s(128) }, { expectedVersion: 1, idempotencyKey: s(129) }],
    ['idempotency key pattern', 'EventIntakePublishRequest', { expectedVersion: 1, idempotencyKey: 'a.b_c:d-1' }, { expectedVersion: 1, idempotencyKey: 'a b' }],
    ['expectedVersion > 0', 'EventIntakePublishRequest', { expectedVersion: 1, idempotencyKey: 'k' }, { expectedVersion: 0, idempotencyKey: 'k' }],
    // 4.2 save
    ['save needs a patch', 'EventIntakeSaveRequest', { patch: {} }, { draftId: 'd' }],
    // 2.9 / 8.1 time text
    ['time text', 'TimeParseRequest', { text: s(500) }, { text: s(501) }],
    ['country two letters', 'TimeParseRequest', { text: 'x', country: 'US' }, { text: 'x', country: 'USA' }],
  ])('%s: the limit is accepted, one past it refused', (_name, name, ok, bad) => {
    expect(valid(name, ok)).toBe(true);
    expect(valid(name, bad)).toBe(false);
  });

  test('time text has no minimum (decisions 5.1): empty and white space are valid requests; 500 emoji fit, 501 do not', () => {
    for (const text of ['', ' ', '\n\t', '\u3000', '\u00a0', '🎉🎉']) expect(valid('TimeParseRequest', { text })).toBe(true);
    expect(valid('TimeParseRequest', { text: '🎉'.repeat(500) })).toBe(true);
    expect(valid('TimeParseRequest', { text: '🎉'.repeat(501) })).toBe(false);
    expect(valid('TimeParseRequest', {})).toBe(false);
  });

  test('extraction results carry their caps (evidence 100, questions 100, alternatives 10)', () => {
    const base = { event: { title: null, communitySlug: null, eventDate: null, start: null, end: null, timezone: null, venueLabel: null, summary: null, sourceUrl: null }, lineup: [], evidence: [], questions: [] };
    const evidence = (n: number) => Array.from({ length: n }, () => ({ fieldPath: 'title', origin: 'text', excerpt: null, assessment: 'explicit' }));
    const question = (alts: number) => ({ fieldPath: 'start', reason: 'am or pm?', alternatives: Array(alts).fill('9:00') });
    expect(valid('ExtractionResult', { ...base, evidence: evidence(100) })).toBe(true);
    expect(valid('ExtractionResult', { ...base, evidence: evidence(101) })).toBe(false);
    expect(valid('ExtractionResult', { ...base, questions: [question(10)] })).toBe(true);
    expect(valid('ExtractionResult', { ...base, questions: [question(11)] })).toBe(false);
    expect(valid('ExtractionResult', { ...base, event: { ...base.event, start: '21:000' } })).toBe(false);
  });
});
