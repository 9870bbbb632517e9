import type { Scope } from '../../generated/contract.js';
import type { OAuthScope } from './resources.js';

/** What each scope lets an application do, in the words a consent page shows (contract 5.7, 5.15). */
export const SCOPE_WORDS: Record<OAuthScope, string> = {
  'public:read': 'read the public directory as you',
  'mcp:read': 'use Marquee tools that read, through MCP',
  'mcp:write': 'use Marquee tools that change things, through MCP',
  'events:contribute': 'save event drafts and publish and correct events you contribute',
  'events:read': 'see the events of communities you own',
  'events:write': "create and change your communities' events",
  'profile:read': 'see the profiles you own',
  'profile:write': 'edit your profiles',
  'profile:contribute': 'submit and improve community profiles as a contributor',
  'community:read': 'see the communities you own',
  'assets:write': 'upload media to your profiles',
  'assets:contribute': 'propose media for unclaimed profiles',
  'developer:read': 'see your API tokens and OAuth applications',
  'developer:write': 'create and revoke your API tokens and OAuth applications',
};

/**
 * Every scope a credential may hold, in the same words (the developer page uses these): a
 * personal token may also hold `time:parse`, which no OAuth client is given.
 */
export const CREDENTIAL_SCOPE_WORDS: Record<Scope, string> = {
  ...SCOPE_WORDS,
  'time:parse': 'read dates and times out of text with the time parser',
};
