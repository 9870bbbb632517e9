import type { Knex } from 'knex';
import * as createUsers from './20261121000100_create_users.js';
import * as createWebSessions from './20261121000200_create_web_sessions.js';
import * as createApiTokens from './20261121000300_create_api_tokens.js';
import * as createAuditRecords from './20261121000400_create_audit_records.js';
import * as createProfiles from './20261121000500_create_profiles.js';
import * as createWorlds from './20261121000600_create_worlds.js';
import * as createEvents from './20261121000700_create_events.js';
import * as createQuotaCounters from './20261121000800_create_quota_counters.js';
import * as addTimeAllowancesToUsers from './20261121000900_add_time_allowances_to_users.js';
import * as createTimeParseJobs from './20261121001000_create_time_parse_jobs.js';
import * as createEventIntakeDrafts from './20261121001100_create_event_intake_drafts.js';
import * as createIntakePosters from './20261121001200_create_intake_posters.js';
import * as createIntakePublications from './20261121001300_create_intake_publications.js';
import * as addContributionColumnsToEvents from './20261121001400_add_contribution_columns_to_events.js';
import * as createOauthApplications from './20261124000100_create_oauth_applications.js';
import * as createOauthPayloads from './20261124000200_create_oauth_payloads.js';
import * as createOauthAccessTokens from './20261124000300_create_oauth_access_tokens.js';
import * as addTimeWindowToEvents from './20261125000100_add_time_window_to_events.js';
import * as createSearchDocuments from './20261125000200_create_search_documents.js';
import * as createProfileAssets from './20261125000300_create_profile_assets.js';
import * as createProfileAssetUploadIntents from './20261126000200_create_profile_asset_upload_intents.js';
import * as addProfileWriteState from './20261126000100_add_profile_write_state.js';
import * as addOwnerEventDetails from './20261126000300_add_owner_event_details.js';
import * as createEventCreateReceipts from './20261127000500_create_event_create_receipts.js';
import * as createProfileMediaTables from './20261127000600_create_profile_media_tables.js';
import * as createAccountEmailTokens from './20261128000100_create_account_email_tokens.js';
import * as createPublicReadVersions from './20261129000100_create_public_read_versions.js';
import * as createCredentialVersions from './20261130000100_create_credential_versions.js';
import * as addEventSequence from './20261201000100_add_event_sequence.js';
import * as createSignupInvites from './20261202000100_create_signup_invites.js';
import * as indexOwnDraftsAndContributions from './20261202000300_index_own_drafts_and_contributions.js';
import * as createWebFormNonces from './20261203000100_create_web_form_nonces.js';
import * as addWebSessionDetails from './20261203000200_add_web_session_details.js';
import * as createSearchNames from './20261204000100_create_search_names.js';
import * as bumpPublicReadsOnProfileAssetChanges from './20261206000100_bump_public_reads_on_profile_asset_changes.js';
import * as spreadPublicReadVersionSlots from './20261206000200_spread_public_read_version_slots.js';
import * as rankOrderedSearchIndex from './20261206000300_rank_ordered_search_index.js';
import * as searchAliasesAndNameWords from './20261207000100_search_aliases_and_name_words.js';
import * as bumpPublicReadsOnSearchChanges from './20261207000200_bump_public_reads_on_search_changes.js';

interface Migration {
  up(knex: Knex): Promise<void>;
  down(knex: Knex): Promise<void>;
}

/** Migrations are imported statically so the service, the CLI and jest load them the same way. */
const migrations: [string, Migration][] = [
  ['20261121000100_create_users', createUsers],
  ['20261121000200_create_web_sessions', createWebSessions],
  ['20261121000300_create_api_tokens', createApiTokens],
  ['20261121000400_create_audit_records', createAuditRecords],
  ['20261121000500_create_profiles', createProfiles],
  ['20261121000600_create_worlds', createWorlds],
  ['20261121000700_create_events', createEvents],
  ['20261121000800_create_quota_counters', createQuotaCounters],
  ['20261121000900_add_time_allowances_to_users', addTimeAllowancesToUsers],
  ['20261121001000_create_time_parse_jobs', createTimeParseJobs],
  ['20261121001100_create_event_intake_drafts', createEventIntakeDrafts],
  ['20261121001200_create_intake_posters', createIntakePosters],
  ['20261121001300_create_intake_publications', createIntakePublications],
  ['20261121001400_add_contribution_columns_to_events', addContributionColumnsToEvents],
  ['20261124000100_create_oauth_applications', createOauthApplications],
  ['20261124000200_create_oauth_payloads', createOauthPayloads],
  ['20261124000300_create_oauth_access_tokens', createOauthAccessTokens],
  ['20261125000100_add_time_window_to_events', addTimeWindowToEvents],
  ['20261125000200_create_search_documents', createSearchDocuments],
  ['20261125000300_create_profile_assets', createProfileAssets],
  ['20261126000100_add_profile_write_state', addProfileWriteState],
  ['20261126000200_create_profile_asset_upload_intents', createProfileAssetUploadIntents],
  ['20261126000300_add_owner_event_details', addOwnerEventDetails],
  ['20261127000500_create_event_create_receipts', createEventCreateReceipts],
  ['20261127000600_create_profile_media_tables', createProfileMediaTables],
  ['20261128000100_create_account_email_tokens', createAccountEmailTokens],
  ['20261129000100_create_public_read_versions', createPublicReadVersions],
  ['20261130000100_create_credential_versions', createCredentialVersions],
  ['20261201000100_add_event_sequence', addEventSequence],
  ['20261202000100_create_signup_invites', createSignupInvites],
  ['20261202000300_index_own_drafts_and_contributions', indexOwnDraftsAndContributions],
  ['20261203000100_create_web_form_nonces', createWebFormNonces],
  ['20261203000200_add_web_session_details', addWebSessionDetails],
  ['20261204000100_create_search_names', createSearchNames],
  ['20261206000100_bump_public_reads_on_profile_asset_changes', bumpPublicReadsOnProfileAssetChanges],
  ['20261206000200_spread_public_read_version_slots', spreadPublicReadVersionSlots],
  ['20261206000300_rank_ordered_search_index', rankOrderedSearchIndex],
  ['20261207000100_search_aliases_and_name_words', searchAliasesAndNameWords],
  ['20261207000200_bump_public_reads_on_search_changes', bumpPublicReadsOnSearchChanges],
];

export const migrationSource: Knex.MigrationSource<[string, Migration]> = {
  getMigrations: async () => migrations,
  getMigrationName: ([name]) => name,
  getMigration: async ([, migration]) => migration,
};
