/**
 * The hosted media tools (contract 4.12): no REST operation carries them, so they call the
 * media service directly. Their members are the contract's own (the upload intent's source and
 * placement metadata, `MediaAsset`, `AssetPlacement`, `UploadMimeType`, the `Idempotency-Key`
 * parameter); only the wrapping objects are declared here. Image bytes are fetched by the
 * server from a public HTTPS URL; neither bytes nor upload credentials cross the JSON boundary.
 *
 * Authority (contract 4.12, 5.18): proposals `mcp:write assets:contribute`, their history
 * `mcp:read assets:contribute`, owner media management `mcp:write assets:write`; all need a
 * user-delegated token.
 */
import type { MediaManageInput, MediaSubmitInput } from '../../services/directory/profileMedia.js';
import { componentSchema, objectSchema, parameterSchema } from '../schemas.js';
import type { JsonSchema } from '../tool.js';
import { defineTool } from './define.js';
import { arrayOf, bodyMembers, headerSchema } from './writeShapes.js';

const intent = () => bodyMembers('createCurrentUserProfileAssetUploadIntent');
const pick = (names: string[]) => {
  const all = intent();
  return Object.fromEntries(names.map((n) => [n, all[n]!]));
};
const METADATA = ['label', 'caption', 'altText', 'credit', 'creditUrl', 'placements'];

const slugOf = (description: string): JsonSchema => ({ ...parameterSchema('createCurrentUserProfileAssetUploadIntent', 'slug'), description });
const idempotencyKey = (description: string): JsonSchema => ({ ...headerSchema('submitCommunityProfile', 'Idempotency-Key'), description });
const epochMillis = () => componentSchema('EpochMillis');
const text = (maxLength: number): JsonSchema => ({ type: 'string', maxLength });

const MEDIA_REVISION: JsonSchema = {
  type: 'string',
  pattern: '^mr_[0-9]{1,15}$',
  description: 'The opaque media revision of the media kit, as the last answer of this tool gave it (action "get" reads it). A stale revision answers 409 and changes nothing.',
};

/** What a contributor sees of a proposal: its status, the image it became, the source host. */
const submissionView = (): JsonSchema =>
  objectSchema(
    {
      submissionId: { type: 'string', minLength: 1 },
      profileSlug: { type: 'string', minLength: 1 },
      status: { type: 'string', enum: ['pending_review', 'accepted', 'rejected'], description: 'pending_review until staff decide; nothing is public before an accepted review.' },
      mimeType: componentSchema('UploadMimeType'),
      byteSize: { type: 'integer', minimum: 1 },
      width: { type: 'integer', minimum: 1 },
      height: { type: 'integer', minimum: 1 },
      placements: arrayOf(componentSchema('AssetPlacement')),
      label: text(80),
      caption: text(240),
      altText: text(180),
      credit: text(120),
      creditUrl: text(2048),
      sourceHost: { type: 'string', description: 'The host the image was imported from (the full URL is kept for review only).' },
      createdAt: epochMillis(),
      updatedAt: epochMillis(),
    },
    ['submissionId', 'profileSlug', 'status', 'mimeType', 'byteSize', 'placements', 'sourceHost', 'createdAt', 'updatedAt'],
    'A media proposal as its submitter sees it.',
  );

export const profileMediaSubmit = defineTool<MediaSubmitInput>({
  kind: 'service',
  name: 'service_profile_media_submit',
  title: 'Propose an image for an unclaimed person profile',
  description:
    'Imports a public HTTPS image (PNG, SVG, JPEG or WebP, at most 12 MB; fetched by the server, redirects and non-public addresses refused) ' +
    'as a private proposal for an unclaimed public person profile, with the placement and credit you suggest. The proposal is reviewed by staff; ' +
    'it is not public, and you cannot publish or review it. Only propose images the operator has approved and that may be used. ' +
    'Pass an idempotencyKey so a retry cannot propose twice. Follow its status with service_list_my_media_submissions.',
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  authority: { scopes: ['mcp:write', 'assets:contribute'], userAuthority: true },
  surface: 'hosted',
  inputSchema: objectSchema(
    {
      slug: slugOf('The unclaimed person profile the image is proposed for.'),
      ...pick(['sourceUrl', 'mimeType', 'byteSize', ...METADATA]),
      idempotencyKey: idempotencyKey('Optional: a repeat with the same key and input returns the first proposal; the same key with other input answers 409.'),
    },
    ['slug', 'sourceUrl', 'mimeType'],
    'The profile, the image URL and the suggested metadata.',
  ),
  outputSchema: submissionView(),
  publicWrite: true,
  call: ({ services, actor }, input) => services.profileMedia.submit(actor, input) as unknown as Promise<Record<string, unknown>>,
  summarize: (out) => `Proposal ${out.submissionId} for ${out.profileSlug} is ${out.status}.`,
});

