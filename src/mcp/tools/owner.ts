/**
 * The owner write tools (contract 4.12; names, inputs, outputs and annotations from the MCP
 * tools digest), hosted and local, each over one REST operation. Authority (contract 5.18):
 * a user-delegated MCP token with `mcp:write` and the operation's own scope (`events:write`
 * for event writes, `profile:write` for profile updates, `profile:contribute` for submissions);
 * listing the caller's profiles needs `mcp:read` and `profile:read`. Community ownership and
 * per-profile rules are the operations' own (403 from the service).
 *
 * Event and profile writes read their result back anonymously: the output adds `canonicalUrl`
 * and `event` / `profile`. Event create and profile submit take an optional `idempotencyKey`
 * sent as the operation's `Idempotency-Key` header (receipts kept 24 hours per account and key).
 */
import { objectSchema, parameterSchema, responseSchema } from '../schemas.js';
import type { OperationTool, ToolAnnotations, ToolAuthority, ToolDefinition } from '../tool.js';
import { defineTool } from './define.js';
import { bodyOf, headerSchema, paramsAndBody, paramsWithBody, writeWithReadBack } from './writeShapes.js';

type Input = Record<string, unknown>;
const tool = (t: Omit<OperationTool<Input>, 'kind' | 'surface'>): ToolDefinition => defineTool<Input>({ kind: 'operation', surface: 'both', ...t });
const write = (scope: 'events:write' | 'profile:write' | 'profile:contribute'): ToolAuthority => ({ scopes: ['mcp:write', scope], userAuthority: true });

const CREATES: ToolAnnotations = { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true };
const UPDATES: ToolAnnotations = { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true };

const APPROVAL = "This changes public data: call it only after the operator has explicitly approved this exact change.";
const READ_BACK = 'The result adds canonicalUrl and the public read-back. If the write succeeded but the read-back failed, do not retry the write: inspect the saved object first.';

const idempotencyKey = (operationId: 'createCurrentUserCommunityEvent' | 'submitCommunityProfile') => ({
  ...headerSchema(operationId, 'Idempotency-Key'),
  description: 'Optional key that makes a retry safe: repeating the call with the same key and the same input replays the first result instead of writing again (24 hours); the same key with other input answers 409. Use a new key for a new object.',
});
const keyHeader = (input: Input): Record<string, string> => (typeof input.idempotencyKey === 'string' ? { 'Idempotency-Key': input.idempotencyKey } : {});
const slugOf = (input: Input) => String(input.slug);
const eventPath = (answer: Record<string, unknown>) => (typeof answer.eventPath === 'string' ? answer.eventPath : undefined);
/** A profile that is not publicly viewable (a draft or opted-out profile an owner edited) has no public read. */
const profilePath = (answer: Record<string, unknown>) => (answer.publiclyViewable !== false && typeof answer.profilePath === 'string' ? answer.profilePath : undefined);

export const eventCreate = tool({
  name: 'service_event_create',
  title: 'Create an event of a community you own',
  description:
    'Creates and publishes a public event of a community profile you actively own (communitySlug), with title, startAt and the optional ' +
    'schedule, lineup (slotLinks, participantLinks), media and watch settings. ' +
    `${APPROVAL} Pass an idempotencyKey so a retry after a lost answer cannot publish the event twice. ${READ_BACK}`,
  annotations: CREATES,
  authority: write('events:write'),
  inputSchema: paramsAndBody('createCurrentUserCommunityEvent', [], 'The event create request, plus an optional idempotencyKey.', { idempotencyKey: idempotencyKey('createCurrentUserCommunityEvent') }),
  outputSchema: writeWithReadBack('createCurrentUserCommunityEvent', 'event'),
  operationId: 'createCurrentUserCommunityEvent',
  request: (input) => ({ body: bodyOf(input, ['idempotencyKey']), headers: keyHeader(input) }),
  readBack: { pathOf: eventPath, as: 'event' },
  summarize: (out) => `Created event ${out.slug}: ${out.canonicalUrl}`,
});

