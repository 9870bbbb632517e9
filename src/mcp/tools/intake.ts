/**
 * The ten event intake tools of contract 4.12, and the two lists of the caller's own drafts and
 * contributions beside them, hosted and local: each maps to one REST operation of contract
 * 4.2 / 4.3 (or its list) and uses its schemas. Authority (contract 5.18): a user-delegated MCP
 * token with `mcp:write` and `events:contribute` for writes, `mcp:read` and `events:contribute`
 * for reading or listing drafts and contributions.
 */
import { objectSchema, parameterSchema, requestBodySchema, responseSchema } from '../schemas.js';
import type { OperationTool, ToolAuthority, ToolDefinition } from '../tool.js';
import { defineTool } from './define.js';
import { bodyOf, paramsAndBody, paramsOnly } from './writeShapes.js';

const WRITE: ToolAuthority = { scopes: ['mcp:write', 'events:contribute'], userAuthority: true };
const READ: ToolAuthority = { scopes: ['mcp:read', 'events:contribute'], userAuthority: true };

type Input = Record<string, unknown>;
const str = (input: Input, name: string) => String(input[name]);
const tool = (t: Omit<OperationTool<Input>, 'kind' | 'surface'>): ToolDefinition => defineTool<Input>({ kind: 'operation', surface: 'both', ...t });

export const eventIntakeDraftSave = tool({
  name: 'service_event_intake_draft_save',
  title: 'Save an event intake draft',
  description:
    'Saves fields of a private event draft (nothing is public until publish). Without draftId a new draft is created at version 1; ' +
    'with draftId and its current expectedVersion the patch is applied to that draft (present fields replace, null clears, omitted are kept). ' +
    'A stale expectedVersion answers 409: read the draft and retry. Returns the draftId and its new version.',
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  authority: WRITE,
  inputSchema: requestBodySchema('saveEventIntakeDraft'),
  outputSchema: responseSchema('saveEventIntakeDraft'),
  operationId: 'saveEventIntakeDraft',
  request: (input) => ({ body: bodyOf(input, []) }),
  summarize: (out) => `Draft ${out.draftId} saved at version ${out.version}.`,
});

export const eventIntakeDraftGet = tool({
  name: 'service_event_intake_draft_get',
  title: 'Read an event intake draft',
  description:
    'Reads one of your event drafts: its version, fields, chosen artwork and, once published, publishedReceiptId. ' +
    'After a lost or failed publish response, read the draft, then replay publish with the same expectedVersion and idempotencyKey.',
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  authority: READ,
  inputSchema: paramsOnly('getEventIntakeDraft', ['draftId'], 'The draft to read.'),
  outputSchema: responseSchema('getEventIntakeDraft'),
  operationId: 'getEventIntakeDraft',
  request: (input) => ({ params: { draftId: str(input, 'draftId') } }),
  summarize: (out) => `Draft ${out.draftId} at version ${out.version}${out.publishedReceiptId ? `, published (receipt ${out.publishedReceiptId})` : ''}.`,
});

export const eventIntakeExtract = tool({
  name: 'service_event_intake_extract',
  title: 'Extract event fields from text or a poster',
  description:
    'Proposes event fields, lineup, evidence and open questions from sourceText and/or a completed poster upload of the draft ' +
    "(falling back to the draft's saved sourceText and poster). Extraction changes nothing: review the proposals, ask the operator about the questions, " +
    'and save the accepted values with service_event_intake_draft_save.',
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  authority: WRITE,
  inputSchema: paramsAndBody('extractEventIntakeDraft', ['draftId'], 'The draft and what to extract from.'),
  outputSchema: responseSchema('extractEventIntakeDraft'),
  operationId: 'extractEventIntakeDraft',
  request: (input) => ({ params: { draftId: str(input, 'draftId') }, body: bodyOf(input, ['draftId']) }),
  summarize: (out) => `Extracted ${(out.lineup as unknown[] | undefined)?.length ?? 0} lineup entries with ${(out.questions as unknown[] | undefined)?.length ?? 0} open questions.`,
});

