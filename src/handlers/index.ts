// Every operationId of the contract maps to src/handlers/<operationId>.ts, or is listed here as
// not implemented yet (it then answers a 501 problem after authentication and validation).
// The map is typed by the generated OperationId union: a missing or extra key fails to compile.
import { NOT_IMPLEMENTED, type HandlerMap } from './types.js';
import { parseTemporalExpressionWebSession } from './parseTemporalExpressionWebSession.js';
import { getTemporalParseContinuation } from './getTemporalParseContinuation.js';
import { parseTemporalExpression } from './parseTemporalExpression.js';
import { getApiRateLimitUsage } from './getApiRateLimitUsage.js';
import { listCurrentApiUserEvents } from './listCurrentApiUserEvents.js';
import { listCurrentApiUserCommunities } from './listCurrentApiUserCommunities.js';
import { listCurrentApiUserProfiles } from './listCurrentApiUserProfiles.js';
import { createCurrentDeveloperApiToken } from './createCurrentDeveloperApiToken.js';
import { getCurrentApiCaller } from './getCurrentApiCaller.js';
import { getOpenApiDocument } from './getOpenApiDocument.js';
import { getPublicClaimStatus } from './getPublicClaimStatus.js';
import { getPublicCommunityProfileBySlug } from './getPublicCommunityProfileBySlug.js';
import { getPublicPersonProfileBySlug } from './getPublicPersonProfileBySlug.js';
import { getPublicProfileBySlug } from './getPublicProfileBySlug.js';
import { getPublicWorldBySlug } from './getPublicWorldBySlug.js';
import { getOpenApiYamlDocument } from './getOpenApiYamlDocument.js';
import { listCurrentDeveloperApiTokens } from './listCurrentDeveloperApiTokens.js';
import { revokeCurrentDeveloperApiToken } from './revokeCurrentDeveloperApiToken.js';

export const handlers: HandlerMap = {
  beginEventIntakePosterUpload: NOT_IMPLEMENTED,
  completeEventIntakePosterUpload: NOT_IMPLEMENTED,
  completeProfileAssetUploadIntent: NOT_IMPLEMENTED,
  createCurrentDeveloperApiToken,
  createCurrentDeveloperOAuthApp: NOT_IMPLEMENTED,
  createCurrentDeveloperOAuthAppSecret: NOT_IMPLEMENTED,
  createCurrentUserCommunityEvent: NOT_IMPLEMENTED,
  createCurrentUserProfileAssetUploadIntent: NOT_IMPLEMENTED,
  downloadPublicProfileAssetFile: NOT_IMPLEMENTED,
  downloadPublicProfileLogosZip: NOT_IMPLEMENTED,
  extractEventIntakeDraft: NOT_IMPLEMENTED,
  getApiRateLimitUsage,
  getCurrentApiCaller,
  getEventContribution: NOT_IMPLEMENTED,
  getEventIntakeDraft: NOT_IMPLEMENTED,
  getOpenApiDocument,
  getOpenApiYamlDocument,
  getPublicClaimStatus,
  getPublicCommunityCalendar: NOT_IMPLEMENTED,
  getPublicCommunityProfileBySlug,
  getPublicEventBySlug: NOT_IMPLEMENTED,
  getPublicEventCalendar: NOT_IMPLEMENTED,
  getPublicEventsCalendar: NOT_IMPLEMENTED,
  getPublicPersonProfileBySlug,
  getPublicProfileAssets: NOT_IMPLEMENTED,
  getPublicProfileBySlug,
  getPublicProfileLogos: NOT_IMPLEMENTED,
  getPublicWorldBySlug,
  getPublicWorldEventsBySlug: NOT_IMPLEMENTED,
  getTemporalParseContinuation,
  listCurrentApiUserCommunities,
  listCurrentApiUserEvents,
  listCurrentApiUserProfiles,
  listCurrentDeveloperApiTokens,
  listCurrentDeveloperOAuthApps: NOT_IMPLEMENTED,
  listPublicActiveWorlds: NOT_IMPLEMENTED,
  listPublicCommunityEvents: NOT_IMPLEMENTED,
  listPublicPersonEvents: NOT_IMPLEMENTED,
  listPublicUpcomingEvents: NOT_IMPLEMENTED,
  parseTemporalExpression,
  parseTemporalExpressionWebSession,
  probeProfileAssetUploadStorage: NOT_IMPLEMENTED,
  publishEventIntakeDraft: NOT_IMPLEMENTED,
  retractEventContribution: NOT_IMPLEMENTED,
  revokeCurrentDeveloperApiToken,
  revokeCurrentDeveloperOAuthApp: NOT_IMPLEMENTED,
  saveEventIntakeDraft: NOT_IMPLEMENTED,
  searchPublicCatalog: NOT_IMPLEMENTED,
  selectEventIntakeArtwork: NOT_IMPLEMENTED,
  submitCommunityProfile: NOT_IMPLEMENTED,
  updateCurrentDeveloperOAuthApp: NOT_IMPLEMENTED,
  updateCurrentUserCommunityEvent: NOT_IMPLEMENTED,
  updateCurrentUserProfile: NOT_IMPLEMENTED,
  updateEventContribution: NOT_IMPLEMENTED,
  updateEventIntakeDraft: NOT_IMPLEMENTED,
  uploadPosterToStorage: NOT_IMPLEMENTED,
};

export const notImplementedOperations = (Object.keys(handlers) as (keyof HandlerMap)[]).filter((id) => handlers[id] === NOT_IMPLEMENTED).sort();