export const listMyMediaSubmissions = defineTool<{ limit?: number }>({
  kind: 'service',
  name: 'service_list_my_media_submissions',
  title: 'List your media proposals',
  description: 'Lists the media proposals you made (newest first) with their review status. Only your own proposals are listed, without reviewer details.',
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  authority: { scopes: ['mcp:read', 'assets:contribute'], userAuthority: true },
  surface: 'hosted',
  inputSchema: objectSchema({ limit: parameterSchema('listCurrentApiUserProfiles', 'limit') }, [], 'An optional page size.'),
  outputSchema: objectSchema({ submissions: arrayOf(submissionView(), { maxItems: 100 }) }, ['submissions'], 'Your proposals, newest first.'),
  call: ({ services, actor }, input) => services.profileMedia.mySubmissions(actor, input.limit) as unknown as Promise<Record<string, unknown>>,
  summarize: (out) => `${(out.submissions as unknown[]).length} media proposals.`,
});

const removedAsset = () =>
  objectSchema(
    {
      assetId: { type: 'string', minLength: 1 },
      mimeType: componentSchema('UploadMimeType'),
      placements: arrayOf(componentSchema('AssetPlacement')),
      label: text(80),
      removedAt: epochMillis(),
    },
    ['assetId', 'mimeType', 'placements', 'removedAt'],
    'A soft-deleted asset (its file answers 404); action "restore" brings it back.',
  );

export const profileMediaManage = defineTool<MediaManageInput>({
  kind: 'service',
  name: 'service_profile_media_manage',
  title: "Manage a profile's media kit",
  description:
    'Manages the media kit of a claimed profile you actively own. action "get" reads the kit and its mediaRevision. ' +
    'Every change needs the current mediaRevision (409 when stale: get again) and answers the kit with the new one: ' +
    '"import_url" imports a public HTTPS image (fetched by the server; also needs an idempotencyKey, and sourceUrl and mimeType) with optional metadata, placements and position; ' +
    '"update" replaces an asset\'s metadata, placements or position (blank text clears; a single-valued placement moves to this asset); ' +
    '"remove" soft-deletes an asset; "restore" brings a removed one back. ' +
    "These change the public media kit: call them only after the operator has explicitly approved the change.",
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true },
  authority: { scopes: ['mcp:write', 'assets:write'], userAuthority: true },
  surface: 'hosted',
  inputSchema: objectSchema(
    {
      slug: slugOf('The claimed profile whose media kit to manage.'),
      action: { type: 'string', enum: ['get', 'import_url', 'update', 'remove', 'restore'], description: 'What to do (see the tool description).' },
      mediaRevision: MEDIA_REVISION,
      idempotencyKey: idempotencyKey('Required by "import_url": a repeat with the same key and input replays the first answer; the same key with other input answers 409.'),
      assetId: { type: 'string', minLength: 1, maxLength: 200, description: 'The asset to "update", "remove" or "restore".' },
      ...pick(['sourceUrl', 'mimeType', 'byteSize', ...METADATA, 'position']),
    },
    ['slug', 'action'],
    'The profile, the action and its members.',
  ),
  outputSchema: objectSchema(
    {
      profileId: { type: 'string', minLength: 1 },
      slug: { type: 'string', minLength: 1 },
      profilePath: { type: 'string', minLength: 1 },
      mediaRevision: MEDIA_REVISION,
      assets: arrayOf(componentSchema('MediaAsset'), { description: 'Active assets in media-kit order.' }),
      removedAssets: arrayOf(removedAsset()),
      changedAssetId: { type: 'string', minLength: 1, description: 'The asset this change created or changed.' },
    },
    ['profileId', 'slug', 'profilePath', 'mediaRevision', 'assets', 'removedAssets'],
    'The media kit after the action, and its new media revision.',
  ),
  // Every action but "get" changes the public media kit.
  publicWrite: (args) => args.action !== 'get',
  call: ({ services, actor }, input) => services.profileMedia.manage(actor, input) as unknown as Promise<Record<string, unknown>>,
  summarize: (out) => `${(out.assets as unknown[]).length} active assets; media revision ${out.mediaRevision}.`,
});

/** The three hosted media tools of contract 4.12. */
export const MEDIA_TOOLS = [profileMediaSubmit, listMyMediaSubmissions, profileMediaManage];