export const eventIntakePublish = tool({
  name: 'service_event_intake_publish',
  title: 'Publish an event intake draft',
  description:
    'Publishes the draft at expectedVersion as a public community event. This changes public data: call it only with the operator\'s explicit approval. ' +
    'Choose one idempotencyKey per draft and keep it: a retry with the same expectedVersion and key replays the first result (same receipt, one event). ' +
    'After a lost response or a 503, read the draft (service_event_intake_draft_get) and replay with the same version and key; never start a new draft or key. ' +
    '409 NEAR_DUPLICATE lists matching events in choices: after the operator confirms they differ, save their ids in duplicateAcknowledgements and publish again.',
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  authority: WRITE,
  inputSchema: paramsAndBody('publishEventIntakeDraft', ['draftId'], 'The draft, its version and the publication key.'),
  outputSchema: responseSchema('publishEventIntakeDraft'),
  operationId: 'publishEventIntakeDraft',
  request: (input) => ({ params: { draftId: str(input, 'draftId') }, body: bodyOf(input, ['draftId']) }),
  summarize: (out) => `Published event ${out.eventId} at ${out.eventPath} (receipt ${out.receiptId}).`,
});

export const eventIntakePosterUploadBegin = tool({
  name: 'service_event_intake_poster_upload_begin',
  title: 'Begin a poster upload',
  description:
    "Declares a poster image (PNG, JPEG or WebP, at most 12 MiB, with its exact byte length and SHA-256) for the draft and returns a short-lived transfer: " +
    'POST the bytes as multipart/form-data to transfer.url with every transfer.fields entry, then the file under "file"; send no bearer credential there. ' +
    'Then call service_event_intake_poster_upload_complete. A poster never becomes public artwork by itself.',
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  authority: WRITE,
  inputSchema: paramsAndBody('beginEventIntakePosterUpload', ['draftId'], 'The draft and the poster declaration.'),
  outputSchema: responseSchema('beginEventIntakePosterUpload'),
  operationId: 'beginEventIntakePosterUpload',
  request: (input) => ({ params: { draftId: str(input, 'draftId') }, body: bodyOf(input, ['draftId']) }),
  summarize: (out) => `Poster ${out.posterAssetId} may be uploaded until ${new Date(Number(out.expiresAt)).toISOString()}.`,
});

export const eventIntakePosterUploadComplete = tool({
  name: 'service_event_intake_poster_upload_complete',
  title: 'Complete a poster upload',
  description:
    'Completes an uploaded poster: the server decodes the stored image and checks its declared type, length and digest. ' +
    'The poster can then be extracted from and selected as artwork; completion selects nothing and does not change the draft version.',
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  authority: WRITE,
  inputSchema: paramsAndBody('completeEventIntakePosterUpload', ['draftId'], 'The draft and the uploaded poster.'),
  outputSchema: responseSchema('completeEventIntakePosterUpload'),
  operationId: 'completeEventIntakePosterUpload',
  request: (input) => ({ params: { draftId: str(input, 'draftId') }, body: bodyOf(input, ['draftId']) }),
  summarize: (out) => `Poster ${out.posterAssetId} completed.`,
});

export const eventIntakeArtworkSelect = tool({
  name: 'service_event_intake_artwork_select',
  title: "Select a poster as the draft's artwork",
  description:
    "Selects a completed poster of the draft as the event's artwork (shown publicly once the draft is published). Needs the draft's current expectedVersion; returns the artwork id and the new version.",
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  authority: WRITE,
  inputSchema: paramsAndBody('selectEventIntakeArtwork', ['draftId'], 'The draft, the poster and the draft version.'),
  outputSchema: responseSchema('selectEventIntakeArtwork'),
  operationId: 'selectEventIntakeArtwork',
  request: (input) => ({ params: { draftId: str(input, 'draftId') }, body: bodyOf(input, ['draftId']) }),
  summarize: (out) => `Artwork ${out.artworkAssetId} selected; draft at version ${out.version}.`,
});

export const eventIntakeEventGet = tool({
  name: 'service_event_intake_event_get',
  title: 'Read an event you contributed',
  description:
    'Reads an event you published through intake: its current fields and its revision updatedAt. Send that updatedAt as expectedUpdatedAt when correcting it.',
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  authority: READ,
  inputSchema: paramsOnly('getEventContribution', ['slug'], 'The slug of the published event (the last segment of its eventPath).'),
  outputSchema: responseSchema('getEventContribution'),
  operationId: 'getEventContribution',
  request: (input) => ({ params: { slug: str(input, 'slug') } }),
  summarize: (out) => `Event ${out.eventId} at revision ${out.updatedAt}.`,
});