export const eventUpdate = tool({
  name: 'service_event_update',
  title: 'Update an event of a community you own',
  description:
    "Updates an event whose community you actively own. Omitted fields are kept, null clears an optional field, an empty array clears a collection; " +
    'replacing the schedule or lineup needs both slotLinks and participantLinks. Read the event first (service_get_event). ' +
    `${APPROVAL} ${READ_BACK}`,
  annotations: UPDATES,
  authority: write('events:write'),
  inputSchema: paramsWithBody('updateCurrentUserCommunityEvent', ['slug'], 'update', 'The event slug and the event update request.'),
  outputSchema: writeWithReadBack('updateCurrentUserCommunityEvent', 'event'),
  operationId: 'updateCurrentUserCommunityEvent',
  request: (input) => ({ params: { slug: slugOf(input) }, body: input.update }),
  readBack: { pathOf: eventPath, as: 'event' },
  summarize: (out) => `Updated event ${out.slug}: ${out.canonicalUrl}`,
});

export const profileUpdate = tool({
  name: 'service_profile_update',
  title: 'Update a profile',
  description:
    'Updates a person or community profile you own or, with profile:contribute, an unclaimed public profile as a community contributor. ' +
    "Read the profile first (service_list_my_profiles or service_get_profile): update.expectedUpdatedAt must be its current updatedAt (409 when stale), " +
    'and outboundLinks replaces the whole list. ' +
    `${APPROVAL} ${READ_BACK} A profile that is not publicly viewable has no public read-back.`,
  annotations: UPDATES,
  authority: write('profile:write'),
  inputSchema: paramsWithBody('updateCurrentUserProfile', ['slug'], 'update', 'The profile slug and the profile update request.'),
  outputSchema: writeWithReadBack('updateCurrentUserProfile', 'profile'),
  operationId: 'updateCurrentUserProfile',
  request: (input) => ({ params: { slug: slugOf(input) }, body: input.update }),
  readBack: { pathOf: profilePath, as: 'profile' },
  summarize: (out) => `Updated profile ${out.slug} (revision ${out.updatedAt})${out.canonicalUrl ? `: ${out.canonicalUrl}` : ''}.`,
});

export const profileSubmit = tool({
  name: 'service_profile_submit',
  title: 'Submit a new community-sourced profile',
  description:
    'Publishes a new person or community profile at once, unclaimed and credited to you; the described person may claim it later. ' +
    'Search first (service_search): a second submission of the same subject creates a second profile, nothing merges them. ' +
    `${APPROVAL} Pass an idempotencyKey so a retry after a lost answer cannot create the profile twice. ${READ_BACK}`,
  annotations: CREATES,
  authority: write('profile:contribute'),
  inputSchema: paramsAndBody('submitCommunityProfile', [], 'The profile submission request, plus an optional idempotencyKey.', { idempotencyKey: idempotencyKey('submitCommunityProfile') }),
  outputSchema: writeWithReadBack('submitCommunityProfile', 'profile'),
  operationId: 'submitCommunityProfile',
  request: (input) => ({ body: bodyOf(input, ['idempotencyKey']), headers: keyHeader(input) }),
  readBack: { pathOf: profilePath, as: 'profile' },
  summarize: (out) => `Submitted profile ${out.slug}: ${out.canonicalUrl}`,
});

export const listMyProfiles = tool({
  name: 'service_list_my_profiles',
  title: 'List your profiles',
  description:
    'Lists the person and community profiles you own, including drafts and profiles kept off public pages, most recently updated first, ' +
    'with their slug and updatedAt (the expectedUpdatedAt of a profile update). Pass nextCursor as cursor for the next page.',
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  authority: { scopes: ['mcp:read', 'profile:read'], userAuthority: true },
  inputSchema: objectSchema(
    { limit: parameterSchema('listCurrentApiUserProfiles', 'limit'), cursor: parameterSchema('listCurrentApiUserProfiles', 'cursor') },
    [],
    'An optional page size and cursor.',
  ),
  outputSchema: responseSchema('listCurrentApiUserProfiles'),
  operationId: 'listCurrentApiUserProfiles',
  request: (input) => ({ query: { limit: input.limit as number | undefined, cursor: input.cursor as string | undefined } }),
  summarize: (out) => `${(out.profiles as unknown[] | undefined)?.length ?? 0} profiles${out.nextCursor ? ' (more with nextCursor)' : ''}.`,
});

/** The five owner tools of contract 4.12. */
export const OWNER_TOOLS: ToolDefinition[] = [eventCreate, eventUpdate, profileUpdate, profileSubmit, listMyProfiles];

