// Every operationId of the contract maps to src/handlers/<operationId>.ts, or is listed here as
// not implemented yet (it then answers a 501 problem after authentication and validation).
// The map is typed by the generated OperationId union: a missing or extra key fails to compile.
import { NOT_IMPLEMENTED, type HandlerMap } from './types.js';
import { downloadPublicProfileAssetFile } from './downloadPublicProfileAssetFile.js';
import { downloadPublicProfileLogosZip } from './downloadPublicProfileLogosZip.js';
import { getPublicProfileAssets } from './getPublicProfileAssets.js';
import { getPublicProfileLogos } from './getPublicProfileLogos.js';
import { probeProfileAssetUploadStorage } from './probeProfileAssetUploadStorage.js';
import { createCurrentUserProfileAssetUploadIntent } from './createCurrentUserProfileAssetUploadIntent.js';
import { completeProfileAssetUploadIntent } from './completeProfileAssetUploadIntent.js';
import { parseTemporalExpressionWebSession } from './parseTemporalExpressionWebSession.js';
import { getTemporalParseContinuation } from './getTemporalParseContinuation.js';
import { parseTemporalExpression } from './parseTemporalExpression.js';
import { getApiRateLimitUsage } from './getApiRateLimitUsage.js';
import { listCurrentApiUserEvents } from './listCurrentApiUserEvents.js';
import { listCurrentApiUserContributions } from './listCurrentApiUserContributions.js';
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
import { listCurrentDeveloperOAuthApps } from './listCurrentDeveloperOAuthApps.js';
import { createCurrentDeveloperOAuthApp } from './createCurrentDeveloperOAuthApp.js';
import { updateCurrentDeveloperOAuthApp } from './updateCurrentDeveloperOAuthApp.js';
import { createCurrentDeveloperOAuthAppSecret } from './createCurrentDeveloperOAuthAppSecret.js';
import { revokeCurrentDeveloperOAuthApp } from './revokeCurrentDeveloperOAuthApp.js';
import { revokeCurrentDeveloperOAuthAppSecret } from './revokeCurrentDeveloperOAuthAppSecret.js';
import { saveEventIntakeDraft } from './saveEventIntakeDraft.js';
import { getEventIntakeDraft } from './getEventIntakeDraft.js';
import { listEventIntakeDrafts } from './listEventIntakeDrafts.js';
import { updateEventIntakeDraft } from './updateEventIntakeDraft.js';
import { extractEventIntakeDraft } from './extractEventIntakeDraft.js';
import { publishEventIntakeDraft } from './publishEventIntakeDraft.js';
import { beginEventIntakePosterUpload } from './beginEventIntakePosterUpload.js';
import { completeEventIntakePosterUpload } from './completeEventIntakePosterUpload.js';
import { selectEventIntakeArtwork } from './selectEventIntakeArtwork.js';
import { uploadPosterToStorage } from './uploadPosterToStorage.js';
import { getEventContribution } from './getEventContribution.js';
import { updateEventContribution } from './updateEventContribution.js';
import { retractEventContribution } from './retractEventContribution.js';
import { searchPublicCatalog } from './searchPublicCatalog.js';
import { getPublicEventBySlug } from './getPublicEventBySlug.js';
import { getPublicEventCalendar } from './getPublicEventCalendar.js';
import { getPublicCommunityCalendar } from './getPublicCommunityCalendar.js';
import { getPublicEventsCalendar } from './getPublicEventsCalendar.js';
import { downloadPublicEventArtwork } from './downloadPublicEventArtwork.js';
import { listPublicUpcomingEvents } from './listPublicUpcomingEvents.js';
import { listPublicCommunityEvents } from './listPublicCommunityEvents.js';
import { listPublicPersonEvents } from './listPublicPersonEvents.js';
import { getPublicWorldEventsBySlug } from './getPublicWorldEventsBySlug.js';
import { listPublicActiveWorlds } from './listPublicActiveWorlds.js';
import { createCurrentUserCommunityEvent } from './createCurrentUserCommunityEvent.js';
import { updateCurrentUserCommunityEvent } from './updateCurrentUserCommunityEvent.js';
import { updateCurrentUserProfile } from './updateCurrentUserProfile.js';
import { submitCommunityProfile } from './submitCommunityProfile.js';

export const handlers: HandlerMap = {
  beginEventIntakePosterUpload,
  completeEventIntakePosterUpload,
  completeProfileAssetUploadIntent,
  createCurrentDeveloperApiToken,
  createCurrentDeveloperOAuthApp,
  createCurrentDeveloperOAuthAppSecret,
  createCurrentUserCommunityEvent,
  createCurrentUserProfileAssetUploadIntent,
  downloadPublicEventArtwork,
  downloadPublicProfileAssetFile,
  downloadPublicProfileLogosZip,
  extractEventIntakeDraft,
  getApiRateLimitUsage,
  getCurrentApiCaller,
  getEventContribution,
  getEventIntakeDraft,
  listEventIntakeDrafts,
  getOpenApiDocument,
  getOpenApiYamlDocument,
  getPublicClaimStatus,
  getPublicCommunityCalendar,
  getPublicCommunityProfileBySlug,
  getPublicEventBySlug,
  getPublicEventCalendar,
  getPublicEventsCalendar,
  getPublicPersonProfileBySlug,
  getPublicProfileAssets,
  getPublicProfileBySlug,
  getPublicProfileLogos,
  getPublicWorldBySlug,
  getPublicWorldEventsBySlug,
  getTemporalParseContinuation,
  listCurrentApiUserCommunities,
  listCurrentApiUserEvents,
  listCurrentApiUserContributions,
  listCurrentApiUserProfiles,
  listCurrentDeveloperApiTokens,
  listCurrentDeveloperOAuthApps,
  listPublicActiveWorlds,
  listPublicCommunityEvents,
  listPublicPersonEvents,
  listPublicUpcomingEvents,
  parseTemporalExpression,
  parseTemporalExpressionWebSession,
  probeProfileAssetUploadStorage,
  publishEventIntakeDraft,
  retractEventContribution,
  revokeCurrentDeveloperApiToken,
  revokeCurrentDeveloperOAuthApp,
  revokeCurrentDeveloperOAuthAppSecret,
  saveEventIntakeDraft,
  searchPublicCatalog,
  selectEventIntakeArtwork,
  submitCommunityProfile,
  updateCurrentDeveloperOAuthApp,
  updateCurrentUserCommunityEvent,
  updateCurrentUserProfile,
  updateEventContribution,
  updateEventIntakeDraft,
  uploadPosterToStorage,
};

export const notImplementedOperations = (Object.keys(handlers) as (keyof HandlerMap)[]).filter((id) => handlers[id] === NOT_IMPLEMENTED).sort();