export const eventIntakeEventUpdate = tool({
  name: 'service_event_intake_event_update',
  title: 'Correct an event you contributed',
  description:
    'Corrects the public event you published through intake. This changes public data: call it only with the operator\'s explicit approval. ' +
    'Read the event first (service_event_intake_event_get) and send its updatedAt as expectedUpdatedAt; a stale revision answers 409 (read again). ' +
    'A patch equal to the published values answers changed: false.',
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true },
  authority: WRITE,
  inputSchema: paramsAndBody('updateEventContribution', ['slug'], 'The event, its revision and the corrections.'),
  outputSchema: responseSchema('updateEventContribution'),
  operationId: 'updateEventContribution',
  request: (input) => ({ params: { slug: str(input, 'slug') }, body: bodyOf(input, ['slug']) }),
  summarize: (out) => (out.changed ? `Event ${out.eventId} corrected; new revision ${out.updatedAt}.` : `Event ${out.eventId} already had these values; nothing changed.`),
});

export const eventIntakeEventRetract = tool({
  name: 'service_event_intake_event_retract',
  title: 'Retract an event you contributed',
  description:
    'Removes the public event you published through intake from every public read, search and feed. This changes public data: call it only with the operator\'s explicit approval. ' +
    'Repeating it is safe and answers changed: false.',
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true },
  authority: WRITE,
  inputSchema: paramsOnly('retractEventContribution', ['slug'], 'The slug of the event to retract.'),
  outputSchema: responseSchema('retractEventContribution'),
  operationId: 'retractEventContribution',
  request: (input) => ({ params: { slug: str(input, 'slug') } }),
  summarize: (out) => (out.changed ? `Event ${out.eventId} retracted.` : `Event ${out.eventId} was already retracted.`),
});

/** Optional page size and cursor of one of the contributor's own lists, from its REST parameters. */
const pageInput = (operationId: 'listEventIntakeDrafts' | 'listCurrentApiUserContributions') =>
  objectSchema({ limit: parameterSchema(operationId, 'limit'), cursor: parameterSchema(operationId, 'cursor') }, [], 'An optional page size and cursor (the nextCursor of the previous page).');
const pageQuery = (input: Input) => ({ query: { limit: input.limit as number | undefined, cursor: input.cursor as string | undefined } });
const more = (out: Input) => (out.nextCursor ? ' (more with nextCursor)' : '');

export const eventIntakeDraftList = tool({
  name: 'service_event_intake_draft_list',
  title: 'List your event intake drafts',
  description:
    'Lists your live event drafts (not expired, not yet published), most recently saved first: draftId, version, when each was saved and expires, ' +
    'its title, community, date and times as saved so far (null when not yet set), completed poster uploads, chosen artwork and open questions. ' +
    'Use it to find a draft whose id was lost, then read it with service_event_intake_draft_get and continue. Published drafts are not listed ' +
    '(see service_event_intake_event_list). Pass nextCursor as cursor for the next page.',
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  authority: READ,
  inputSchema: pageInput('listEventIntakeDrafts'),
  outputSchema: responseSchema('listEventIntakeDrafts'),
  operationId: 'listEventIntakeDrafts',
  request: pageQuery,
  summarize: (out) => `${(out.drafts as unknown[] | undefined)?.length ?? 0} drafts${more(out)}.`,
});

export const eventIntakeEventList = tool({
  name: 'service_event_intake_event_list',
  title: 'List the events you contributed',
  description:
    'Lists the events you published through intake, latest publication first: slug, title, date and times, status, its public pageUrl, ' +
    'and updatedAt (send it as expectedUpdatedAt to service_event_intake_event_update). Retracted events stay listed with retracted: true and no page; ' +
    'staffTakeover: true means staff took the event over and it can no longer be corrected or retracted. Pass nextCursor as cursor for the next page.',
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  authority: READ,
  inputSchema: pageInput('listCurrentApiUserContributions'),
  outputSchema: responseSchema('listCurrentApiUserContributions'),
  operationId: 'listCurrentApiUserContributions',
  request: pageQuery,
  summarize: (out) => `${(out.contributions as unknown[] | undefined)?.length ?? 0} contributed events${more(out)}.`,
});

/** The ten intake tools in the order of contract 4.12, then the two lists of one's own drafts and contributions. */
export const INTAKE_TOOLS: ToolDefinition[] = [
  eventIntakeDraftSave,
  eventIntakeDraftGet,
  eventIntakeExtract,
  eventIntakePublish,
  eventIntakePosterUploadBegin,
  eventIntakePosterUploadComplete,
  eventIntakeArtworkSelect,
  eventIntakeEventGet,
  eventIntakeEventUpdate,
  eventIntakeEventRetract,
  eventIntakeDraftList,
  eventIntakeEventList,
];
