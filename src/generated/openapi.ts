// Generated from openapi.yaml by `make generate`. Do not edit.
/* eslint-disable */
export interface paths {
    "/api/time/parse": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Parse a time expression (signed-in web session)
         * @description The web facade of `parseTemporalExpression` for signed-in pages (contract 4.10): the same request and result schemas, quotas and rules, authenticated by the `marquee_session` cookie instead of a token; no scope applies, but the account needs a verified e-mail address and the time-API grant (403 otherwise). Requests must carry a same-origin `Origin` header (403 otherwise). A 202 carries `Retry-After` but no `Location`, since the continuation route needs a personal token: to poll, repeat the identical request with the same `Idempotency-Key` after `Retry-After` seconds, which returns the job's current state without a second quota unit. For the same account, the same `Idempotency-Key` within the 15-minute continuation window returns the originally accepted job in its current state (200 when complete, 202 while pending) and uses no second quota unit; the same key with a different request (compared after defaults are applied) answers 409 `IDEMPOTENCY_CONFLICT`. After the window the key starts a new job with a new continuation token. `no_plan`, `needs_clarification` and errors are never timestamps.
         */
        post: operations["parseTemporalExpressionWebSession"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v0/claims/{slug}/status": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Slug of the resource. Marquee generates `^[a-z0-9]+(?:-[a-z0-9]+)*$` slugs of at most 64 characters; up to 160 characters are accepted so that longer links answer 404, not 400. */
                slug: components["parameters"]["Slug"];
            };
            cookie?: never;
        };
        /**
         * Read a profile's claim status
         * @description Whether the public profile with this slug is claimed, and its trust label. Anonymous calls work; a bearer credential is optional, needs `public:read`, and only moves the call from the `anonymous_public_read` to the `authenticated_public_read` window (an invalid credential answers 401).
         */
        get: operations["getPublicClaimStatus"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v0/communities/{slug}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Slug of the resource. Marquee generates `^[a-z0-9]+(?:-[a-z0-9]+)*$` slugs of at most 64 characters; up to 160 characters are accepted so that longer links answer 404, not 400. */
                slug: components["parameters"]["Slug"];
            };
            cookie?: never;
        };
        /**
         * Read a public community profile
         * @description The public community profile with this slug; a person slug answers 404 (use `getPublicPersonProfileBySlug`). Anonymous calls work; a bearer credential is optional, needs `public:read`, and only moves the call from the `anonymous_public_read` to the `authenticated_public_read` window (an invalid credential answers 401).
         */
        get: operations["getPublicCommunityProfileBySlug"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v0/communities/{slug}/calendar.ics": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Slug of the resource. Marquee generates `^[a-z0-9]+(?:-[a-z0-9]+)*$` slugs of at most 64 characters; up to 160 characters are accepted so that longer links answer 404, not 400. */
                slug: components["parameters"]["Slug"];
            };
            cookie?: never;
        };
        /**
         * Subscribe to a community's events
         * @description Subscription feed of the community's events that end within the last 30 days or later, at most 500: first those not yet ended, soonest end first, then those already ended, latest end first; written in order of start then id (`X-WR-CALNAME` the community's name, `REFRESH-INTERVAL` and `X-PUBLISHED-TTL` one hour). Events cancelled inside that window stay in the feed as `STATUS:CANCELLED` so that subscribed calendars show or remove them. An unknown community, or one that is not publicly viewable, answers 404. Each event is one `VEVENT`: `UID` `<event id>@<host of this deployment's public base URL>`, stable across edits; `SEQUENCE` a counter that every write of the event moves on by one (0 while unedited), so a change, a cancellation above all, always reaches a subscribed calendar with a higher number than the entry it holds; `DTSTAMP` and `LAST-MODIFIED` the last revision, `CREATED` the creation, so an unchanged event yields the same bytes; `SUMMARY` the title; `DESCRIPTION` the summary, the community (when public) and the lineup, one line per slot with its local start time; `LOCATION` the name of its published world; `URL` its public page (`/events/{slug}`) on this deployment. Timed events carry `DTSTART`/`DTEND` in the event's IANA zone (`TZID`) with a `VTIMEZONE` component (current IANA rules); an event without a zone, in a zone whose `VTIMEZONE` cannot describe its dates, or starting or ending in the repeated hour of a daylight-saving fold (where a local time names two instants and clients disagree on which) is written in UTC instead. A timed event without an end gets `DTEND` one hour after `DTSTART` (calendar apps draw a missing end as a zero-length entry), and its `DESCRIPTION` says the end time was not announced; its public read still has no `endAt`. Date-only events (contract 2.8) are all-day: `DTSTART;VALUE=DATE` and `DTEND;VALUE=DATE` the next day (exclusive), never a midnight date-time. Cancelled events carry `STATUS:CANCELLED`, others `STATUS:CONFIRMED`; retracted events are never exported. The calendar has `PRODID` `-//Marquee//Marquee Calendar//EN`, `METHOD:PUBLISH` and `X-WR-CALNAME`. Sent as `text/calendar; charset=utf-8` with a strong `ETag` (SHA-256 of the document bytes); `If-None-Match` with a current tag answers 304 without a body. `Cache-Control: public, max-age=300`. Anonymous calls work; a bearer credential is optional, needs `public:read`, and only moves the call from the `anonymous_public_read` to the `authenticated_public_read` window (an invalid credential answers 401).
         */
        get: operations["getPublicCommunityCalendar"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v0/communities/{slug}/events": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Slug of the resource. Marquee generates `^[a-z0-9]+(?:-[a-z0-9]+)*$` slugs of at most 64 characters; up to 160 characters are accepted so that longer links answer 404, not 400. */
                slug: components["parameters"]["Slug"];
            };
            cookie?: never;
        };
        /**
         * List a community's upcoming events
         * @description Discoverable events (`scheduled` or `in_progress`) hosted by the community, soonest first. Anonymous calls work; a bearer credential is optional, needs `public:read`, and only moves the call from the `anonymous_public_read` to the `authenticated_public_read` window (an invalid credential answers 401).
         */
        get: operations["listPublicCommunityEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v0/developer/oauth-apps": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List your OAuth applications
         * @description OAuth applications the caller owns and those of communities the caller actively owns, newest first; active only unless `includeRevoked` is true. Only developer-registered applications are listed (dynamically registered MCP clients and Client ID Metadata Document clients never are). An application of a community the caller no longer actively owns leaves the list, even if the caller registered it. Client secrets are never returned, only the display prefixes of the active ones. Sent with `Cache-Control: no-store`. Needs user authority: community-owned tokens, client-credentials tokens and dynamic MCP clients are refused with 403.
         */
        get: operations["listCurrentDeveloperOAuthApps"];
        put?: never;
        /**
         * Register an OAuth application
         * @description Registers a user-owned OAuth application, or a community-owned one when
         *     `ownerCommunitySlug` names a claimed community the caller actively owns (contract 2.12).
         *     Confidential clients receive their first raw client secret once, with `Cache-Control:
         *     no-store`. `time:parse` can never be allowed. Answers 200 (not 201), as the public
         *     digest does. Needs user authority: community-owned tokens, client-credentials tokens and
         *     dynamic MCP clients are refused with 403.
         *
         *     Rules (400 `VALIDATION_FAILED`, with a pointer per failure, unless noted):
         *     - `clientId` is opaque and random (`mq_` and 24 base64url characters).
         *     - Client secrets are `mqcs_` followed by 43 base64url characters (32 random bytes). Only
         *       a display prefix (`mqcs_` and the next 12 characters, listed in `activeSecretPrefixes`)
         *       and a keyed verifier hash are stored. Public clients have no secret.
         *     - Redirect URIs are registered and later matched as exact strings (no normalization, no
         *       wildcards). Each is an absolute `https` URL, or an `http` URL on a loopback host
         *       (`127.0.0.1`, `[::1]` or `localhost`) for native apps (RFC 8252 §7.3). Other schemes
         *       (private-use schemes included), fragments and user information are refused.
         *     - `logoUrl`, `docsUrl`, `privacyUrl` and `termsUrl` are shown to users at consent and
         *       must be `https` URLs.
         *     - `client_credentials` is only allowed for confidential applications; `refresh_token`
         *       needs `authorization_code` (refresh tokens are only issued with a code, RFC 6749
         *       §4.4.3).
         *     - Through the API, `allowedScopes` (default `public:read`) may only contain scopes the
         *       calling credential holds itself (403 `FORBIDDEN` otherwise), as for personal tokens.
         *       The signed-in developer page has no such ceiling.
         *     - `ownerCommunitySlug`: a slug that is not a community profile, or a community that is
         *       neither public nor the caller's, answers 404; a public community the caller does not
         *       actively own (owner of a claimed profile) answers 403. `ownerUserId` is then the
         *       creator; the application is managed by whoever actively owns the community.
         */
        post: operations["createCurrentDeveloperOAuthApp"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v0/developer/oauth-apps/{clientId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The application's `clientId`. */
                clientId: components["parameters"]["ClientId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke an OAuth application
         * @description Revokes the application and its active client secrets (contract 3): `status` becomes `revoked`, `revokeReason` `revoked_by_owner`, `activeSecretPrefixes` empty. Tokens it issued stop validating. Revocation is final. Idempotent: an already revoked application answers 200 with its unchanged record (same `revokedAt`). Applications the caller cannot manage answer 404. Sent with `Cache-Control: no-store`. Needs user authority: community-owned tokens, client-credentials tokens and dynamic MCP clients are refused with 403.
         */
        delete: operations["revokeCurrentDeveloperOAuthApp"];
        options?: never;
        head?: never;
        /**
         * Update an OAuth application
         * @description Updates metadata, redirect URIs, allowed grants and allowed scopes of an application the caller owns or that belongs to a community the caller actively owns. Other and revoked applications answer 404 (a revoked application is final, and 409 is not a status of this operation; 404 also never tells another user's application from a missing one). The rules of registration apply to the result (redirect URIs, metadata URLs, grants for the client type: 400). Through the API, scopes the application does not already allow may only be added when the calling credential holds them (403 `FORBIDDEN`); keeping or removing scopes is always allowed. A request that changes nothing answers the record unchanged (same `updatedAt`, no audit record); any change moves `updatedAt` forward. Sent with `Cache-Control: no-store`. Needs user authority: community-owned tokens, client-credentials tokens and dynamic MCP clients are refused with 403.
         */
        patch: operations["updateCurrentDeveloperOAuthApp"];
        trace?: never;
    };
    "/api/v0/developer/oauth-apps/{clientId}/secrets": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The application's `clientId`. */
                clientId: components["parameters"]["ClientId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create an OAuth client secret
         * @description Adds a client secret to a confidential application and returns it once, with `Cache-Control: no-store`; existing secrets stay active (rotation: deploy the new secret, then stop using the old one) until the application is revoked or the secret is revoked alone (`DELETE …/secrets/{secretId}`). The secret has the format of registration; its display prefix joins `activeSecretPrefixes`, its `secretId` and prefix join `activeSecrets`, and `updatedAt` moves forward. A public client answers 400 `VALIDATION_FAILED` (the error names the `clientId` parameter; 409 is not a status of this operation, and the client type cannot change); other and revoked applications 404. The body is optional. Needs user authority: community-owned tokens, client-credentials tokens and dynamic MCP clients are refused with 403.
         */
        post: operations["createCurrentDeveloperOAuthAppSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v0/developer/oauth-apps/{clientId}/secrets/{secretId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The application's `clientId`. */
                clientId: components["parameters"]["ClientId"];
                /** @description A client secret's `secretId`, as `activeSecrets` lists it and the secret create answers return it. */
                secretId: components["parameters"]["SecretId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke one OAuth client secret
         * @description Retires one client secret of a confidential application (after a leak, or to finish a rotation) and leaves the application and its other secrets active. The issuer refuses the secret from this moment (`invalid_client` at the token endpoint); access tokens already issued to the client stay valid until they expire, as the application is not revoked. The last active secret may be revoked too: the client then cannot authenticate until a new secret is created. `updatedAt` moves forward and the secret leaves `activeSecrets` and `activeSecretPrefixes`. Idempotent: a secret of the application already revoked answers 200 with the application unchanged. A secret that is not one of this application's, and applications the caller cannot manage or that are revoked, answer 404 (never telling another user's secret from a missing one). Sent with `Cache-Control: no-store`. Needs user authority: community-owned tokens, client-credentials tokens and dynamic MCP clients are refused with 403.
         */
        delete: operations["revokeCurrentDeveloperOAuthAppSecret"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v0/developer/tokens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List your personal API tokens
         * @description Personal API tokens owned by the calling user, newest first; active only unless `includeRevoked` is true. Raw token values are never returned. Sent with `Cache-Control: no-store`. Needs user authority: community-owned tokens, client-credentials tokens and dynamic MCP clients are refused with 403.
         */
        get: operations["listCurrentDeveloperApiTokens"];
        put?: never;
        /**
         * Create a personal API token
         * @description Creates a user-owned personal API token and returns its raw value once (contract 2.12, 4.9), with `Cache-Control: no-store`. Scopes default to `public:read`; a token created through the API may not carry a scope the calling credential lacks (403 `FORBIDDEN`). Answers 200 (not 201), as the public digest does. Needs user authority: community-owned tokens, client-credentials tokens and dynamic MCP clients are refused with 403.
         */
        post: operations["createCurrentDeveloperApiToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v0/developer/tokens/{tokenId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Id of a personal API token (`ApiTokenSummary.id`). */
                tokenId: components["parameters"]["TokenId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke a personal API token
         * @description Revokes one of the caller's personal tokens immediately. Idempotent: an already revoked token answers 200 with its unchanged metadata. A token the caller does not own answers 404. Needs user authority: community-owned tokens, client-credentials tokens and dynamic MCP clients are refused with 403.
         */
        delete: operations["revokeCurrentDeveloperApiToken"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v0/event-intake": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the caller's live intake drafts
         * @description The caller's own live drafts (not expired, not published), most recently saved first (ties by draft id, descending), paged by `cursor`: enough of each to recognise it and resume it (read it with `getEventIntakeDraft`). Published drafts are not listed: they are read-only, and the event they became is in `listCurrentApiUserContributions`; a draft whose id is known stays readable with `getEventIntakeDraft` until it expires. Expired drafts are gone (drafts expire 30 days after their last save). Other users' drafts never appear. Needs scope `events:contribute` and a user-scoped credential (a user-owned personal token or a user-delegated OAuth token); no verified e-mail or community ownership is needed (contract 4.1). A credential without user authority (community-owned token, client-credentials token) answers 401 here, not 403 (contract 7).
         */
        get: operations["listEventIntakeDrafts"];
        put?: never;
        /**
         * Save a new or existing intake draft
         * @description Saves draft fields. Without `draftId` a new draft is created at version 1; with `draftId` (and the then required `expectedVersion`) the patch is applied to that existing draft exactly as `updateEventIntakeDraft` does. Answers 200 (not 201) with the draft id and its new version. A user has at most 20 live drafts: creating another answers 429 `QUOTA_EXCEEDED` with `Retry-After` until the oldest live draft expires (drafts expire 30 days after their last save). Needs scope `events:contribute` and a user-scoped credential (a user-owned personal token or a user-delegated OAuth token); no verified e-mail or community ownership is needed (contract 4.1). A credential without user authority (community-owned token, client-credentials token) answers 401 here, not 403 (contract 7). Drafts belong to their creator: another user's draft answers 404.
         */
        post: operations["saveEventIntakeDraft"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v0/event-intake/{draftId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Id of one of the caller's intake drafts. */
                draftId: components["parameters"]["DraftId"];
            };
            cookie?: never;
        };
        /**
         * Read an intake draft
         * @description Returns the stored draft record (contract 2.5), including `publishedReceiptId` once published. After a lost publish response, read the draft and replay the publish with the same version and key. Needs scope `events:contribute` and a user-scoped credential (a user-owned personal token or a user-delegated OAuth token); no verified e-mail or community ownership is needed (contract 4.1). A credential without user authority (community-owned token, client-credentials token) answers 401 here, not 403 (contract 7). Drafts belong to their creator: another user's draft answers 404.
         */
        get: operations["getEventIntakeDraft"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Save an existing intake draft
         * @description Applies `patch` to the draft when `expectedVersion` is its current version and answers the new version. Present properties replace stored values (`null` clears), omitted ones are kept. Published drafts are read-only (409 `STALE_VERSION`). Needs scope `events:contribute` and a user-scoped credential (a user-owned personal token or a user-delegated OAuth token); no verified e-mail or community ownership is needed (contract 4.1). A credential without user authority (community-owned token, client-credentials token) answers 401 here, not 403 (contract 7). Drafts belong to their creator: another user's draft answers 404.
         */
        patch: operations["updateEventIntakeDraft"];
        trace?: never;
    };
    "/api/v0/event-intake/{draftId}/artwork": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Id of one of the caller's intake drafts. */
                draftId: components["parameters"]["DraftId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Select a poster as the event artwork
         * @description Makes a completed poster upload of this draft the artwork that will be public when the draft is published. This is the only call that selects public artwork. Increments the draft version. Needs scope `events:contribute` and a user-scoped credential (a user-owned personal token or a user-delegated OAuth token); no verified e-mail or community ownership is needed (contract 4.1). A credential without user authority (community-owned token, client-credentials token) answers 401 here, not 403 (contract 7). Drafts belong to their creator: another user's draft answers 404.
         */
        post: operations["selectEventIntakeArtwork"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v0/event-intake/{draftId}/extract": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Id of one of the caller's intake drafts. */
                draftId: components["parameters"]["DraftId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Extract event fields from text or a poster
         * @description Proposes event fields, lineup, evidence and open questions from `sourceText` and/or a completed poster upload of this draft (falling back to the draft's saved `sourceText` and `posterSourceId`). Extraction does not change the draft, its version or its artwork (contract 4.2 rule 1): save the accepted values with `updateEventIntakeDraft`. Needs scope `events:contribute` and a user-scoped credential (a user-owned personal token or a user-delegated OAuth token); no verified e-mail or community ownership is needed (contract 4.1). A credential without user authority (community-owned token, client-credentials token) answers 401 here, not 403 (contract 7). Drafts belong to their creator: another user's draft answers 404.
         */
        post: operations["extractEventIntakeDraft"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v0/event-intake/{draftId}/poster-upload/begin": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Id of one of the caller's intake drafts. */
                draftId: components["parameters"]["DraftId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Begin a poster upload
         * @description Declares a poster (PNG, JPEG or WebP, at most 12582912 bytes, with its SHA-256) and returns a `posterAssetId` and a `transfer` target. Send the bytes there as a multipart form with the given fields and the file under `file`, without any API bearer credential, then call `completeEventIntakePosterUpload` before `expiresAt`. The draft's fields and version do not change. Needs scope `events:contribute` and a user-scoped credential (a user-owned personal token or a user-delegated OAuth token); no verified e-mail or community ownership is needed (contract 4.1). A credential without user authority (community-owned token, client-credentials token) answers 401 here, not 403 (contract 7). Drafts belong to their creator: another user's draft answers 404. A draft takes at most 20 poster uploads (begun, whether completed or not): the 21st answers 429 `QUOTA_EXCEEDED` with `quota.name` `posters_per_draft`, its `RateLimit-*` headers and `Retry-After` describing that limit (room comes back when the draft expires; another draft has room of its own).
         */
        post: operations["beginEventIntakePosterUpload"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v0/event-intake/{draftId}/poster-upload/complete": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Id of one of the caller's intake drafts. */
                draftId: components["parameters"]["DraftId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Complete a poster upload
         * @description Verifies the transferred poster: the server decodes the image and checks its declared MIME type, byte length and SHA-256 (400 `VALIDATION_FAILED` when nothing was uploaded or a check fails). The poster then belongs to the draft and can be used for extraction and artwork selection; it does not become public artwork (contract 4.2 rule 1), and the draft's fields and version do not change (save `posterSourceId` yourself if wanted). Completing an already completed poster answers 200 again. Needs scope `events:contribute` and a user-scoped credential (a user-owned personal token or a user-delegated OAuth token); no verified e-mail or community ownership is needed (contract 4.1). A credential without user authority (community-owned token, client-credentials token) answers 401 here, not 403 (contract 7). Drafts belong to their creator: another user's draft answers 404.
         */
        post: operations["completeEventIntakePosterUpload"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v0/event-intake/{draftId}/publish": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Id of one of the caller's intake drafts. */
                draftId: components["parameters"]["DraftId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Publish an intake draft
         * @description Publishes the draft at `expectedVersion` as a public community event (source `{sourceType: "community", label: "Community-submitted"}`). Requires a public community `communitySlug`, a `title`, a valid `eventDate`, and a `start` or `timeTba: true`; a start in a skipped DST hour is refused, and one in a repeated hour needs `occurrence` (400 `VALIDATION_FAILED`, pointers into the draft record such as `/fields/start`). Retrying with the same `expectedVersion` and `idempotencyKey` replays the original result; the draft then carries `publishedReceiptId`. Publication retries must preserve draftId, expectedVersion and idempotencyKey (contract 4.1, 4.2 rule 2). Needs scope `events:contribute` and a user-scoped credential (a user-owned personal token or a user-delegated OAuth token); no verified e-mail or community ownership is needed (contract 4.1). A credential without user authority (community-owned token, client-credentials token) answers 401 here, not 403 (contract 7). Drafts belong to their creator: another user's draft answers 404.
         */
        post: operations["publishEventIntakeDraft"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v0/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create an event of a community you own
         * @description Creates and publishes a public event of the community named by `communitySlug`, which the caller must own (contract 4.8), with the same sanitizers as the web editor. Needs `events:write` and user authority. Standalone submitter-only events are not created here; contributors use event intake. Answers 200 (not 201) without `Location`, as the public digest does. Read the result back with `getPublicEventBySlug`; if the readback fails the write still succeeded and must not be retried automatically.
         *     Idempotency receipts: with an `Idempotency-Key`, a repeat with the same body replays the first answer (the same event) and the same key with a different body answers 409 `IDEMPOTENCY_CONFLICT`. Per account and key, Marquee keeps the SHA-256 of the body's canonical JSON (RFC 8785), the event id and the first answer for 24 hours from the first create; a later use of the key starts afresh. The receipt is written in the same transaction as the event, so concurrent creates with one key publish one event and a failed create leaves no receipt. The hosted MCP tool `service_event_create` sends its `idempotencyKey` input here.
         */
        post: operations["createCurrentUserCommunityEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v0/events/{slug}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Slug of the resource. Marquee generates `^[a-z0-9]+(?:-[a-z0-9]+)*$` slugs of at most 64 characters; up to 160 characters are accepted so that longer links answer 404, not 400. */
                slug: components["parameters"]["Slug"];
            };
            cookie?: never;
        };
        /**
         * Read a public event
         * @description The public event with this slug (contract 2.8, decisions §4): schedule kind, status, next slots, effective watch mode, typed participant and performer links, per-slot playback keys and streams. Cancelled and ended events stay readable; retracted events answer 404. Owner writes and MCP tools read events back here, anonymously. Anonymous calls work; a bearer credential is optional, needs `public:read`, and only moves the call from the `anonymous_public_read` to the `authenticated_public_read` window (an invalid credential answers 401).
         */
        get: operations["getPublicEventBySlug"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Update an event of a community you own
         * @description Updates an event whose current community the caller owns (contract 4.8). Needs `events:write` and user authority. Omitted fields are preserved, `null` clears optional scalars and the world relation, an empty array clears a collection, and replacing schedule or lineup data needs both `slotLinks` and `participantLinks`. Standalone submitter-only events are not updated here (403); contributors use `updateEventContribution`. No revision guard applies. Read the result back with `getPublicEventBySlug`.
         */
        patch: operations["updateCurrentUserCommunityEvent"];
        trace?: never;
    };
    "/api/v0/events/{slug}/artwork": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Slug of the resource. Marquee generates `^[a-z0-9]+(?:-[a-z0-9]+)*$` slugs of at most 64 characters; up to 160 characters are accepted so that longer links answer 404, not 400. */
                slug: components["parameters"]["Slug"];
            };
            cookie?: never;
        };
        /**
         * Download a public event's artwork
         * @description The artwork image of a public event: a WebP derived from the poster its contributor selected (`selectEventIntakeArtwork`), at most 1600 pixels on its longer side, with all metadata removed. The uploaded poster itself is never served. `posterImageUrl` of the event read points here. Retracted events, and events without artwork, answer 404. Anonymous and authenticated calls alike use the `profile_asset_file` class (contract 8.3 rule 6), as other public image files do.
         */
        get: operations["downloadPublicEventArtwork"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v0/events/{slug}/calendar.ics": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Slug of the resource. Marquee generates `^[a-z0-9]+(?:-[a-z0-9]+)*$` slugs of at most 64 characters; up to 160 characters are accepted so that longer links answer 404, not 400. */
                slug: components["parameters"]["Slug"];
            };
            cookie?: never;
        };
        /**
         * Export one event as iCalendar
         * @description The event as a one-event calendar (`X-WR-CALNAME` its title), valid in common calendar clients. Cancelled events stay exportable here (contract 3); unknown and retracted events answer 404. Each event is one `VEVENT`: `UID` `<event id>@<host of this deployment's public base URL>`, stable across edits; `SEQUENCE` a counter that every write of the event moves on by one (0 while unedited), so a change, a cancellation above all, always reaches a subscribed calendar with a higher number than the entry it holds; `DTSTAMP` and `LAST-MODIFIED` the last revision, `CREATED` the creation, so an unchanged event yields the same bytes; `SUMMARY` the title; `DESCRIPTION` the summary, the community (when public) and the lineup, one line per slot with its local start time; `LOCATION` the name of its published world; `URL` its public page (`/events/{slug}`) on this deployment. Timed events carry `DTSTART`/`DTEND` in the event's IANA zone (`TZID`) with a `VTIMEZONE` component (current IANA rules); an event without a zone, in a zone whose `VTIMEZONE` cannot describe its dates, or starting or ending in the repeated hour of a daylight-saving fold (where a local time names two instants and clients disagree on which) is written in UTC instead. A timed event without an end gets `DTEND` one hour after `DTSTART` (calendar apps draw a missing end as a zero-length entry), and its `DESCRIPTION` says the end time was not announced; its public read still has no `endAt`. Date-only events (contract 2.8) are all-day: `DTSTART;VALUE=DATE` and `DTEND;VALUE=DATE` the next day (exclusive), never a midnight date-time. Cancelled events carry `STATUS:CANCELLED`, others `STATUS:CONFIRMED`; retracted events are never exported. The calendar has `PRODID` `-//Marquee//Marquee Calendar//EN`, `METHOD:PUBLISH` and `X-WR-CALNAME`. Sent as `text/calendar; charset=utf-8` with a strong `ETag` (SHA-256 of the document bytes); `If-None-Match` with a current tag answers 304 without a body. `Cache-Control: public, max-age=300`. Anonymous calls work; a bearer credential is optional, needs `public:read`, and only moves the call from the `anonymous_public_read` to the `authenticated_public_read` window (an invalid credential answers 401).
         */
        get: operations["getPublicEventCalendar"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v0/events/{slug}/contribution": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Slug of the resource. Marquee generates `^[a-z0-9]+(?:-[a-z0-9]+)*$` slugs of at most 64 characters; up to 160 characters are accepted so that longer links answer 404, not 400. */
                slug: components["parameters"]["Slug"];
            };
            cookie?: never;
        };
        /**
         * Read a published contribution
         * @description Returns the contributed event's current values and its revision `updatedAt`; send that as `expectedUpdatedAt` when correcting (contract 4.3). Available to the user who published the event through intake; other users get 403 and unknown or retracted events 404. Needs scope `events:contribute` and a user-scoped credential (contract 4.1); a credential without user authority answers 401 (contract 7).
         */
        get: operations["getEventContribution"];
        put?: never;
        post?: never;
        /**
         * Retract a published contribution
         * @description Removes the event from public lookup, search, lists and calendar feeds (contract 3; decisions §3). Idempotent: retracting an already retracted event of the same contributor answers 200 with `changed: false`. Takes no body and no revision. Available to the user who published the event through intake; other users get 403 and unknown or retracted events 404. Needs scope `events:contribute` and a user-scoped credential (contract 4.1); a credential without user authority answers 401 (contract 7).
         */
        delete: operations["retractEventContribution"];
        options?: never;
        head?: never;
        /**
         * Correct a published contribution
         * @description Applies corrections to the canonical event when `expectedUpdatedAt` is its current revision. Answers `changed: false` (and the unchanged `updatedAt`) when the patch matches the published values. A correction suggestion for someone else's event goes through the event report flow instead and does not edit the canonical event. Available to the user who published the event through intake; other users get 403 and unknown or retracted events 404. Needs scope `events:contribute` and a user-scoped credential (contract 4.1); a credential without user authority answers 401 (contract 7).
         */
        patch: operations["updateEventContribution"];
        trace?: never;
    };
    "/api/v0/events/calendar.ics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Subscribe to all public events
         * @description Subscription feed of all public events that end within the last 30 days or later, at most 500 (first those not yet ended, soonest end first, then those already ended, latest end first), written in order of start then id, with the same rules as `getPublicCommunityCalendar` (`X-WR-CALNAME` "Marquee upcoming events", `REFRESH-INTERVAL` and `X-PUBLISHED-TTL` one hour). Each event is one `VEVENT`: `UID` `<event id>@<host of this deployment's public base URL>`, stable across edits; `SEQUENCE` a counter that every write of the event moves on by one (0 while unedited), so a change, a cancellation above all, always reaches a subscribed calendar with a higher number than the entry it holds; `DTSTAMP` and `LAST-MODIFIED` the last revision, `CREATED` the creation, so an unchanged event yields the same bytes; `SUMMARY` the title; `DESCRIPTION` the summary, the community (when public) and the lineup, one line per slot with its local start time; `LOCATION` the name of its published world; `URL` its public page (`/events/{slug}`) on this deployment. Timed events carry `DTSTART`/`DTEND` in the event's IANA zone (`TZID`) with a `VTIMEZONE` component (current IANA rules); an event without a zone, in a zone whose `VTIMEZONE` cannot describe its dates, or starting or ending in the repeated hour of a daylight-saving fold (where a local time names two instants and clients disagree on which) is written in UTC instead. A timed event without an end gets `DTEND` one hour after `DTSTART` (calendar apps draw a missing end as a zero-length entry), and its `DESCRIPTION` says the end time was not announced; its public read still has no `endAt`. Date-only events (contract 2.8) are all-day: `DTSTART;VALUE=DATE` and `DTEND;VALUE=DATE` the next day (exclusive), never a midnight date-time. Cancelled events carry `STATUS:CANCELLED`, others `STATUS:CONFIRMED`; retracted events are never exported. The calendar has `PRODID` `-//Marquee//Marquee Calendar//EN`, `METHOD:PUBLISH` and `X-WR-CALNAME`. Sent as `text/calendar; charset=utf-8` with a strong `ETag` (SHA-256 of the document bytes); `If-None-Match` with a current tag answers 304 without a body. `Cache-Control: public, max-age=300`. Anonymous calls work; a bearer credential is optional, needs `public:read`, and only moves the call from the `anonymous_public_read` to the `authenticated_public_read` window (an invalid credential answers 401).
         */
        get: operations["getPublicEventsCalendar"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v0/events/upcoming": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List upcoming public events
         * @description Discoverable events across the directory (`scheduled`, and `in_progress` until their end time), soonest first. Cancelled, ended and retracted events are not listed. Anonymous calls work; a bearer credential is optional, needs `public:read`, and only moves the call from the `anonymous_public_read` to the `authenticated_public_read` window (an invalid credential answers 401).
         */
        get: operations["listPublicUpcomingEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v0/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Describe the calling credential
         * @description Returns the credential class, owner/subject metadata, granted scopes, trust tier and the current `authenticated_public_read` window of the credential that made the call (contract 2.13). Any valid API-resource credential works, with no particular scope: user-owned and community-owned personal tokens, user-delegated and client-credentials OAuth access tokens. Because community-owned and client-credentials tokens must be able to introspect themselves, this route does not require user authority (`x-user-authority: false`), unlike the inventory routes under `/api/v0/me/`.
         */
        get: operations["getCurrentApiCaller"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v0/me/communities": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the caller's community profiles
         * @description Community profiles the calling user owns, most recently updated first. Needs scope `community:read` and user authority: anonymous callers, community-owned tokens and client-credentials tokens are refused with 403 (contract 4.5).
         */
        get: operations["listCurrentApiUserCommunities"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v0/me/contributions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the events the caller contributed
         * @description Events the caller published through intake (their contributions), latest publication first (ties by event id, descending), paged by `cursor`, whatever community they belong to (`listCurrentApiUserEvents` lists the events of communities the caller owns instead). Retracted contributions stay listed with `retracted: true` and `retractedAt`, so the contributor can see what became of each (and confirm a retraction whose answer was lost); they have no public page and their contribution record answers 404. Each item carries the revision `updatedAt` to send as `expectedUpdatedAt` when correcting it, and `staffTakeover` when staff have taken it over (corrections and retraction then answer 409). Other users' contributions never appear. A contribution route (contract 4.1, 4.3): needs scope `events:contribute` (not `events:read`, which is the owner inventory's) and a user-scoped credential; a credential without user authority (community-owned token, client-credentials token) answers 401, not 403 (contract 7).
         */
        get: operations["listCurrentApiUserContributions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v0/me/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List events of the caller's communities
         * @description Events attached to community profiles the calling user owns, whoever created them, latest event date first. Needs scope `events:read` and user authority: anonymous callers, community-owned tokens and client-credentials tokens are refused with 403 (contract 4.5).
         */
        get: operations["listCurrentApiUserEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v0/me/profiles": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the caller's profiles
         * @description Person and community profiles the calling user owns, including drafts and profiles kept off public pages, most recently updated first. Needs scope `profile:read` and user authority: anonymous callers, community-owned tokens and client-credentials tokens are refused with 403 (contract 4.5).
         */
        get: operations["listCurrentApiUserProfiles"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v0/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get this OpenAPI description as JSON
         * @description The bundled OpenAPI 3.1.0 description (contract version 0.1.0) as JSON (contract 9.2), with `servers` replaced by this deployment's configured public base URL. Anonymous calls work; a bearer credential is optional, needs `public:read`, and only moves the call from the `anonymous_public_read` to the `authenticated_public_read` window (an invalid credential answers 401).
         */
        get: operations["getOpenApiDocument"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v0/openapi.yaml": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get this OpenAPI description as YAML
         * @description The same document as `getOpenApiDocument`, serialised as YAML (contract 9.2). Anonymous calls work; a bearer credential is optional, needs `public:read`, and only moves the call from the `anonymous_public_read` to the `authenticated_public_read` window (an invalid credential answers 401).
         */
        get: operations["getOpenApiYamlDocument"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v0/people/{slug}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Slug of the resource. Marquee generates `^[a-z0-9]+(?:-[a-z0-9]+)*$` slugs of at most 64 characters; up to 160 characters are accepted so that longer links answer 404, not 400. */
                slug: components["parameters"]["Slug"];
            };
            cookie?: never;
        };
        /**
         * Read a public person profile
         * @description The public person profile with this slug; a community slug answers 404 (use `getPublicCommunityProfileBySlug`). Anonymous calls work; a bearer credential is optional, needs `public:read`, and only moves the call from the `anonymous_public_read` to the `authenticated_public_read` window (an invalid credential answers 401).
         */
        get: operations["getPublicPersonProfileBySlug"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v0/people/{slug}/events": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Slug of the resource. Marquee generates `^[a-z0-9]+(?:-[a-z0-9]+)*$` slugs of at most 64 characters; up to 160 characters are accepted so that longer links answer 404, not 400. */
                slug: components["parameters"]["Slug"];
            };
            cookie?: never;
        };
        /**
         * List a person's upcoming events
         * @description Discoverable events (`scheduled` or `in_progress`) the person is linked to as participant or performer, soonest first, at most 24. Takes no `limit` or `cursor` (as the public digest); `nextCursor` is always null. Anonymous calls work; a bearer credential is optional, needs `public:read`, and only moves the call from the `anonymous_public_read` to the `authenticated_public_read` window (an invalid credential answers 401).
         */
        get: operations["listPublicPersonEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v0/profile-assets/upload-intents/{intentId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Id of a profile asset upload intent (`intentId` of the create response). */
                intentId: components["parameters"]["IntentId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Complete a profile asset upload
         * @description The one-time upload transport of an upload intent (contract 4.7). Authenticate with the `x-service-upload-token` header only; no bearer credential is accepted. For an `originalFileName` intent send the image as multipart `file`; for a `sourceUrl` intent send no body and the server imports the URL. On success the intent is consumed and the image becomes an active public profile asset with the intent's placement metadata. Not rate-limited by class: bounded by the single-use token (contract 8.3 rule 6).
         *
         *     Marquee's rules where the contract is silent:
         *     - **Single use.** A completion first claims the intent atomically; a concurrent completion
         *       with the same token answers 409 `IDEMPOTENCY_CONFLICT`, and so does any replay after a
         *       success (until the intent's `expiresAt`; after that every call answers 404). A replay
         *       stores nothing.
         *
         *     - **Refused uploads store nothing** (no object, no asset row). The intent returns to
         *       pending, so the uploader can retry with a corrected file before `expiresAt`, at most 5
         *       completions in all; after the fifth refused one the intent is spent and answers 404.
         *
         *     - **Checks.** The file (or imported body) must be at most 12582912 bytes (a larger one is
         *       cut off while streaming and answers 400), match the intent's `mimeType` by its content
         *       (magic bytes, never the declared part type) and its `byteSize` when one was declared.
         *       PNG, JPEG and WebP are decoded in full (50 million pixels at most) and re-encoded in
         *       their own format, upright, without metadata or trailing bytes, so polyglot files lose
         *       their payload. SVG is accepted only after sanitizing (DOMPurify's SVG profiles plus
         *       Marquee's rules): scripts, event-handler attributes, `<foreignObject>`, processing
         *       instructions, references outside the document (`href`/`xlink:href` not starting with
         *       `#`, `url(…)` to anything but `#…`, `@import` and other fetching CSS) are removed; a file
         *       that is not well-formed XML, has a root other than `<svg>` in the SVG namespace, or
         *       declares a DOCTYPE or entities is refused (400), as is one whose sanitized form still
         *       breaks a rule. Animated images keep their first frame.
         *
         *     - **Direct uploads** take exactly one multipart part, `file`; any other field answers 400.
         *       **Imports** (`sourceUrl`) take no body; a body answers 400 before the intent is claimed.
         *       An import refused by the guarded fetcher (a non-public or unresolvable address, a
         *       redirect, a non-2xx status, too large, too slow) answers 400 on `/sourceUrl`.
         *
         *     - Uploading an asset does not change the profile's `updatedAt`.
         */
        post: operations["completeProfileAssetUploadIntent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v0/profile-assets/upload-intents/probe": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Probe upload storage health
         * @description Checks that profile-asset upload storage is configured and reachable by a real round trip: it writes a tiny probe object under `probes/`, reads it back, compares the bytes and deletes it. `checkedAt` is the server clock at the check (epoch milliseconds). 200 when the round trip succeeds; otherwise 503 with the same body (`storageReachable: false`) and `Cache-Control: no-store` on both, never the error's details. A bearer credential in the URL is rejected with 400 `BEARER_IN_QUERY` (contract 4.4). Anonymous calls work and count against the anonymous window; a bearer credential is optional, needs `public:read`, and only moves the call from the `anonymous_public_read` to the `authenticated_public_read` window (an invalid credential answers 401).
         */
        get: operations["probeProfileAssetUploadStorage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v0/profiles": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Submit a community-sourced profile
         * @description Publishes a new person or community profile immediately as unclaimed, credited to the submitter; the described person may claim it later (contract 3, 4.6). Needs `profile:contribute` and user authority (`profile:write` alone is not enough). Takes no revision. With an `Idempotency-Key`, a repeat with the same body replays the first result (201) and the same key with a different body answers 409. Answers 201 without a `Location` header; the profile path is in the body.
         *     Idempotency receipts: per account and key, Marquee keeps the SHA-256 of the body's canonical JSON (RFC 8785: member order and spacing do not matter, values do), the new profile's id and the first answer, for 24 hours from the first submission; a later use of the key starts afresh. Concurrent submissions with one key create one profile. The receipt is written in the same transaction as the profile, so a failed submission leaves no receipt. The write refreshes public search and records a `profile.submitted` audit entry naming the submitter as a community contributor.
         */
        post: operations["submitCommunityProfile"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v0/profiles/{slug}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Slug of the resource. Marquee generates `^[a-z0-9]+(?:-[a-z0-9]+)*$` slugs of at most 64 characters; up to 160 characters are accepted so that longer links answer 404, not 400. */
                slug: components["parameters"]["Slug"];
            };
            cookie?: never;
        };
        /**
         * Read a public profile
         * @description The public person or community profile with this slug. Drafts, opted-out, suppressed and archived profiles answer 404. Anonymous calls work; a bearer credential is optional, needs `public:read`, and only moves the call from the `anonymous_public_read` to the `authenticated_public_read` window (an invalid credential answers 401).
         */
        get: operations["getPublicProfileBySlug"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Update a profile
         * @description Updates a profile (contract 4.6). Needs `profile:write` and user authority. The owner may edit their own profiles; editing an unclaimed profile the caller does not own additionally needs `profile:contribute` and is done as a community contributor (links recorded as `community_submitted`, no `slug` change, no private fields). A profile claimed by someone else answers 403. `expectedUpdatedAt` is required on every update; a stale revision answers 409. The write refreshes public search and vocabulary projections and records a profile audit entry naming the writer as the source.
         */
        patch: operations["updateCurrentUserProfile"];
        trace?: never;
    };
    "/api/v0/profiles/{slug}/assets": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Slug of the resource. Marquee generates `^[a-z0-9]+(?:-[a-z0-9]+)*$` slugs of at most 64 characters; up to 160 characters are accepted so that longer links answer 404, not 400. */
                slug: components["parameters"]["Slug"];
            };
            cookie?: never;
        };
        /**
         * List a profile's public assets
         * @description The active public assets of a public profile in media-kit order (`position`, then upload time), with the media kit grouped by placement: `logos` (the primary logo first, then the additional logos), `primaryLogo`, `additionalLogos`, `galleryAssets`, `profileImage`, `banner`, `featuredAsset` and, when there are logos, `logoZipUrl`. Where several assets claim a single-valued placement (primary logo, profile image, banner, featured), the first in media-kit order holds it; another primary-logo asset is listed as an additional logo. `imageUrl` and `downloadUrl` are the same-origin root-relative file URL `/api/v0/profiles/{slug}/assets/{assetId}/file`. Removed assets are not listed. Unknown and hidden profiles answer the same 404; a public profile without assets answers 200 with empty lists. Anonymous calls work; a bearer credential is optional, needs `public:read`, and only moves the call from the `anonymous_public_read` to the `authenticated_public_read` window (an invalid credential answers 401).
         */
        get: operations["getPublicProfileAssets"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v0/profiles/{slug}/assets/{assetId}/file": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Id of a public profile asset. */
                assetId: components["parameters"]["AssetId"];
                /** @description Slug of the resource. Marquee generates `^[a-z0-9]+(?:-[a-z0-9]+)*$` slugs of at most 64 characters; up to 160 characters are accepted so that longer links answer 404, not 400. */
                slug: components["parameters"]["Slug"];
            };
            cookie?: never;
        };
        /**
         * Download a public profile asset file
         * @description The bytes of one active public asset of a public profile, exactly as stored, with the stored type as `Content-Type` (PNG, JPEG, WebP or SVG). `ETag` is strong: the SHA-256 of the bytes (lowercase hex), so `If-None-Match` with it answers 304 without a body. The URL names an asset id, not its content, so it is cached for a modest time only (`Cache-Control: public, max-age=300`) and revalidated with the ETag; a removed asset stops being served within that time. Every file carries `X-Content-Type-Options: nosniff`, `Content-Disposition: inline` with an ASCII file name (`<slug>-<label or asset id>.<ext>`) and a `Content-Security-Policy` that allows no script, no fetch and no navigation (`default-src 'none'; sandbox`); SVG files additionally allow inline styles and `data:` images only (`default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox`), so a script inside an SVG opened directly never runs. An unknown or hidden profile, an asset id of another profile, an unknown id and a removed asset all answer the same 404. Anonymous and authenticated calls alike use the `profile_asset_file` class (contract 8.3 rule 6: 1200 requests a minute).
         */
        get: operations["downloadPublicProfileAssetFile"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v0/profiles/{slug}/assets/upload-intent": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Slug of the resource. Marquee generates `^[a-z0-9]+(?:-[a-z0-9]+)*$` slugs of at most 64 characters; up to 160 characters are accepted so that longer links answer 404, not 400. */
                slug: components["parameters"]["Slug"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a profile asset upload intent
         * @description Creates a single-use upload intent for a claimed profile the caller actively owns (contract 4.7, 2.11). Needs `assets:write` and user authority. Then call `uploadUrl` with the returned token in the `x-service-upload-token` header, without a bearer credential: multipart `file` for an `originalFileName` intent, no body for a `sourceUrl` import. Answers 200 (not 201), as the public digest does. The intent lapses 15 minutes after creation. A profile that is not public and not owned by the caller answers 404; an unclaimed profile or one claimed by someone else answers 403. Audited as `asset_upload_intent.created` (never with the token).
         */
        post: operations["createCurrentUserProfileAssetUploadIntent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v0/profiles/{slug}/logos": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Slug of the resource. Marquee generates `^[a-z0-9]+(?:-[a-z0-9]+)*$` slugs of at most 64 characters; up to 160 characters are accepted so that longer links answer 404, not 400. */
                slug: components["parameters"]["Slug"];
            };
            cookie?: never;
        };
        /**
         * List a profile's logos
         * @description The logos of a public profile: `primaryLogo` (the first asset placed as primary logo in media-kit order), `additionalLogos` (every other logo, in media-kit order) and `logos` (both, primary first), with `logoZipUrl` (`/api/v0/profiles/{slug}/logos.zip`) when there is at least one logo. A public profile without logos answers 200 with empty lists and no `logoZipUrl`; unknown and hidden profiles answer the same 404. Anonymous calls work; a bearer credential is optional, needs `public:read`, and only moves the call from the `anonymous_public_read` to the `authenticated_public_read` window (an invalid credential answers 401).
         */
        get: operations["getPublicProfileLogos"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v0/profiles/{slug}/logos.zip": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Slug of the resource. Marquee generates `^[a-z0-9]+(?:-[a-z0-9]+)*$` slugs of at most 64 characters; up to 160 characters are accepted so that longer links answer 404, not 400. */
                slug: components["parameters"]["Slug"];
            };
            cookie?: never;
        };
        /**
         * Download a profile's logos as a ZIP archive
         * @description A ZIP archive of the profile's logos (the primary logo and the additional logos, in the order of `getPublicProfileLogos`) in their stored formats, byte for byte. Entry names are stable: `<slug>-primary-logo.<ext>` for the primary logo and `<slug>-logo-<n>.<ext>` for the others, `n` being the logo's place in that order (from 2 when there is a primary logo); `ext` is png, jpg, webp or svg. Each entry's modification time is the asset's last update, so an unchanged set of logos gives the same archive. Raster images are stored uncompressed (they are compressed already), SVG deflated. The archive is written while it is sent (yazl), reading one logo at a time from storage, so it is never held whole in memory; a storage failure mid-archive aborts the connection rather than sending a broken archive as complete. Sent with `Content-Disposition: attachment; filename="<slug>-logos.zip"` and `Cache-Control: public, max-age=300`. A profile without logos answers 404 (no empty archive), as do unknown and hidden profiles. The archive counts against the public-read classes, not `profile_asset_file`. Anonymous calls work; a bearer credential is optional, needs `public:read`, and only moves the call from the `anonymous_public_read` to the `authenticated_public_read` window (an invalid credential answers 401).
         */
        get: operations["downloadPublicProfileLogosZip"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v0/search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Search the public directory
         * @description Full-text discovery search over published public profiles, worlds and discoverable
         *     events (`scheduled` or `in_progress`; cancelled, ended and retracted events are
         *     excluded). Results carry avatar appearance and trust metadata and are ordered by
         *     `score`. A blank or omitted `q` (or one without any letter or digit) returns no results
         *     (not a browse listing). Anonymous calls work; a bearer credential is optional, needs
         *     `public:read`, and only moves the call from the `anonymous_public_read` to the
         *     `authenticated_public_read` window (an invalid credential answers 401).
         *
         *     **Matching.** Text is folded the same way for documents and queries: Unicode NFKD,
         *     accents dropped (also ß→ss, æ→ae, ø→o, ł→l…), lower case, and every run of characters
         *     that is not a letter or digit separates words, so "Café Sonoré" is found by "cafe sonore"
         *     and "DJ-Aurora" by "dj aurora". Every word must match (AND) somewhere in the name, slug,
         *     aliases, tags or text (headline, bio, summary, description, venue); the **last** word
         *     matches as a prefix ("neon rev" finds "Neon Reverie"), earlier words only whole.
         *
         *     **Ranking** (integer `score`, higher first): 900 the name or the slug equals the query;
         *     800 the name starts with the query; 700 every word is in the name or slug; 600 an alias
         *     or tag equals the query; 500 every word is in the name, slug, aliases or tags; 300 some
         *     word is only in the text. Within a tier shorter names come first (the tier plus
         *     99 − the name's length in characters, at least 0). Equal scores are ordered by the
         *     entity's id, so the order is total and stable.
         *
         *     **Typos.** On PostgreSQL a first page that matches nothing is answered by correcting the
         *     query: each word that no name holds (the last word: that no word of a name starts
         *     with) is replaced by the word of the names most similar to it (pg_trgm trigram similarity
         *     of at least 0.3; equally similar words in code-point order), and names holding every
         *     corrected word are returned (the last word still as a prefix when it was spelt right).
         *     When every word is spelt right (they are simply not found together), or a word has no
         *     similar word, there are no results. Corrected results score 0–99, below every full-text
         *     tier: 99 − the name's length (at least 0), so shorter names come first, then by id. Their
         *     pages continue as corrected results. The embedded SQLite database has no typo tolerance:
         *     such a query returns no results.
         *
         *     **Discovery.** Profiles are returned while published and public (not drafts, opted out,
         *     suppressed or archived), worlds while published, events while neither retracted nor
         *     cancelled and until their end (an event without an end until the end of its local day).
         *     Every write that changes these (profile, world and event creation, intake publish,
         *     contribution correction and retraction) refreshes the search index in the same
         *     transaction.
         *
         *     **Results.** `routePath` is `/api/v0/profiles/{slug}`, `/api/v0/worlds/{slug}` or
         *     `/api/v0/events/{slug}`. Profiles carry `profileType`, `trustLabel`, `subtitle` (the
         *     headline), `summary` (the bio, at most 240 characters) and `avatarAppearance`; no profile
         *     stores an appearance yet, so it is the default frame `{borderColor: "#FFFFFF",
         *     borderEnabled: false, borderSoftnessPx: 0, borderWidthPx: 2, radiusPercent: 50}`. Worlds
         *     carry their summary as `subtitle`, description as `summary` and hero image as `imageUrl`.
         *     Events carry their community's name as `subtitle`, `summary`, `startsAt` (timed events),
         *     `source` and, with artwork, `imageUrl`.
         *
         *     **Paging.** `nextCursor` is an opaque keyset cursor: base64url JSON of
         *     `["search.<mode>.<fingerprint>", score, id]`, the fingerprint hashing the folded query and
         *     `type`. Pages continue strictly after the last (score, id), never by offset, so rows
         *     added or removed between pages never make a page skip or repeat another row. A cursor
         *     sent with another `q` (after folding) or `type`, or taken from another list, answers 400.
         *
         *     **Unavailable.** When the index cannot answer (missing, or a PostgreSQL search running
         *     past its 2-second statement timeout) the answer is 503 `SEARCH_UNAVAILABLE` with
         *     `Retry-After`.
         */
        get: operations["searchPublicCatalog"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v0/time/parse": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Parse a natural-language time expression
         * @description Interprets `text` as an instant, a time range, a clarification question or no plan (contract 2.9, 4.10). Answers 200 with the result when the parse finishes within a short budget, or 202 with a pending result, a `Location` to poll and `Retry-After`. For the same account, the same `Idempotency-Key` within the 15-minute continuation window returns the originally accepted job in its current state (200 when complete, 202 while pending) and uses no second quota unit; the same key with a different request (compared after defaults are applied) answers 409 `IDEMPOTENCY_CONFLICT`. After the window the key starts a new job with a new continuation token. `no_plan`, `needs_clarification` and errors are never timestamps. Closed beta (contract 5.16): needs a user-owned personal token with `time:parse` of an account with a verified e-mail address and the operator grant. OAuth access tokens are refused with 403 even though they are bearer tokens, as are community-owned tokens.
         */
        post: operations["parseTemporalExpression"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v0/time/parse/{continuationToken}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The `continuationToken` of a pending time-parse result (43 base64url characters). */
                continuationToken: components["parameters"]["ContinuationToken"];
            };
            cookie?: never;
        };
        /**
         * Poll a pending time parse
         * @description Returns the job's outcome (200) or, while it is still running, the pending result again (202 with `Retry-After`); poll no faster than `Retry-After`. Needs the continuation token and a currently valid `time:parse` personal token of the account that submitted the job (any such token of that account). Polling counts against `authenticated_public_read`, not the parse quota (contract 8.2). An expired continuation never returns a replacement job.
         */
        get: operations["getTemporalParseContinuation"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v0/usage/rate-limit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read the rate-limit policy and your current window
         * @description Returns the default route-class policy table plus the caller's classification, `quotaTier` and current public API window (contract 4.4). Without a credential the caller is classified anonymous; with a valid personal token or API-resource OAuth token, authenticated. Anonymous calls work; a bearer credential is optional, needs `public:read`, and only moves the call from the `anonymous_public_read` to the `authenticated_public_read` window (an invalid credential answers 401).
         */
        get: operations["getApiRateLimitUsage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v0/worlds/{slug}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Slug of the resource. Marquee generates `^[a-z0-9]+(?:-[a-z0-9]+)*$` slugs of at most 64 characters; up to 160 characters are accepted so that longer links answer 404, not 400. */
                slug: components["parameters"]["Slug"];
            };
            cookie?: never;
        };
        /**
         * Read a public world
         * @description The published world with this slug, with its event context. Anonymous calls work; a bearer credential is optional, needs `public:read`, and only moves the call from the `anonymous_public_read` to the `authenticated_public_read` window (an invalid credential answers 401).
         */
        get: operations["getPublicWorldBySlug"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v0/worlds/{slug}/events": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Slug of the resource. Marquee generates `^[a-z0-9]+(?:-[a-z0-9]+)*$` slugs of at most 64 characters; up to 160 characters are accepted so that longer links answer 404, not 400. */
                slug: components["parameters"]["Slug"];
            };
            cookie?: never;
        };
        /**
         * List events linked to a world
         * @description Recent and upcoming public events linked to a published world (contract 4.4), at most 24 of each. Anonymous calls work; a bearer credential is optional, needs `public:read`, and only moves the call from the `anonymous_public_read` to the `authenticated_public_read` window (an invalid credential answers 401).
         */
        get: operations["getPublicWorldEventsBySlug"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v0/worlds/active": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List worlds hosting upcoming events
         * @description Published worlds with at least one discoverable upcoming event, ordered by their next event's start. Anonymous calls work; a bearer credential is optional, needs `public:read`, and only moves the call from the `anonymous_public_read` to the `authenticated_public_read` window (an invalid credential answers 401).
         */
        get: operations["listPublicActiveWorlds"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/storage/uploads": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Upload a poster to embedded storage
         * @description The embedded default storage target of an event-intake poster `transfer` (decisions §3), shaped like an S3 POST policy upload. Send the `transfer.fields` exactly as returned (`key`, `policy`, `signature`, `Content-Type`), then the image under `file`, as `multipart/form-data`. The short-lived HMAC-signed policy binds the key, content type and exact byte length; no API bearer credential is accepted or needed. With S3-compatible storage configured, `transfer.url` points at S3 instead and this route is unused. Not rate-limited by class: bounded by the single-use signed policy (contract 8.3 rule 6).
         */
        post: operations["uploadPosterToStorage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /**
         * AbsoluteOrRootRelativeUrl
         * @description An absolute URI, or a root-relative path (starting with a single `/`, never `//`) on this deployment, such as a same-origin profile asset URL (`/api/v0/profiles/{slug}/assets/{assetId}/file`).
         */
        AbsoluteOrRootRelativeUrl: string;
        /**
         * ApiEventCreateRequest
         * @description Creates and publishes a public event of a community the caller owns (contract 4.8), with the web editor's sanitizers. Image URLs may be absolute URLs or same-origin profile asset URLs (`/api/v0/profiles/{slug}/assets/{assetId}/file`, contract 2.8) naming an active asset of a public profile. Owner-created events are always `timed`, published at once with source `manual`; `eventDate` is `startAt`'s local date in `timezone`; the slug is made from the title and that date (suffixed `-2`, `-3`… on collision). `endAt` must be after `startAt` and within 31 days of it, `doorsOpenAt` not after `startAt`; a slot starts no earlier than the doors or six hours before the start and no later than the end. Text is trimmed (blank is absent); control characters (tab and line feed allowed in `summary` and `notes`) and lone surrogates answer 400. `status` and `slug` are not writable.
         */
        ApiEventCreateRequest: {
            bannerImageUrl?: components["schemas"]["AbsoluteOrRootRelativeUrl"];
            /** @description A claimed community profile the caller actively owns. */
            communitySlug: string;
            doorsOpenAt?: components["schemas"]["EpochMillis"];
            endAt?: components["schemas"]["EpochMillis"];
            mediaLinks?: components["schemas"]["EventMediaLinkInput"][];
            /** @description Private to the event's managers; never in a public read. */
            notes?: string;
            participantLinks?: components["schemas"]["ParticipantLinkInput"][];
            posterImageUrl?: components["schemas"]["AbsoluteOrRootRelativeUrl"];
            slotLinks?: components["schemas"]["SlotLinkInput"][];
            sourceLabel?: string;
            /** Format: uri */
            sourceUrl?: string;
            startAt: components["schemas"]["EpochMillis"];
            summary?: string;
            thumbnailImageUrl?: components["schemas"]["AbsoluteOrRootRelativeUrl"];
            /** @description IANA time zone; defaults to the community profile's, else `UTC`. */
            timezone?: string;
            title: string;
            watchMode?: components["schemas"]["WatchMode"];
            watchSurfaceEnabled?: boolean;
            worldSlug?: string;
        };
        /**
         * ApiEventUpdateRequest
         * @description Updates an event of a community the caller owns (contract 4.8). Omitted fields, media, world, schedule and lineup are preserved; `null` clears an optional scalar field and the world relation; an empty array clears a collection. Replacing schedule or lineup data requires both `slotLinks` and `participantLinks` in the same request. Moving the event to another community (`communitySlug`) needs ownership of both. Changing `startAt`, `endAt` or `doorsOpenAt` without `slotLinks` keeps the slots at their instants (they do not shift with the event) and answers 400 when they no longer fit. A blank text field clears like `null`; a blank `sourceLabel` reverts to the community's name; a `null` `timezone` reverts to the community's zone, else UTC. No revision guard applies.
         *     `status` cancels (`cancelled`) or restores (`scheduled`) the event (contract 3, decisions §4). A cancelled event keeps its slug and public read (`status: cancelled`), leaves discovery (upcoming lists, search, world and people lists) at once, and stays in calendar exports and feeds as `STATUS:CANCELLED` with a higher `SEQUENCE`, so subscribed calendars show it as cancelled instead of losing it. Restoring it puts it back everywhere. A change of status is audited as `event.cancelled` or `event.restored` beside the write's `event.updated` record. Setting the status it already has changes nothing but the revision. Other fields may change in the same request.
         */
        ApiEventUpdateRequest: {
            bannerImageUrl?: components["schemas"]["AbsoluteOrRootRelativeUrl"] | null;
            communitySlug?: string;
            doorsOpenAt?: components["schemas"]["EpochMillis"] | null;
            endAt?: components["schemas"]["EpochMillis"] | null;
            mediaLinks?: components["schemas"]["EventMediaLinkInput"][];
            notes?: string | null;
            participantLinks?: components["schemas"]["ParticipantLinkInput"][];
            posterImageUrl?: components["schemas"]["AbsoluteOrRootRelativeUrl"] | null;
            slotLinks?: components["schemas"]["SlotLinkInput"][];
            sourceLabel?: string;
            /** Format: uri */
            sourceUrl?: string | null;
            startAt?: components["schemas"]["EpochMillis"];
            /**
             * @description `cancelled` cancels the event; `scheduled` restores a cancelled one. The public status (`in_progress`, `ended`) otherwise follows from the schedule and cannot be set.
             * @enum {string}
             */
            status?: "scheduled" | "cancelled";
            summary?: string | null;
            thumbnailImageUrl?: components["schemas"]["AbsoluteOrRootRelativeUrl"] | null;
            timezone?: string | null;
            title?: string;
            watchMode?: components["schemas"]["WatchMode"];
            watchSurfaceEnabled?: boolean;
            worldSlug?: string | null;
        };
        /**
         * ApiEventWriteResponse
         * @description The written event. Read it back anonymously with `GET /api/v0/events/{slug}` (the path in `eventPath`); if that readback fails the write still succeeded and must not be retried.
         */
        ApiEventWriteResponse: {
            eventId: string;
            /** @description Root-relative path of the event's public read, `/api/v0/events/{slug}`. */
            eventPath: string;
            slug: string;
        };
        /** ApiMeCommunitiesResponse */
        ApiMeCommunitiesResponse: {
            communities: components["schemas"]["ApiMeCommunitySummary"][];
            nextCursor: components["schemas"]["NextCursor"];
        };
        /**
         * ApiMeCommunitySummary
         * @description A community profile the caller owns; the same shape as `ApiMeProfileSummary` with `profileType` fixed to `community`.
         */
        ApiMeCommunitySummary: components["schemas"]["ApiMeProfileSummary"] & {
            /** @constant */
            profileType?: "community";
        };
        /** ApiMeContributionsResponse */
        ApiMeContributionsResponse: {
            contributions: components["schemas"]["ApiMeContributionSummary"][];
            nextCursor: components["schemas"]["NextCursor"];
        };
        /**
         * ApiMeContributionSummary
         * @description An event the caller published through intake, as it stands now. Date-only events have `eventDate` and no `startAt`. `updatedAt` is the revision to send as `expectedUpdatedAt` with a correction. A retracted contribution has `retracted: true`, `retractedAt` and no `pageUrl`; `status` is still computed from its schedule.
         */
        ApiMeContributionSummary: {
            /** @description The hosting community's slug (absent when its profile is gone). */
            communitySlug?: string;
            /** @description Number of accepted contributor writes to the event (1 after publication). */
            contributionVersion: number;
            doorsOpenAt?: components["schemas"]["EpochMillis"];
            endAt?: components["schemas"]["EpochMillis"];
            /**
             * Format: date
             * @description Local calendar date of the event (start date for timed events) in its time zone.
             */
            eventDate: string;
            eventId: string;
            /** @description Root-relative path of the event's public API read (`/api/v0/events/{slug}`), as publication answered it. */
            eventPath: string;
            /**
             * Format: uri
             * @description The event's public page; absent once retracted.
             */
            pageUrl?: string;
            publishedAt: components["schemas"]["EpochMillis"];
            /** @description The contributor retracted the event; it is gone from every public read. */
            retracted: boolean;
            retractedAt?: components["schemas"]["EpochMillis"];
            scheduleKind: components["schemas"]["ScheduleKind"];
            slug: string;
            /** @description Staff have taken the event over; the contributor can no longer correct or retract it. */
            staffTakeover: boolean;
            startAt?: components["schemas"]["EpochMillis"];
            status: components["schemas"]["EventStatus"];
            timezone?: string;
            title: string;
            /** @description The event's revision (epoch milliseconds); send it back as `expectedUpdatedAt`. */
            updatedAt: components["schemas"]["EpochMillis"];
        };
        /**
         * ApiMeCredential
         * @description The calling credential, told apart by `kind`: `api_token` for a personal API token, `oauth` for an OAuth access token issued for the API resource. No raw token value, hash or secret is ever included.
         */
        ApiMeCredential: {
            /** @constant */
            kind: "api_token";
            /** @description The owning community profile; present only when `ownerKind` is `community`. */
            ownerCommunityProfileId?: string;
            /**
             * @description `user` for a user-owned token (user authority); `community` for a community-owned token (no user authority, contract 5.10).
             * @enum {string}
             */
            ownerKind: "user" | "community";
            /** @description The user who owns the token, or who created it for the community. */
            ownerUserId: string;
            scopes: components["schemas"]["Scope"][];
            /** @description Id of the personal token (as in `ApiTokenSummary.id`). */
            tokenId: string;
            /** @enum {string} */
            trustTier: "personal" | "trusted_partner";
        } | {
            /** @description Id of the developer OAuth application; absent for dynamic MCP clients. */
            applicationId?: string;
            clientId: string;
            /** @description Id of the dynamically registered client, when the token was issued to one. */
            dynamicClientId?: string;
            /** @constant */
            kind: "oauth";
            ownerCommunityProfileId?: string;
            /**
             * @description Owner of the OAuth application.
             * @enum {string}
             */
            ownerKind?: "user" | "community";
            ownerUserId?: string;
            /** @description Granted scopes; never `time:parse`. */
            scopes: components["schemas"]["OAuthScope"][];
            /**
             * @description `user` for a user-delegated token (authorization code; user authority), `client` for a client-credentials token (no user authority).
             * @enum {string}
             */
            subjectType: "client" | "user";
            /** @enum {string} */
            trustTier: "standard" | "trusted_partner";
            /** @description The delegating user; present when `subjectType` is `user`. */
            userId?: string;
        };
        /** ApiMeEventsResponse */
        ApiMeEventsResponse: {
            events: components["schemas"]["ApiMeEventSummary"][];
            nextCursor: components["schemas"]["NextCursor"];
        };
        /**
         * ApiMeEventSummary
         * @description An event attached to a community profile the caller owns, whoever created it (owner writes and intake contributions alike). Date-only events have `eventDate` and no `startAt`.
         */
        ApiMeEventSummary: {
            communityName?: string;
            communityProfileId?: string;
            communitySlug?: string;
            createdAt?: components["schemas"]["EpochMillis"];
            doorsOpenAt?: components["schemas"]["EpochMillis"];
            endAt?: components["schemas"]["EpochMillis"];
            /**
             * Format: date
             * @description Local calendar date of the event (start date for timed events) in its time zone.
             */
            eventDate: string;
            id: string;
            publicationState: components["schemas"]["PublicationState"];
            publishedAt?: components["schemas"]["EpochMillis"];
            scheduleKind: components["schemas"]["ScheduleKind"];
            slug?: string;
            sourceLabel: string;
            sourceType: components["schemas"]["EventSourceType"];
            startAt?: components["schemas"]["EpochMillis"];
            status: components["schemas"]["EventStatus"];
            summary?: string;
            timezone?: string;
            title: string;
            updatedAt: components["schemas"]["EpochMillis"];
            watchMode: components["schemas"]["WatchMode"];
            watchSurfaceEnabled: boolean;
        };
        /** ApiMeProfilesResponse */
        ApiMeProfilesResponse: {
            nextCursor: components["schemas"]["NextCursor"];
            profiles: components["schemas"]["ApiMeProfileSummary"][];
        };
        /**
         * ApiMeProfileSummary
         * @description A profile the caller owns, including drafts and profiles kept off public pages. Carries `updatedAt` (send it as `expectedUpdatedAt`) and the fields `updateCurrentUserProfile` replaces wholesale (aliases, tags, outboundLinks, person, community).
         */
        ApiMeProfileSummary: {
            aliases?: string[];
            claimedAt?: components["schemas"]["EpochMillis"];
            claimState: components["schemas"]["ClaimState"];
            community?: {
                categoryTags?: string[];
                subtype?: string;
            };
            /** @enum {string} */
            creationSource: "self" | "community" | "concierge" | "import" | "moderator";
            displayName: string;
            headline?: string;
            id: string;
            outboundLinks?: components["schemas"]["ApiProfileLinkInput"][];
            person?: {
                pronouns?: string;
                roleTags?: string[];
            };
            profileType: components["schemas"]["ProfileType"];
            publicationState: components["schemas"]["PublicationState"];
            /**
             * @description `public`, or why the profile is kept off public pages.
             * @enum {string}
             */
            publicSurfacingState: "public" | "opted_out" | "suppressed" | "archived";
            publishedAt?: components["schemas"]["EpochMillis"];
            slug: string;
            tags?: string[];
            updatedAt: components["schemas"]["EpochMillis"];
        };
        /**
         * ApiMeResponse
         * @description Caller introspection (contract 2.13): the credential that made the call and its current `authenticated_public_read` window. Reading it consumes one unit of that window.
         */
        ApiMeResponse: {
            credential: components["schemas"]["ApiMeCredential"];
            rateLimit: components["schemas"]["ApiRateLimitCurrentWindow"];
        };
        /**
         * ApiProfileAssetStorageProbeResponse
         * @description Result of the upload-storage health probe.
         */
        ApiProfileAssetStorageProbeResponse: {
            /** @description When the probe ran (epoch milliseconds; the digest's free-form string is not used). */
            checkedAt: components["schemas"]["EpochMillis"];
            /** @description Whether upload storage is configured (always true with the embedded default). */
            configured: boolean;
            storageReachable: boolean;
        };
        /**
         * ApiProfileAssetUploadIntentCompleteResponse
         * @description The stored upload. The intent is consumed and the asset becomes an active public profile asset with the intent's placement metadata. `assetIds` lists the created assets (Marquee's intents always target their profile, so it holds exactly one id). `mimeType` and `byteSize` describe the stored file: raster images are re-encoded and SVG is sanitized, so `byteSize` may differ from the uploaded size. `storageKey` is the object's key in Marquee's storage (informational; the file is served at the asset's public file URL).
         */
        ApiProfileAssetUploadIntentCompleteResponse: {
            assetIds: string[];
            byteSize: number;
            intentId: string;
            mimeType: components["schemas"]["UploadMimeType"];
            storageKey: string;
        };
        /**
         * ApiProfileAssetUploadIntentCreateRequest
         * @description Exactly one of `originalFileName` (the client then uploads the bytes as multipart to `uploadUrl`) or `sourceUrl` (a public HTTPS image the server imports when `uploadUrl` is called without a body) is required (contract 2.11). The rest is placement metadata applied when the upload completes. PNG, SVG, JPEG and WebP up to 12582912 bytes. Marquee's rules (400 `VALIDATION_FAILED` with a pointer): `sourceUrl` must be `https` without user information, and an address literal must be public (host names are checked when the import resolves them); `gallery` needs a non-blank `label` (`/label`); `featured` needs `gallery` too (`/placements`); `creditUrl` must be http or https; `position` is at most 2147483647 and defaults to after the profile's last active asset. Blank metadata strings are stored as absent.
         */
        ApiProfileAssetUploadIntentCreateRequest: {
            altText?: string;
            /** @description Expected size; when given, the upload must match it exactly. */
            byteSize?: number;
            caption?: string;
            credit?: string;
            /** Format: uri */
            creditUrl?: string;
            label?: string;
            mimeType: components["schemas"]["UploadMimeType"];
            originalFileName?: string;
            placements?: components["schemas"]["AssetPlacement"][];
            /** @description Order within the media kit (0 first; ties by creation time). Defaults to after the profile's last active asset. At most 2147483647. */
            position?: number;
            /**
             * Format: uri
             * @description A public `https` URL of the image. It is fetched once, when the upload transport is called, through Marquee's guarded fetcher: public addresses only (loopback, private, link-local and other reserved ranges are refused, also when a host name resolves to them), no redirects, at most 12582912 bytes, one 20-second deadline.
             */
            sourceUrl?: string;
        } & (unknown | unknown);
        /**
         * ApiProfileAssetUploadIntentCreateResponse
         * @description A single-use upload intent. Call `uploadUrl` (`completeProfileAssetUploadIntent`) with the header named by `uploadTokenHeader` set to `uploadToken`, and no bearer credential, before `expiresAt` (15 minutes after creation). Sent with `Cache-Control: no-store`.
         */
        ApiProfileAssetUploadIntentCreateResponse: {
            /** @description When the intent lapses (15 minutes after creation); from then on it answers 404. */
            expiresAt: components["schemas"]["EpochMillis"];
            intentId: string;
            profileId: string;
            /** @description Root-relative path of the profile's public read, `/api/v0/profiles/{slug}`. */
            profilePath: string;
            profileType: components["schemas"]["ProfileType"];
            slug: string;
            /** @description Single-use secret for the upload transport; never send it anywhere else. 32 random bytes in base64url (43 characters). Shown only here: Marquee keeps only a keyed hash of it. */
            uploadToken: string;
            /** @constant */
            uploadTokenHeader: "x-service-upload-token";
            /**
             * Format: uri
             * @description Absolute URL of `POST /api/v0/profile-assets/upload-intents/{intentId}` on the public base URL.
             */
            uploadUrl: string;
        };
        /**
         * ApiProfileLinkInput
         * @description One outbound link as written by an owner or contributor and as returned in owner inventories. The provenance of a written link is recorded as `owner_authored` when the owner writes it and `community_submitted` when a contributor does (contract 2.10); it is not part of this input. `url` must be an https URL without credentials whose host is a public name (no IP literal, no single-label or `localhost` name), and for a branded type one of its provider's hosts or a subdomain of one (`ProfileLinkType`); a refusal answers 400 with the pointer `/outboundLinks/{i}/url`. The URL is stored in its WHATWG serialization (host lower-cased, `https://TWITCH.tv/x ` becomes `https://twitch.tv/x`). A link without `label`, or with `labelMode: automatic`, gets the automatic label (the provider's name, or the host without `www.`); `labelMode: custom` needs a `label`. The same type and URL twice in one list answers 400.
         */
        ApiProfileLinkInput: {
            handle?: string;
            label?: string;
            /**
             * @description `automatic` derives the label from the link type and target; `custom` shows `label`.
             * @enum {string}
             */
            labelMode?: "automatic" | "custom";
            /** @enum {string} */
            presentation?: "icon" | "copy";
            type: components["schemas"]["ProfileLinkType"];
            url: string;
        };
        /**
         * ApiProfileSubmitRequest
         * @description A community-sourced profile (contract 4.6). It is published immediately as unclaimed
         *     and credited to the submitter; links are recorded as `community_submitted`. Two
         *     submissions of the same subject create two profiles under suffixed slugs. An identity that
         *     has opted out of being listed answers 400.
         *
         *     Text follows the same rules as `ApiProfileUpdateRequest` (trimmed, NUL and unpaired
         *     surrogates refused). The slug is generated from `displayName` (lower-case ASCII, at most 64
         *     characters, `-2`, `-3`… when taken).
         *
         *     Opted-out identities: the submission is refused (400, pointer `/displayName` or
         *     `/aliases/{i}`) when its display name or one of its aliases has the same identity key as
         *     the display name or an alias of a profile of the same `profileType` whose
         *     `publicSurfacingState` is `opted_out`. The identity key of a name is: Unicode NFKC, full
         *     case folding (so `Straße` ≡ `STRASSE`), NFKC again, every run of white space made one
         *     space, trimmed. Other profile types and other names are not affected.
         */
        ApiProfileSubmitRequest: {
            aliases?: string[];
            community?: {
                categoryTags?: string[];
                subtype?: string;
            };
            displayName: string;
            outboundLinks?: components["schemas"]["ApiProfileLinkInput"][];
            person?: {
                roleTags?: string[];
            };
            profileType: components["schemas"]["ProfileType"];
            tags?: string[];
        };
        /**
         * ApiProfileUpdateRequest
         * @description Updates a profile (contract 4.6). `expectedUpdatedAt` (the profile's `updatedAt`) is
         *     required on every update; a stale value answers 409 `STALE_VERSION`.
         *
         *     Omitted fields are kept. Optional text fields are cleared by `null` or a blank string.
         *     Arrays (`aliases`, `tags`, `roleTags`, `categoryTags`, `outboundLinks`) replace the whole
         *     list: read first and send the full set. Slugs, claim state, publication state, field
         *     visibility, media-kit assets and page-builder settings are not updated here. A contributor
         *     (non-owner with `profile:contribute`) cannot reach fields the profile keeps private (403).
         *     `person` applies only to person profiles and `community` only to community profiles (400
         *     otherwise).
         *
         *     Text: every string is trimmed; single-line fields (all but `bio`) have runs of white space
         *     collapsed to one space; a NUL character or an unpaired UTF-16 surrogate answers 400; blank
         *     list items are dropped and repeated ones removed; `displayName` needs 2 characters after
         *     trimming; `timezone` must be an IANA zone name.
         *
         *     Private fields: a profile may keep any of `headline`, `bio`, `region`, `timezone` and
         *     `pronouns` private. The public read and search leave them out; the owner writes them as
         *     usual (they stay private); a contributor whose body names one of them at all, even as
         *     `null`, gets 403 `FORBIDDEN` and nothing is written. Which fields are private is not
         *     changed by this route.
         *
         *     Links: `outboundLinks` replaces the list. A link whose type and (normalised) URL are
         *     already stored keeps its recorded provenance (`owner_authored` or `community_submitted`),
         *     visibility and resolved destination; a new link is recorded as `owner_authored` (owner) or
         *     `community_submitted` (contributor). A contributor sees only the links the public read
         *     shows: unlisted and private links stay as stored (after the written ones), and a written
         *     link repeating one of them is dropped, so a contributor can never make a hidden link public.
         *
         *     A request that changes nothing answers 200 with the unchanged `updatedAt` and writes
         *     nothing (no audit record).
         */
        ApiProfileUpdateRequest: {
            aliases?: string[];
            bio?: string | null;
            community?: {
                categoryTags?: string[];
                subtype?: string | null;
            };
            displayName?: string;
            expectedUpdatedAt: components["schemas"]["EpochMillis"];
            headline?: string | null;
            outboundLinks?: components["schemas"]["ApiProfileLinkInput"][];
            person?: {
                pronouns?: string | null;
                roleTags?: string[];
            };
            region?: string | null;
            tags?: string[];
            timezone?: string | null;
        };
        /**
         * ApiProfileWriteResponse
         * @description Result of a profile update or submission. `publiclyViewable` is false for a draft or opted-out profile an owner edited (contract 4.6 rule 10). `updatedAt` is the new revision, ready to send as the next `expectedUpdatedAt`.
         */
        ApiProfileWriteResponse: {
            profileId: string;
            /** @description Root-relative path of the profile's public read, `/api/v0/profiles/{slug}`. */
            profilePath: string;
            profileType: components["schemas"]["ProfileType"];
            publiclyViewable: boolean;
            slug: string;
            updatedAt: components["schemas"]["EpochMillis"];
        };
        /**
         * ApiRateLimitCurrentWindow
         * @description The caller's current fixed window for one route class. `resetAt` is epoch milliseconds (the `RateLimit-Reset` header carries the same instant in Unix seconds).
         */
        ApiRateLimitCurrentWindow: {
            /** @description Requests allowed in the window for this identity and quota tier. */
            limit: number;
            /** @description Requests still allowed in the window. */
            remaining: number;
            /** @description When the window resets (epoch milliseconds). */
            resetAt: components["schemas"]["EpochMillis"];
            /** @description Whole seconds until `resetAt`, rounded up, at least 1. */
            retryAfterSeconds: number;
            routeClass: components["schemas"]["RouteClass"];
            /** @description Window length in milliseconds (60000 for every class). */
            windowMs: number;
        };
        /**
         * ApiRateLimitPolicy
         * @description One row of the default route-class table (contract 8.3). `trustedPartnerLimit` is the limit for `trusted_partner` credentials (a 100x multiplier on the classes that have one).
         */
        ApiRateLimitPolicy: {
            limit: number;
            routeClass: components["schemas"]["RouteClass"];
            trustedPartnerLimit: number;
            windowMs: number;
        };
        /**
         * ApiRateLimitUsageResponse
         * @description The default policy table plus the caller's classification and current public API window (contract 4.4). Without a credential the caller is `anonymous` in `anonymous_public_read`; with a valid personal token or API-resource OAuth token it is authenticated in `authenticated_public_read`.
         */
        ApiRateLimitUsageResponse: {
            caller: {
                authenticated: boolean;
                /**
                 * @description `oauth_client` covers every OAuth access token, user-delegated or client-credentials.
                 * @enum {string}
                 */
                credentialKind: "anonymous" | "personal_api_token" | "oauth_client";
                /** @enum {string} */
                quotaTier: "standard" | "trusted_partner";
                routeClass: components["schemas"]["RouteClass"];
            };
            currentWindow: components["schemas"]["ApiRateLimitCurrentWindow"];
            policies: components["schemas"]["ApiRateLimitPolicy"][];
        };
        /**
         * ApiTokenSummary
         * @description A personal API token's metadata. The raw value is never included; only its display prefix (`service_` plus the 12-character lookup prefix, decisions §2).
         */
        ApiTokenSummary: {
            createdAt: components["schemas"]["EpochMillis"];
            expiresAt?: components["schemas"]["EpochMillis"];
            id: string;
            label: string;
            /** @description Last accepted use, recorded at most once a minute per token. */
            lastUsedAt?: components["schemas"]["EpochMillis"];
            lastUsedRouteClass?: components["schemas"]["RouteClass"];
            ownerCommunityProfileId?: string;
            /** @enum {string} */
            ownerKind: "user" | "community";
            ownerUserId: string;
            revokedAt?: components["schemas"]["EpochMillis"];
            revokeReason?: string;
            scopes: components["schemas"]["Scope"][];
            /**
             * @description `revoked` covers explicit revocation only; an expired token stays `active` with `expiresAt` in the past.
             * @enum {string}
             */
            status: "active" | "revoked";
            /** @description `service_` followed by the first 12 characters after it, for recognising the token. */
            tokenPrefix: string;
            /** @enum {string} */
            trustTier: "personal" | "trusted_partner";
            updatedAt: components["schemas"]["EpochMillis"];
        };
        /** ArtworkSelectRequest */
        ArtworkSelectRequest: {
            expectedVersion: components["schemas"]["DraftVersion"];
            /** @description A completed poster upload of this draft. */
            posterAssetId: string;
        };
        /** ArtworkSelectResponse */
        ArtworkSelectResponse: {
            artworkAssetId: string;
            version: components["schemas"]["DraftVersion"];
        };
        /**
         * AssetPlacement
         * @description Where an uploaded asset is placed in the media kit. `gallery` needs a non-blank `label`; `featured` also needs `gallery`. `profile_image`, `banner`, `primary_logo` and `featured` are single-valued: a completed upload placed there takes the place over, earlier assets lose that placement, and an earlier asset left with no placement is removed (its file then answers 404). `additional_logo` and `gallery` hold any number of assets.
         * @enum {string}
         */
        AssetPlacement: "profile_image" | "banner" | "primary_logo" | "additional_logo" | "gallery" | "featured";
        /**
         * AvatarAppearance
         * @description How a profile image is framed.
         */
        AvatarAppearance: {
            borderColor: string;
            borderEnabled: boolean;
            borderSoftnessPx: number;
            borderWidthPx: number;
            radiusPercent: number;
        };
        /**
         * ClaimState
         * @description Whether someone has claimed the profile, and whether that claim is verified.
         * @enum {string}
         */
        ClaimState: "unclaimed" | "claimed_unverified" | "claimed_verified";
        /**
         * DeveloperOAuthAppCreateRequest
         * @description Registers an OAuth application. Defaults: `clientType` `confidential`, `allowedGrants` `["authorization_code", "refresh_token"]`, `allowedScopes` `["public:read"]`. With `ownerCommunitySlug` the app is community-owned: the community must exist (404) and be a claimed community the caller actively owns (403).
         */
        DeveloperOAuthAppCreateRequest: {
            allowedGrants?: components["schemas"]["OAuthGrantType"][];
            /** @description Ceiling of the scopes the application may request. */
            allowedScopes?: components["schemas"]["OAuthScope"][];
            /**
             * @default confidential
             * @enum {string}
             */
            clientType: "public" | "confidential";
            description?: string;
            displayName: string;
            /** Format: uri */
            docsUrl?: string;
            /** Format: uri */
            logoUrl?: string;
            ownerCommunitySlug?: string;
            /** Format: uri */
            privacyUrl?: string;
            /** @description Redirect URIs, matched exactly at authorization (contract 5.7): absolute `https` URLs, or `http` on a loopback host (`127.0.0.1`, `[::1]`, `localhost`); no fragment. */
            redirectUris: string[];
            /** Format: uri */
            termsUrl?: string;
        };
        /**
         * DeveloperOAuthAppCreateResponse
         * @description The new application; confidential clients also receive their first raw client secret, shown this once (stored hashed).
         */
        DeveloperOAuthAppCreateResponse: {
            application: components["schemas"]["OAuthApplicationSummary"];
            /** @description Raw client secret; present only for confidential clients. */
            clientSecretValue?: string;
            /** @description The first secret's id (as listed in `activeSecrets`); present only with `clientSecretValue`. */
            secretId?: string;
        };
        /** DeveloperOAuthAppResponse */
        DeveloperOAuthAppResponse: {
            application: components["schemas"]["OAuthApplicationSummary"];
        };
        /** DeveloperOAuthAppSecretCreateRequest */
        DeveloperOAuthAppSecretCreateRequest: {
            /** @description Optional name for the new secret. */
            label?: string;
        };
        /**
         * DeveloperOAuthAppSecretCreateResponse
         * @description The application and its new raw client secret, shown this once.
         */
        DeveloperOAuthAppSecretCreateResponse: {
            application: components["schemas"]["OAuthApplicationSummary"];
            clientSecretValue: string;
            /** @description The new secret's id (as listed in the application's `activeSecrets`). */
            secretId: string;
        };
        /**
         * DeveloperOAuthAppsResponse
         * @description A page of the applications the caller owns and of those owned by communities the caller actively owns, newest first.
         */
        DeveloperOAuthAppsResponse: {
            applications: components["schemas"]["OAuthApplicationSummary"][];
            nextCursor: components["schemas"]["NextCursor"];
        };
        /**
         * DeveloperOAuthAppUpdateRequest
         * @description Updates metadata, redirects, allowed grants and allowed scopes (contract 4.9). Omitted fields are kept; `null` clears an optional text or URL field; arrays replace the whole list. `clientType` and the owner cannot be changed. Narrowing `allowedScopes` or `allowedGrants` does not revoke tokens already issued.
         */
        DeveloperOAuthAppUpdateRequest: {
            allowedGrants?: components["schemas"]["OAuthGrantType"][];
            allowedScopes?: components["schemas"]["OAuthScope"][];
            description?: string | null;
            displayName?: string;
            /** Format: uri */
            docsUrl?: string | null;
            /** Format: uri */
            logoUrl?: string | null;
            /** Format: uri */
            privacyUrl?: string | null;
            /** @description Replaces the redirect URIs; the rules of registration apply. */
            redirectUris?: string[];
            /** Format: uri */
            termsUrl?: string | null;
        };
        /**
         * DeveloperTokenCreateRequest
         * @description Creates a user-owned personal API token. When `scopes` is omitted the token gets `["public:read"]`. A token created through the API cannot carry a scope the calling credential lacks (403 `FORBIDDEN`): `developer:write` is not a way to escalate.
         */
        DeveloperTokenCreateRequest: {
            /** @description Optional expiry (epoch milliseconds); must be in the future (400 otherwise). Omitted means no expiry. */
            expiresAt?: components["schemas"]["EpochMillis"];
            /** @description Name shown in token lists. */
            label: string;
            scopes?: components["schemas"]["Scope"][];
        };
        /**
         * DeveloperTokenCreateResponse
         * @description The new token's metadata and its raw value, returned this once only (sent with `Cache-Control: no-store`).
         */
        DeveloperTokenCreateResponse: {
            token: components["schemas"]["ApiTokenSummary"];
            /** @description The raw token, `service_` followed by 43 base64url characters (32 random bytes). Shown once. */
            tokenValue: string;
        };
        /** DeveloperTokenResponse */
        DeveloperTokenResponse: {
            token: components["schemas"]["ApiTokenSummary"];
        };
        /**
         * DeveloperTokensResponse
         * @description A page of the caller's personal tokens, newest first. Raw values are never listed.
         */
        DeveloperTokensResponse: {
            nextCursor: components["schemas"]["NextCursor"];
            tokens: components["schemas"]["ApiTokenSummary"][];
        };
        /**
         * DraftFields
         * @description A draft's fields (contract 2.4): the `EventFields` properties (kept identical to them) plus
         *     `tentative`,
         *     `questions` and `duplicateAcknowledgements`. The same schema is the draft record's
         *     `fields` and the `patch` of a save. In a patch every property is optional; a property
         *     that is present replaces the stored value (`null` clears it; `lineup` and the arrays are
         *     replaced whole, never merged); an omitted property keeps the stored value. Unknown
         *     properties are rejected.
         */
        DraftFields: {
            /** @description Slug of the public community profile hosting the event. */
            communitySlug?: string | null;
            doors?: components["schemas"]["ScheduleTimePoint"] | null;
            /** @description Ids of existing events (from a `NEAR_DUPLICATE` problem's `choices`) the contributor confirms are different events; publication then proceeds. */
            duplicateAcknowledgements?: string[] | null;
            end?: components["schemas"]["ScheduleTimePoint"] | null;
            /** @description Local calendar date of the event, `YYYY-MM-DD` at publication. */
            eventDate?: string | null;
            lineup?: components["schemas"]["Lineup"] | null;
            posterDeclaration?: components["schemas"]["PosterDeclaration"] | null;
            /** @description Id of the uploaded poster the draft was made from (the `posterAssetId` of a completed upload). */
            posterSourceId?: string | null;
            /** @description Open questions the contributor still has to answer (for example from extraction). */
            questions?: string[] | null;
            /** @description The announcement text the event was drafted from. */
            sourceText?: string | null;
            sourceUrl?: string | null;
            start?: components["schemas"]["ScheduleTimePoint"] | null;
            summary?: string | null;
            /** @description Unconfirmed values, kept apart from the fields that will be published. */
            tentative?: components["schemas"]["EventFields"] | null;
            /** @description `true` publishes a date-only event whose time is to be announced. */
            timeTba?: boolean | null;
            /** @description IANA time zone of the wall times, for example `Europe/Berlin`. */
            timezone?: string | null;
            title?: string | null;
            venueLabel?: string | null;
            /** @description Slug of a published world where the event takes place. */
            worldSlug?: string | null;
        };
        /**
         * DraftRecord
         * @description A draft as stored (contract 2.5). Drafts belong to the user who created them; other users get 404. A user has at most 20 live drafts, and a draft expires 30 days after its last save (decisions §4); a published draft stays readable until it expires.
         */
        DraftRecord: {
            /** @description The public artwork chosen with `selectEventIntakeArtwork`. */
            artworkAssetId?: string;
            /** @description The uploaded poster (`posterAssetId`) the artwork was made from. */
            artworkSourceId?: string;
            draftId: string;
            fields: components["schemas"]["DraftFields"];
            /** @description Receipt of the publication; present once the draft has been published. */
            publishedReceiptId?: string;
            version: components["schemas"]["DraftVersion"];
        };
        DraftTentativeFields: components["schemas"]["EventFields"];
        /**
         * DraftVersion
         * @description A draft's optimistic-concurrency version: 1 after the first save, incremented by every accepted write to the draft (save, artwork selection).
         */
        DraftVersion: number;
        /**
         * EpochMillis
         * @description An instant as integer milliseconds since the Unix epoch (decisions §1). Every entity timestamp of this API uses it; only the time-parse API uses Unix seconds (`epoch`) and ISO 8601 strings. Instants run from the epoch to the end of year 9999 UTC (253402300799999), the range every date library and calendar format can hold; a later value answers 400.
         */
        EpochMillis: number;
        /**
         * EventContributionPatch
         * @description Corrections to a published contribution (contract 4.3): the listed `EventFields` properties (kept identical to them), each optional and nullable. A present property replaces the published value (`null` clears it; `lineup` is replaced whole); an omitted one keeps it. `title` and `eventDate` cannot be cleared (400), and the corrected event must still satisfy the publication rules of `publishEventIntakeDraft`. `communitySlug`, `sourceText`, poster and artwork fields cannot be corrected here.
         */
        EventContributionPatch: {
            doors?: components["schemas"]["ScheduleTimePoint"] | null;
            end?: components["schemas"]["ScheduleTimePoint"] | null;
            /** @description Local calendar date of the event, `YYYY-MM-DD` at publication. */
            eventDate?: string | null;
            lineup?: components["schemas"]["Lineup"] | null;
            sourceUrl?: string | null;
            start?: components["schemas"]["ScheduleTimePoint"] | null;
            summary?: string | null;
            /** @description `true` publishes a date-only event whose time is to be announced. */
            timeTba?: boolean | null;
            /** @description IANA time zone of the wall times, for example `Europe/Berlin`. */
            timezone?: string | null;
            title?: string | null;
            venueLabel?: string | null;
            /** @description Slug of a published world where the event takes place. */
            worldSlug?: string | null;
        };
        /**
         * EventContributionRecord
         * @description A published event as its contributor may correct it (contract 2.7). Only the user who published the event through intake can read it here (others: 403); a retracted event answers 404.
         */
        EventContributionRecord: {
            /** @description Number of accepted contributor writes to the event (1 after publication). */
            contributionVersion?: number;
            eventId: string;
            fields: components["schemas"]["EventFields"];
            /** @description The event's revision (epoch milliseconds); send it back as `expectedUpdatedAt`. */
            updatedAt: components["schemas"]["EpochMillis"];
        };
        /** EventContributionRetractResponse */
        EventContributionRetractResponse: {
            /** @description `false` when the event had already been retracted by this contributor. */
            changed: boolean;
            eventId: string;
        };
        /**
         * EventContributionUpdateRequest
         * @description Read the record first and send its `updatedAt` as `expectedUpdatedAt` (contract 4.3). A stale revision answers 409 `STALE_VERSION`; a staff takeover answers 409 `STAFF_TAKEOVER` even with a fresh revision.
         */
        EventContributionUpdateRequest: {
            /** @description Ids of near-duplicate events (from `choices`) confirmed to be different events. */
            duplicateAcknowledgements?: string[];
            expectedUpdatedAt: components["schemas"]["EpochMillis"];
            patch: components["schemas"]["EventContributionPatch"];
        };
        /** EventContributionUpdateResponse */
        EventContributionUpdateResponse: {
            /** @description `false` when the patch matched the published values; nothing was written and `updatedAt` is unchanged. */
            changed: boolean;
            eventId: string;
            /** @description The new revision, or the unchanged one when `changed` is false. */
            updatedAt: components["schemas"]["EpochMillis"];
        };
        /**
         * EventFields
         * @description The event fields of contract 2.4, `communitySlug` through `lineup`: every property
         *     optional and nullable, unknown properties rejected. It is the shape of a draft's
         *     `tentative` fields (`DraftTentativeFields`) and of a published contribution's `fields`
         *     (`EventContributionRecord`). `DraftFields` and `EventContributionPatch` repeat its property
         *     definitions verbatim (keep them in step).
         *
         *     Drafts may be incomplete, so values are only length-checked here (`eventDate` is not
         *     required to be a date yet, `sourceUrl` not required to be a URL). Publication
         *     (`publishEventIntakeDraft`) requires a public community `communitySlug`, a `title`, a valid
         *     `eventDate` (`YYYY-MM-DD`) and a `start` or `timeTba: true`; a null `timezone` takes the
         *     community profile's time zone, else `UTC`. Failures answer 400 `VALIDATION_FAILED` with
         *     pointers into the draft record (`/fields/...`).
         */
        EventFields: {
            /** @description Slug of the public community profile hosting the event. */
            communitySlug?: string | null;
            doors?: components["schemas"]["ScheduleTimePoint"] | null;
            end?: components["schemas"]["ScheduleTimePoint"] | null;
            /** @description Local calendar date of the event, `YYYY-MM-DD` at publication. */
            eventDate?: string | null;
            lineup?: components["schemas"]["Lineup"] | null;
            posterDeclaration?: components["schemas"]["PosterDeclaration"] | null;
            /** @description Id of the uploaded poster the draft was made from (the `posterAssetId` of a completed upload). */
            posterSourceId?: string | null;
            /** @description The announcement text the event was drafted from. */
            sourceText?: string | null;
            sourceUrl?: string | null;
            start?: components["schemas"]["ScheduleTimePoint"] | null;
            summary?: string | null;
            /** @description `true` publishes a date-only event whose time is to be announced. */
            timeTba?: boolean | null;
            /** @description IANA time zone of the wall times, for example `Europe/Berlin`. */
            timezone?: string | null;
            title?: string | null;
            venueLabel?: string | null;
            /** @description Slug of a published world where the event takes place. */
            worldSlug?: string | null;
        };
        /** EventIntakeDraftsResponse */
        EventIntakeDraftsResponse: {
            drafts: components["schemas"]["EventIntakeDraftSummary"][];
            nextCursor: components["schemas"]["NextCursor"];
        };
        /**
         * EventIntakeDraftSummary
         * @description One of the caller's live drafts, enough to recognise and resume it: its id and version (the `expectedVersion` of the next save), when it was created, last saved and will expire, the fields that name the event as the draft holds them (`null` when the draft does not hold one; nothing is checked until publication), how many poster uploads it has completed, the chosen artwork, and how many open questions it stores. The whole draft is `getEventIntakeDraft`.
         */
        EventIntakeDraftSummary: {
            /** @description The public artwork chosen with `selectEventIntakeArtwork`, when one is. */
            artworkAssetId?: string;
            communitySlug: string | null;
            createdAt: components["schemas"]["EpochMillis"];
            draftId: string;
            end: components["schemas"]["ScheduleTimePoint"] | null;
            eventDate: string | null;
            /** @description When the draft expires unless saved again (30 days after its last save). */
            expiresAt: components["schemas"]["EpochMillis"];
            /** @description Poster uploads of the draft that have been completed (pending uploads are not counted). */
            posterCount: number;
            /** @description Number of open questions stored in the draft's `questions` (0 when it has none). */
            questionCount: number;
            start: components["schemas"]["ScheduleTimePoint"] | null;
            timeTba: boolean | null;
            timezone: string | null;
            title: string | null;
            /** @description When the draft was last saved (a save or an artwork selection). */
            updatedAt: components["schemas"]["EpochMillis"];
            version: components["schemas"]["DraftVersion"];
        };
        /**
         * EventIntakeExtractRequest
         * @description What to extract from. An omitted `sourceText` falls back to the draft's saved `sourceText`; an omitted `posterAssetId` to the draft's `posterSourceId`. With neither given nor saved, the request answers 400 `VALIDATION_FAILED`.
         */
        EventIntakeExtractRequest: {
            /** @description A poster uploaded to this draft and completed. */
            posterAssetId?: string;
            sourceText?: string;
        };
        /**
         * EventIntakePublishRequest
         * @description Publishes the draft at `expectedVersion`. A retry with the same `expectedVersion` and `idempotencyKey` replays the original result; changing either against a published draft, or reusing the key for another draft, answers 409 `IDEMPOTENCY_CONFLICT`. After a lost response, read the draft and replay with the same version and key; never start a new draft or key (contract 4.2 rule 2).
         */
        EventIntakePublishRequest: {
            expectedVersion: components["schemas"]["DraftVersion"];
            idempotencyKey: string;
        };
        /** EventIntakePublishResponse */
        EventIntakePublishResponse: {
            eventId: string;
            /** @description Root-relative path of the event's public read, `/api/v0/events/{slug}`. */
            eventPath: string;
            /** @description Publication receipt, also stored as the draft's `publishedReceiptId`. */
            receiptId: string;
        };
        /**
         * EventIntakeSaveRequest
         * @description Saves a draft (contract 4.2). Without `draftId` a new draft is created (`expectedVersion` must then be omitted, 400 otherwise) and starts at version 1. With `draftId` the patch is applied to that existing draft of the caller exactly as `updateEventIntakeDraft` does, and `expectedVersion` is required (400 without it, 404 for an unknown draft, 409 `STALE_VERSION` when stale). Client-chosen ids for new drafts are not supported.
         */
        EventIntakeSaveRequest: {
            draftId?: string;
            expectedVersion?: components["schemas"]["DraftVersion"];
            patch: components["schemas"]["DraftFields"];
        };
        /** EventIntakeSaveResponse */
        EventIntakeSaveResponse: {
            draftId: string;
            version: components["schemas"]["DraftVersion"];
        };
        /** EventIntakeUpdateRequest */
        EventIntakeUpdateRequest: {
            expectedVersion: components["schemas"]["DraftVersion"];
            patch: components["schemas"]["DraftFields"];
        };
        /** EventMediaLink */
        EventMediaLink: {
            label: string;
            /** @enum {string} */
            presentation: "open" | "copy";
            type: components["schemas"]["EventMediaLinkType"];
            /** Format: uri */
            url: string;
        };
        /** EventMediaLinkInput */
        EventMediaLinkInput: {
            label: string;
            /**
             * @description Default `open`.
             * @enum {string}
             */
            presentation?: "open" | "copy";
            type: components["schemas"]["EventMediaLinkType"];
            /** Format: uri */
            url: string;
        };
        /**
         * EventMediaLinkType
         * @enum {string}
         */
        EventMediaLinkType: "event_page" | "watch" | "stream" | "vrcdn" | "discord" | "ticket" | "other";
        /**
         * EventSource
         * @description Where an event (or a slot or participant) came from. Events published through intake carry `{sourceType: "community", label: "Community-submitted"}` (decisions §4); owner-created events carry `sourceType: "manual"` with the event's `sourceLabel`, or the community's display name when it has none.
         */
        EventSource: {
            label: string;
            sourceType: components["schemas"]["EventSourceType"];
            /** Format: uri */
            url?: string;
        };
        /**
         * EventSourceType
         * @description Where an event came from. Marquee writes `community` for events published through event intake and `manual` for owner-created events; the other values are kept for imported data.
         * @enum {string}
         */
        EventSourceType: "manual" | "community" | "partner" | "import" | "ai_suggested";
        /**
         * EventStatus
         * @description Public event status (decisions §4), computed from the schedule except `cancelled`:
         *     `scheduled` before the start, `in_progress` from the start until the end time, `ended`
         *     afterwards, `cancelled` when cancelled. Discovery (search, upcoming lists, world lists)
         *     shows `scheduled` and `in_progress` events; `ended` and `cancelled` events stay readable by
         *     slug and in calendar exports. A date-only event is `in_progress` on its `eventDate` in its
         *     time zone and `ended` afterwards; an event without an end time is `in_progress` until the
         *     end of its local start day.
         * @enum {string}
         */
        EventStatus: "scheduled" | "in_progress" | "ended" | "cancelled";
        /**
         * ExtractionResult
         * @description Fields proposed from source text and/or a poster (contract 2.6). Extraction never changes the draft and never selects artwork: the client reviews the proposal and saves what it accepts. Times are `HH:MM` strings in the event's time zone. All four members are always present (arrays possibly empty).
         */
        ExtractionResult: {
            event: {
                communitySlug: string | null;
                end: string | null;
                eventDate: string | null;
                sourceUrl: string | null;
                start: string | null;
                summary: string | null;
                timezone: string | null;
                title: string | null;
                venueLabel: string | null;
            };
            /** @description Where each proposed value came from. */
            evidence: {
                /** @enum {string} */
                assessment: "explicit" | "inferred" | "conflicting";
                excerpt: string | null;
                /** @description JSON Pointer (RFC 6901) into this result of the value the evidence supports, for example `/event/start` or `/lineup/2/performerLabel`. `/event/doors` carries a doors time read from the source, which the result has no member for (save it as the draft's `doors`). */
                fieldPath: string;
                /** @enum {string} */
                origin: "text" | "poster" | "lookup" | "calculation";
            }[];
            lineup: {
                end: string | null;
                performerLabel: string | null;
                personSlug: string | null;
                roleLabel: string | null;
                start: string | null;
            }[];
            /** @description What extraction could not settle, with candidate answers. */
            questions: {
                alternatives: string[];
                /** @description JSON Pointer of the value the question is about (`/event/eventDate`, `/lineup/0/start`, `/lineup`). */
                fieldPath: string;
                reason: string;
            }[];
        };
        /**
         * Lineup
         * @description A lineup of at most 80 entries (contract 2.3, 8.1). An empty array clears it.
         */
        Lineup: components["schemas"]["LineupEntry"][];
        /**
         * LineupEntry
         * @description One performer slot of a draft or contribution lineup (contract 2.3). `clientKey` is the client's stable key for the entry (unique within a lineup, 400 otherwise); `position` orders the lineup (unique within a lineup). A `personSlug` links a public person profile; otherwise `performerLabel` names the performer.
         */
        LineupEntry: {
            clientKey: string;
            end?: components["schemas"]["ScheduleTimePoint"] | null;
            performerLabel?: string | null;
            personSlug?: string | null;
            position: number;
            roleLabel?: string | null;
            start?: components["schemas"]["ScheduleTimePoint"] | null;
        };
        /**
         * LinkDestination
         * @description A resolved platform entity behind an outbound link.
         */
        LinkDestination: {
            artworkUrl?: components["schemas"]["AbsoluteOrRootRelativeUrl"];
            entityId?: string;
            /** @enum {string} */
            kind: "vrchat_user" | "vrchat_group" | "discord_guild";
            name?: string;
            observedAt?: components["schemas"]["EpochMillis"];
            /** @enum {string} */
            status: "pending" | "resolved" | "unavailable" | "invalid";
            targetKey: string;
        };
        /**
         * MediaAsset
         * @description A public media-kit asset. `imageUrl` and `downloadUrl` are same-origin asset URLs (`/api/v0/profiles/{slug}/assets/{assetId}/file`) unless the asset is hosted elsewhere. Profile assets also carry their `placements` and, for raster images, pixel `width` and `height` (Marquee additions); the download is the stored file itself, so `downloadMimeType` and `downloadByteSize` equal `mimeType` and `byteSize`.
         */
        MediaAsset: {
            altText?: string;
            assetId?: string;
            byteSize?: number;
            caption?: string;
            credit?: string;
            /** Format: uri */
            creditUrl?: string;
            downloadByteSize?: number;
            downloadMimeType?: string;
            downloadUrl?: components["schemas"]["AbsoluteOrRootRelativeUrl"];
            height?: number;
            imageUrl?: components["schemas"]["AbsoluteOrRootRelativeUrl"];
            label?: string;
            mimeType?: string;
            placements?: components["schemas"]["AssetPlacement"][];
            sourcePreserved?: boolean;
            width?: number;
        };
        /**
         * MediaKit
         * @description A profile's public media kit, grouped by placement.
         */
        MediaKit: {
            additionalLogos: components["schemas"]["MediaAsset"][];
            assets: components["schemas"]["MediaAsset"][];
            avatarAppearance?: components["schemas"]["AvatarAppearance"];
            banner?: components["schemas"]["MediaAsset"];
            /** @enum {string} */
            compactDisplay?: "profile_image" | "logo";
            featuredAsset?: components["schemas"]["MediaAsset"];
            galleryAssets?: components["schemas"]["MediaAsset"][];
            logos: components["schemas"]["MediaAsset"][];
            logoZipUrl?: components["schemas"]["AbsoluteOrRootRelativeUrl"];
            primaryLogo?: components["schemas"]["MediaAsset"];
            profileImage?: components["schemas"]["MediaAsset"];
        };
        /**
         * NextCursor
         * @description Opaque cursor for the next page: pass it back unchanged as the `cursor` query parameter with the same other parameters. `null` when there are no further results. Cursors are bound to the route, caller and parameters that produced them; a cursor that fails to decode, or is replayed on another route, answers 400 `VALIDATION_FAILED`.
         */
        NextCursor: string | null;
        /**
         * NextSlot
         * @description A relevant upcoming (or current) timed slot of an event.
         */
        NextSlot: {
            displayLabel: string;
            endAt?: components["schemas"]["EpochMillis"];
            performer?: {
                displayName: string;
                slug: string;
            };
            roleLabel: string;
            startAt: components["schemas"]["EpochMillis"];
        };
        /**
         * OAuthApplicationSummary
         * @description An OAuth application's metadata. Client secrets are never included; only the display prefixes of the active ones.
         */
        OAuthApplicationSummary: {
            /** @description Display prefixes of the active client secrets (empty for public clients). */
            activeSecretPrefixes: string[];
            /** @description The active client secrets, oldest first, each with the `secretId` that retires it alone (empty for public clients and revoked applications). Added beside `activeSecretPrefixes`, which lists the same prefixes in the same order. */
            activeSecrets: components["schemas"]["OAuthClientSecretSummary"][];
            allowedGrants: components["schemas"]["OAuthGrantType"][];
            allowedScopes: components["schemas"]["OAuthScope"][];
            clientId: string;
            /** @enum {string} */
            clientType: "public" | "confidential";
            createdAt: components["schemas"]["EpochMillis"];
            description?: string;
            displayName: string;
            /** Format: uri */
            docsUrl?: string;
            id: string;
            lastUsedAt?: components["schemas"]["EpochMillis"];
            /** Format: uri */
            logoUrl?: string;
            ownerCommunityProfileId?: string;
            /**
             * @description `community` when created with `ownerCommunitySlug`, otherwise `user`.
             * @enum {string}
             */
            ownerKind: "user" | "community";
            /** @description The owning user, or the user who created the app for the community. */
            ownerUserId: string;
            /** Format: uri */
            privacyUrl?: string;
            redirectUris: string[];
            reviewedAt?: components["schemas"]["EpochMillis"];
            revokedAt?: components["schemas"]["EpochMillis"];
            revokeReason?: string;
            /** @enum {string} */
            status: "active" | "revoked";
            /** Format: uri */
            termsUrl?: string;
            /** @enum {string} */
            trustTier: "standard" | "trusted_partner";
            updatedAt: components["schemas"]["EpochMillis"];
        };
        /**
         * OAuthClientSecretSummary
         * @description An active client secret of an application, by its identity: never the secret itself, only its display prefix (the secret's first characters, for telling secrets apart).
         */
        OAuthClientSecretSummary: {
            createdAt: components["schemas"]["EpochMillis"];
            /** @description The name given when the secret was created, if any. */
            label?: string;
            /** @description The display prefix, the same string `activeSecretPrefixes` lists. */
            prefix: string;
            /** @description The secret's id; `DELETE …/secrets/{secretId}` retires this secret alone. */
            secretId: string;
        };
        /**
         * OAuthGrantType
         * @description Grants an OAuth application may use. `client_credentials` is only allowed for confidential applications (400 otherwise).
         * @enum {string}
         */
        OAuthGrantType: "authorization_code" | "refresh_token" | "client_credentials";
        /**
         * OAuthScope
         * @description Scopes an OAuth application may be allowed and an OAuth access token may carry: `Scope` without `time:parse` (contract 5.16: OAuth access is disabled on the time API).
         * @enum {string}
         */
        OAuthScope: "public:read" | "mcp:read" | "mcp:write" | "events:contribute" | "events:read" | "events:write" | "profile:read" | "profile:write" | "profile:contribute" | "community:read" | "assets:write" | "assets:contribute" | "developer:read" | "developer:write";
        /**
         * ParticipantLinkInput
         * @description A person profile linked to the event as a participant (the roster, in request order). The person must be a public person profile, named once per roster. `sourceLabel` (and `sourceUrl`) give the participant a source of its own in the readback.
         */
        ParticipantLinkInput: {
            /** @description Private to the event's managers; never in a public read. */
            notes?: string;
            personSlug: string;
            roleLabel?: string;
            sourceLabel?: string;
            /** Format: uri */
            sourceUrl?: string;
        };
        /**
         * PosterDeclaration
         * @description What the client declares about a poster before uploading it (contract 2.2). Completion decodes the stored image and checks the declared type, length and digest.
         */
        PosterDeclaration: {
            /** @description Exact size in bytes; at most 12582912 (12 MiB). */
            byteLength: number;
            /** @enum {string} */
            contentType: "image/png" | "image/jpeg" | "image/webp";
            /** @description SHA-256 of the file bytes, 64 lowercase hex characters. */
            sha256: string;
        };
        /** PosterUploadBeginResponse */
        PosterUploadBeginResponse: {
            /** @description When the transfer policy expires (epoch milliseconds); upload and complete before it. */
            expiresAt: components["schemas"]["EpochMillis"];
            posterAssetId: string;
            transfer: components["schemas"]["PosterUploadTransfer"];
        };
        /** PosterUploadCompleteRequest */
        PosterUploadCompleteRequest: {
            posterAssetId: string;
        };
        /** PosterUploadCompleteResponse */
        PosterUploadCompleteResponse: {
            posterAssetId: string;
        };
        /**
         * PosterUploadTransfer
         * @description How to send the poster bytes (contract 4.2): POST a `multipart/form-data` body to `url` with every entry of `fields` as a form field, in order, followed by the file under `fileField`. Send no API bearer credential there. On the embedded default storage `url` is this server's `/storage/uploads` (`uploadPosterToStorage`) and `fields` are `key`, `policy`, `signature` and `Content-Type`; with S3-compatible storage configured it is an S3 presigned POST whose fields S3 defines.
         */
        PosterUploadTransfer: {
            fields: {
                [key: string]: string;
            };
            /** @constant */
            fileField: "file";
            /** @constant */
            method: "POST";
            /** Format: uri */
            url: string;
        };
        /**
         * Problem
         * @description RFC 9457 problem details, served as `application/problem+json` for every 4xx and 5xx of
         *     this API (decisions §1). Never carries a stack trace or a credential; 5xx problems carry
         *     no `detail`.
         *
         *     `type` is a relative URI from this catalogue, and `code` the matching stable machine
         *     string. Clients should branch on `code` (or `type`), never on `title` or `detail`.
         *
         *     | `type` | status | `code` |
         *     |---|---|---|
         *     | `/problems/validation-failed` | 400 | `VALIDATION_FAILED` |
         *     | `/problems/malformed-request` | 400 | `MALFORMED_REQUEST` (unparseable JSON, multipart or form body; a path that is not valid percent-encoded UTF-8; more than one `Authorization` credential; a message the HTTP parser cannot read) |
         *     | `/problems/bearer-in-query` | 400 | `BEARER_IN_QUERY` |
         *     | `/problems/unauthorized` | 401 | `UNAUTHORIZED` |
         *     | `/problems/forbidden` | 403 | `INSUFFICIENT_SCOPE`, `USER_AUTHORITY_REQUIRED` or `FORBIDDEN` |
         *     | `/problems/not-found` | 404 | `NOT_FOUND` |
         *     | `/problems/method-not-allowed` | 405 | `METHOD_NOT_ALLOWED` |
         *     | `/problems/request-timeout` | 408 | `REQUEST_TIMEOUT` (the request was not received in time; the connection is closed) |
         *     | `/problems/stale-version` | 409 | `STALE_VERSION` |
         *     | `/problems/idempotency-conflict` | 409 | `IDEMPOTENCY_CONFLICT` |
         *     | `/problems/staff-takeover` | 409 | `STAFF_TAKEOVER` |
         *     | `/problems/near-duplicate` | 409 | `NEAR_DUPLICATE` |
         *     | `/problems/continuation-expired` | 410 | `CONTINUATION_EXPIRED` |
         *     | `/problems/retention-disabled` | 410 | `RETENTION_DISABLED` |
         *     | `/problems/payload-too-large` | 413 | `PAYLOAD_TOO_LARGE` |
         *     | `/problems/unsupported-media-type` | 415 | `UNSUPPORTED_MEDIA_TYPE` |
         *     | `/problems/request-header-fields-too-large` | 431 | `HEADERS_TOO_LARGE` (request headers over the server's 16 KB limit; the connection is closed) |
         *     | `/problems/rate-limited` | 429 | `RATE_LIMITED` |
         *     | `/problems/quota-exceeded` | 429 | `QUOTA_EXCEEDED` |
         *     | `/problems/internal` | 500 | `INTERNAL` |
         *     | `/problems/not-implemented` | 501 | `NOT_IMPLEMENTED` |
         *     | `/problems/search-unavailable` | 503 | `SEARCH_UNAVAILABLE` |
         *     | `/problems/response-unavailable` | 503 | `RESPONSE_UNAVAILABLE` |
         *     | `/problems/service-unavailable` | 503 | `SERVICE_UNAVAILABLE` |
         *
         *     Extension members: `code` (always sent by this server), `retryAfterSeconds` (429 and 503,
         *     equal to the `Retry-After` header), `errors` (validation failures, one entry per failing
         *     location), `choices` (near-duplicate candidates) and `quota` (the per-account quota that
         *     refused a `QUOTA_EXCEEDED`; the same answer's `RateLimit-*` headers describe that quota).
         */
        Problem: {
            /** @description Near-duplicate candidates (`NEAR_DUPLICATE`): existing public events that match the one being published or corrected. Acknowledge an `eventId` in `duplicateAcknowledgements` to publish anyway. */
            choices?: {
                eventId: string;
                /** @description Root-relative path of the event's public read, `/api/v0/events/{slug}`. */
                eventPath: string;
                title: string;
            }[];
            /** @description Stable machine-readable code; see the catalogue above. */
            code?: string;
            /** @description Human-readable explanation of this occurrence (omitted on 5xx). */
            detail?: string;
            /** @description One entry per failing location (validation failures, bearer in query). */
            errors?: components["schemas"]["ProblemFieldError"][];
            /**
             * Format: uri-reference
             * @description Relative URI of the request path that produced the problem.
             */
            instance?: string;
            /** @description `QUOTA_EXCEEDED` only: the per-account quota that refused, as it stands. The answer's `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset` headers describe this quota (not the route-class window), so they agree with `Retry-After`: `remaining` is 0 and `resetAt` is when room comes back. `name`: `live_drafts` (20 unpublished drafts, decisions §4; room comes back when the oldest expires), `posters_per_draft` (20 posters begun on one draft; they stay with it, so room comes back only when the draft expires, `resetAt`; another draft has room of its own), `time_parse_credential_minute`, `time_parse_account_minute`, `time_parse_day`, `time_parse_month` (contract 8.2; UTC windows) or `time_parse_in_flight` (one parse at a time per account). */
            quota?: {
                /** @description The quota's size (an operator may set a time-parse allowance to 0). */
                limit: number;
                /** @enum {string} */
                name: "live_drafts" | "posters_per_draft" | "time_parse_credential_minute" | "time_parse_account_minute" | "time_parse_day" | "time_parse_month" | "time_parse_in_flight";
                remaining: number;
                resetAt: components["schemas"]["EpochMillis"];
            };
            /** @description Seconds to wait before retrying; equal to the `Retry-After` header. */
            retryAfterSeconds?: number;
            /** @description The HTTP status code of this response. */
            status: number;
            /** @description Short human-readable summary of the problem type; constant per `type`. */
            title: string;
            /**
             * Format: uri-reference
             * @description Relative URI identifying the problem type; one of the catalogue above.
             */
            type: string;
        };
        /**
         * ProblemFieldError
         * @description One failing location of a request. Exactly one of `pointer`, `parameter` or `header` names the location, except for a failure of the request as a whole, which names none. For publication-readiness failures of `publishEventIntakeDraft` the pointer addresses the stored draft record instead of the (small) request body, for example `/fields/eventDate`.
         */
        ProblemFieldError: {
            /** @description Name of the failing request header, for example `Idempotency-Key`. */
            header?: string;
            /** @description Human-readable description of the failure. */
            message: string;
            /** @description Name of the failing query or path parameter, for example `limit`. */
            parameter?: string;
            /** @description RFC 6901 JSON Pointer into the request body, for example `/patch/title` or `/patch/lineup/3/start/time`; the empty string addresses the whole body. */
            pointer?: string;
        };
        /**
         * ProfileLinkType
         * @description Typed outbound link kinds. Branded types are checked against their provider's hosts (contract 4.6 rule 4), matched exactly or as a subdomain: `vrchat_profile` vrchat.com; `vrcdn` vrcdn.live, vrcdn.video, vrcdn.cloud; `discord` discord.gg, discord.com, discordapp.com; `soundcloud` soundcloud.com; `mixcloud` mixcloud.com; `twitch` twitch.tv; `youtube` youtube.com, youtu.be; `spotify` spotify.com, spotify.link; `bandcamp` bandcamp.com; `instagram` instagram.com; `linktree` linktr.ee; `gumroad` gumroad.com; `jinxxy` jinxxy.com, jinxxy.app; `payhip` payhip.com; `kofi` ko-fi.com; `patreon` patreon.com. `website`, `other`, `commissions`, `generic_store` and `woocommerce` accept any public HTTPS host.
         * @enum {string}
         */
        ProfileLinkType: "vrchat_profile" | "vrcdn" | "discord" | "soundcloud" | "mixcloud" | "twitch" | "youtube" | "spotify" | "bandcamp" | "instagram" | "linktree" | "website" | "gumroad" | "jinxxy" | "payhip" | "woocommerce" | "kofi" | "patreon" | "commissions" | "generic_store" | "other";
        /**
         * ProfileType
         * @enum {string}
         */
        ProfileType: "person" | "community";
        /**
         * ProvenanceSource
         * @description Where a profile or world record came from.
         */
        ProvenanceSource: {
            label?: string;
            /** @enum {string} */
            sourceType?: "manual" | "owner" | "community" | "partner" | "import" | "moderator" | "ai_suggested";
            submittedAt?: components["schemas"]["EpochMillis"];
            updatedAt?: components["schemas"]["EpochMillis"];
            /** Format: uri */
            url?: string;
        };
        /**
         * PublicActiveWorld
         * @description A world hosting upcoming events, with its next event.
         */
        PublicActiveWorld: {
            /** @constant */
            activityLabel: "Hosting upcoming events";
            displayName: string;
            /** Format: uri */
            heroImageUrl?: string;
            nextEvent: components["schemas"]["PublicEventPreview"];
            slug: string;
            summary?: string;
            tags: string[];
            upcomingEventCount: number;
        };
        /** PublicActiveWorldsResponse */
        PublicActiveWorldsResponse: {
            nextCursor: components["schemas"]["NextCursor"];
            worlds: components["schemas"]["PublicActiveWorld"][];
        };
        /**
         * PublicationState
         * @enum {string}
         */
        PublicationState: "draft_private" | "published";
        /** PublicClaimStatusResponse */
        PublicClaimStatusResponse: {
            claimState: components["schemas"]["ClaimState"];
            displayName: string;
            profileType: components["schemas"]["ProfileType"];
            slug: string;
            trustLabel: components["schemas"]["TrustLabel"];
        };
        /**
         * PublicEvent
         * @description A public event read by slug: every `PublicEventPreview` member plus the detail members (digest `PublicEvent`) and the contract 2.8 readback: effective `watchMode`, typed participant and performer links, per-slot `playbackKey` and optional `stream`. Cancelled and ended events stay readable here; retracted events answer 404. Watch playback is never enabled for a date-only event (`watchSurfaceEnabled` false, no slot times). Open: ignore unknown members.
         */
        PublicEvent: components["schemas"]["PublicEventPreview"] & {
            /** @description The media links as the owner authored them, before derived links are added. */
            authoredMediaLinks?: components["schemas"]["EventMediaLink"][];
            id: string;
            mediaLinks?: components["schemas"]["EventMediaLink"][];
            participants?: components["schemas"]["PublicEventParticipant"][];
            slots?: components["schemas"]["PublicEventSlot"][];
            slug: string;
            /** @default event_stream */
            watchMode: components["schemas"]["WatchMode"];
            watchSurfaceEnabled: boolean;
            worlds?: {
                association: {
                    /** @constant */
                    confirmationState: "confirmed";
                    confirmedAt?: components["schemas"]["EpochMillis"];
                    sourceType: components["schemas"]["EventSourceType"];
                };
                displayName: string;
                /** Format: uri */
                heroImageUrl?: string;
                slug: string;
                summary?: string;
                tags: string[];
            }[];
        };
        /**
         * PublicEventParticipant
         * @description A person linked to the event, with typed outbound links (contract 2.8; unlisted and private links never shown, direct video files kept as roster links). The roster is the owner's `participantLinks` in order; an event without one (intake, seeds) lists its slot performers. Only public person profiles appear.
         */
        PublicEventParticipant: {
            avatarAppearance?: components["schemas"]["AvatarAppearance"];
            displayName: string;
            imageUrl?: components["schemas"]["AbsoluteOrRootRelativeUrl"];
            outboundLinks: components["schemas"]["PublicTypedOutboundLink"][];
            roleLabel: string;
            slug: string;
            source: components["schemas"]["EventSource"];
            trustLabel: components["schemas"]["TrustLabel"];
        };
        /**
         * PublicEventPreview
         * @description An event card in lists, search-adjacent surfaces and world pages: the digest's `PublicEventPreview` plus Marquee's `scheduleKind`, `eventDate` and four-valued `status` (decisions §4). A `timed` event always has `startAt`; a `date_only` event never has `startAt`, `doorsOpenAt`, `endAt` or `nextSlots`. Open: ignore unknown members.
         */
        PublicEventPreview: {
            bannerImageUrl?: components["schemas"]["AbsoluteOrRootRelativeUrl"];
            communityAvatarAppearance?: components["schemas"]["AvatarAppearance"];
            communityImageUrl?: components["schemas"]["AbsoluteOrRootRelativeUrl"];
            communityName?: string;
            communitySlug?: string;
            doorsOpenAt?: components["schemas"]["EpochMillis"];
            endAt?: components["schemas"]["EpochMillis"];
            /**
             * Format: date
             * @description Local calendar date of the event in its time zone (the start date of a timed event); the only schedule information of a date-only event.
             */
            eventDate: string;
            /** @description Up to three relevant upcoming or current slots (contract 2.8). */
            nextSlots?: components["schemas"]["NextSlot"][];
            participantCount?: number;
            posterImageUrl?: components["schemas"]["AbsoluteOrRootRelativeUrl"];
            scheduleKind: components["schemas"]["ScheduleKind"];
            slotCount?: number;
            slug?: string;
            source: components["schemas"]["EventSource"];
            startAt?: components["schemas"]["EpochMillis"];
            status: components["schemas"]["EventStatus"];
            summary?: string;
            thumbnailImageUrl?: components["schemas"]["AbsoluteOrRootRelativeUrl"];
            /** @description IANA time zone of the event. */
            timezone?: string;
            title: string;
            worlds?: {
                displayName: string;
                slug: string;
            }[];
        };
        /**
         * PublicEventSlot
         * @description One lineup slot of an event readback. `playbackKey` is an opaque key, stable while the slot's performer and stream choice stay the same, that players use to switch playback (`performer_sequence`). `stream` is the slot's canonical stream: the explicitly selected one while the performer still offers it as a discovery-visible stream link, or absent. A removed explicit stream (the link deleted, made unlisted or private, or turned into a direct video file) stays unavailable and no other source is substituted, not even another stream link of the same performer (contract 2.8); `streamStatus` tells that case apart from a slot whose stream was never chosen. `startAt`, `endAt` and `discord` are absent for a slot without a time and on every slot of a date-only event.
         */
        PublicEventSlot: {
            /** @description Preformatted Discord timestamp markup for `startAt` (for example `<t:1763758800:t>`); present exactly when `startAt` is. */
            discord?: {
                longDate: string;
                longDateTime: string;
                longTime: string;
                relative: string;
                shortDate: string;
                shortDateTime: string;
                shortTime: string;
            };
            displayLabel: string;
            endAt?: components["schemas"]["EpochMillis"];
            performer?: {
                avatarAppearance?: components["schemas"]["AvatarAppearance"];
                displayName: string;
                imageUrl?: components["schemas"]["AbsoluteOrRootRelativeUrl"];
                outboundLinks: components["schemas"]["PublicTypedOutboundLink"][];
                slug: string;
                trustLabel: components["schemas"]["TrustLabel"];
            };
            playbackKey: string;
            position: number;
            roleLabel: string;
            source: components["schemas"]["EventSource"];
            startAt?: components["schemas"]["EpochMillis"];
            stream?: {
                /** Format: uri */
                pcUrl: string;
                /** Format: uri */
                questUrl: string;
                /** @description Normalized stream id from the performer's discovery-visible links. */
                streamId: string;
            };
            /**
             * @description Present exactly when the owner chose this slot's stream explicitly (`selectedStreamId`): `selected` when `stream` is that choice, `unavailable` when the performer no longer offers it (then `stream` is absent). Absent when no stream was chosen.
             * @enum {string}
             */
            streamStatus?: "selected" | "unavailable";
        };
        /** PublicEventsResponse */
        PublicEventsResponse: {
            events: components["schemas"]["PublicEventPreview"][];
            nextCursor: components["schemas"]["NextCursor"];
        };
        /**
         * PublicOutboundLink
         * @description A discovery-visible outbound link. Unlisted and private links are never included (contract 2.8). `type` is a `ProfileLinkType` value when known, kept a free string here so that new link kinds do not break readers; `source` is the link's provenance (`owner_authored` or `community_submitted`, contract 2.10).
         */
        PublicOutboundLink: {
            destination?: components["schemas"]["LinkDestination"];
            label: string;
            /** @enum {string} */
            labelMode?: "automatic" | "custom";
            source?: string;
            type?: string;
            /** Format: uri */
            url: string;
        };
        /**
         * PublicProfile
         * @description A public person or community profile (digest `PublicProfile`), with the contract's `id` and `updatedAt` (the revision to send as `expectedUpdatedAt`). Marquee also returns the written text fields `headline`, `region`, `timezone`, and the `person` / `community` details. VRDex's `telemetry`, `appearance`, `hostedEvents` and `worldCredits` are not produced. Fields a profile keeps private are omitted. Open: ignore unknown members.
         */
        PublicProfile: {
            aliases?: string[];
            avatarImageUrl?: components["schemas"]["AbsoluteOrRootRelativeUrl"];
            bannerImageUrl?: components["schemas"]["AbsoluteOrRootRelativeUrl"];
            bio?: string;
            community?: {
                categoryTags?: string[];
                subtype?: string;
            };
            displayName: string;
            genres?: {
                displayLabel?: string;
                displayName: string;
                featured?: boolean;
                slug?: string;
            }[];
            headline?: string;
            id: string;
            mediaKit?: components["schemas"]["MediaKit"];
            outboundLinks?: components["schemas"]["PublicOutboundLink"][];
            person?: {
                pronouns?: string;
                roleTags?: string[];
            };
            profileType: components["schemas"]["ProfileType"];
            region?: string;
            slug: string;
            source?: components["schemas"]["ProvenanceSource"];
            tags?: string[];
            timezone?: string;
            trustLabel: components["schemas"]["TrustLabel"];
            /** @description Up to 24 upcoming (scheduled or in progress) events the profile hosts (communities) or performs at (people), soonest first. */
            upcomingEvents?: components["schemas"]["PublicEventPreview"][];
            updatedAt: components["schemas"]["EpochMillis"];
        };
        /** PublicProfileAssetsResponse */
        PublicProfileAssetsResponse: {
            assets: components["schemas"]["MediaAsset"][];
            displayName: string;
            mediaKit?: components["schemas"]["MediaKit"];
            profileType: components["schemas"]["ProfileType"];
            slug: string;
        };
        /** PublicProfileLogosResponse */
        PublicProfileLogosResponse: {
            additionalLogos?: components["schemas"]["MediaAsset"][];
            displayName: string;
            logos: components["schemas"]["MediaAsset"][];
            logoZipUrl?: components["schemas"]["AbsoluteOrRootRelativeUrl"];
            primaryLogo?: components["schemas"]["MediaAsset"];
            profileType: components["schemas"]["ProfileType"];
            slug: string;
        };
        /** PublicSearchResponse */
        PublicSearchResponse: {
            nextCursor: components["schemas"]["NextCursor"];
            /** @description The normalised query that was run (trimmed; empty when `q` was blank or omitted). */
            query: string;
            results: components["schemas"]["PublicSearchResult"][];
            type?: components["schemas"]["PublicSearchType"];
        };
        /**
         * PublicSearchResult
         * @description One search hit, with avatar appearance and trust metadata (contract 4.4). Only discoverable entities are returned: events that are `scheduled` or `in_progress`, and published public profiles and worlds.
         */
        PublicSearchResult: {
            avatarAppearance?: components["schemas"]["AvatarAppearance"];
            /** @enum {string} */
            entityType: "profile" | "world" | "event";
            imageUrl?: components["schemas"]["AbsoluteOrRootRelativeUrl"];
            logoImageUrl?: components["schemas"]["AbsoluteOrRootRelativeUrl"];
            profileImageUrl?: components["schemas"]["AbsoluteOrRootRelativeUrl"];
            profileType?: components["schemas"]["ProfileType"];
            /** @description Root-relative path of the entity's public read, for example `/api/v0/events/{slug}`. */
            routePath: string;
            /** @description Relevance; higher is better. Only comparable within one response. */
            score: number;
            slug: string;
            source?: components["schemas"]["ProvenanceSource"];
            startsAt?: components["schemas"]["EpochMillis"];
            subtitle?: string;
            summary?: string;
            title: string;
            trustLabel?: components["schemas"]["TrustLabel"];
        };
        /**
         * PublicSearchType
         * @description What to search: `all`, `profile` (people and communities), `person`, `community`, `world` or `event`.
         * @enum {string}
         */
        PublicSearchType: "all" | "person" | "community" | "profile" | "world" | "event";
        /**
         * PublicTypedOutboundLink
         * @description A `PublicOutboundLink` that always carries its `type`: the typed participant and performer links of an event readback (contract 2.8). Direct video files appear here as roster links but are never live stream choices.
         */
        PublicTypedOutboundLink: components["schemas"]["PublicOutboundLink"] & {
            type: components["schemas"]["ProfileLinkType"];
        };
        /**
         * PublicWorld
         * @description A published world page. Open; ignore unknown members.
         */
        PublicWorld: {
            /** Format: uri */
            canonicalVrchatWorldUrl?: string;
            /** @description Credited creators; items are open objects whose members are not fixed in v0. */
            creatorAttributions: {
                [key: string]: unknown;
            }[];
            description?: string;
            displayName: string;
            eventContext?: components["schemas"]["PublicWorldEventsResponse"];
            /** Format: uri */
            heroImageUrl?: string;
            media: components["schemas"]["MediaAsset"][];
            outboundLinks: components["schemas"]["PublicOutboundLink"][];
            platformCompatibility: string[];
            slug: string;
            source?: components["schemas"]["ProvenanceSource"];
            summary?: string;
            tags: string[];
            visibilityStatus: string;
            vrchatWorldId?: string;
        };
        /**
         * PublicWorldEventsResponse
         * @description Events linked to a published world: `upcoming` (scheduled and in progress, soonest first) and `recent` (ended in the last 30 days, latest first), at most 24 each. Cancelled and retracted events are not listed.
         */
        PublicWorldEventsResponse: {
            recent: components["schemas"]["WorldEventCard"][];
            upcoming: components["schemas"]["WorldEventCard"][];
        };
        /**
         * Rfc3339Instant
         * Format: date-time
         * @description An RFC 3339 / ISO 8601 instant with seconds and an explicit `Z` or `±hh:mm` offset; fractional seconds optional. Calendar validity (including 29 February) is checked through `format: date-time`.
         */
        Rfc3339Instant: string;
        /**
         * RouteClass
         * @description Rate-limit route classes (contract 8.3; fixed 60-second windows). Launch defaults, per
         *     identity, standard / trusted partner: `anonymous_public_read` 120/120,
         *     `profile_asset_file` 1200/1200, `authenticated_public_read` 600/60000,
         *     `developer_credential_management` 30/30, `oauth_authorize` 60/60, `oauth_token` 30/30,
         *     `oauth_dynamic_client_registration` 10/10, `asset_upload_intent` 30/3000, `public_write`
         *     30/3000, `anonymous_mcp_public_read` 60/60, `authenticated_mcp` 300/30000.
         *
         *     `time_parse` is Marquee's twelfth class: time-parse submissions (REST and web facade),
         *     6 per minute per credential and 6 per minute per account, with no trusted-partner
         *     multiplier (contract 8.2). Its daily (250) and monthly (2000) allowances and the single
         *     in-flight parse are account quotas answered with `QUOTA_EXCEEDED`, not route-class windows.
         *     Polling a continuation counts against `authenticated_public_read`.
         *
         *     Operations carry their class in `x-route-class` (and `x-anonymous-route-class` when an
         *     anonymous call is classified differently). The two upload transports carry the marker
         *     `one_time_token` instead, which is deliberately not a member of this enum: they are
         *     bounded by their single-use token, not by a class window (contract 8.3 rule 6).
         * @enum {string}
         */
        RouteClass: "anonymous_public_read" | "profile_asset_file" | "authenticated_public_read" | "developer_credential_management" | "oauth_authorize" | "oauth_token" | "oauth_dynamic_client_registration" | "asset_upload_intent" | "public_write" | "anonymous_mcp_public_read" | "authenticated_mcp" | "time_parse";
        /**
         * ScheduleKind
         * @description `timed`: the event has a start instant (`startAt`). `date_only`: the event has only an `eventDate`; no `startAt` is given (a midnight time is never synthesised), it has no `nextSlots`, no slot times and no watch playback (contract 2.8).
         * @enum {string}
         */
        ScheduleKind: "timed" | "date_only";
        /**
         * ScheduleTimePoint
         * @description A wall-clock time of a draft or contribution (contract 2.1), interpreted in the event's `timezone` on its `eventDate`. `dayOffset` moves it to another day relative to `eventDate` (for example `1` for an end after midnight). `occurrence` picks the earlier or later instant when the wall time falls in a repeated (fall-back) hour; publication refuses a start in a repeated hour without it, and a start in a skipped (spring-forward) hour.
         * @example {
         *       "time": "21:30"
         *     }
         * @example {
         *       "time": "01:00",
         *       "dayOffset": 1,
         *       "occurrence": "later"
         *     }
         */
        ScheduleTimePoint: {
            /** @description Days after `eventDate` (negative for the day before). Omitted means 0. */
            dayOffset?: number;
            /**
             * @description Which instant of a repeated wall time is meant.
             * @enum {string}
             */
            occurrence?: "earlier" | "later";
            /** @description 24-hour `HH:MM`. */
            time: string;
        };
        /**
         * Scope
         * @description Every scope of the service: exactly the fifteen the contract names (contract 5.15, decisions §2). A superset of nothing else: VRDex-only scopes such as `community:write` or `assets:publish` do not exist here. `time:parse` can only be granted to personal API tokens, never to OAuth clients (see `OAuthScope`).
         * @enum {string}
         */
        Scope: "public:read" | "mcp:read" | "mcp:write" | "events:contribute" | "events:read" | "events:write" | "profile:read" | "profile:write" | "profile:contribute" | "community:read" | "assets:write" | "assets:contribute" | "developer:read" | "developer:write" | "time:parse";
        /**
         * SlotLinkInput
         * @description One timed lineup slot. `selectedStreamId` picks the slot's live stream among the performer's discovery-visible stream links (a normalized stream id; direct video files are not stream choices, 400): `null` clears an explicit choice, omitting it preserves the choice of the existing slot with the same `personSlug` and `startAt` (contract 2.8), without checking it again. A choice needs `personSlug`; candidates are the performer's discovery-visible `vrcdn`, `twitch` and `youtube` stream links, with ids `vrcdn:<name>`, `twitch:<login>` (lower-case) and `youtube:<video id | @handle | channel id>`. `sourceLabel` (and `sourceUrl`) give the slot a source of its own in the readback.
         */
        SlotLinkInput: {
            displayLabel: string;
            endAt?: components["schemas"]["EpochMillis"];
            /** @description Private to the event's managers; never in a public read. */
            notes?: string;
            personSlug?: string;
            roleLabel?: string;
            selectedStreamId?: string | null;
            sourceLabel?: string;
            /** Format: uri */
            sourceUrl?: string;
            startAt: components["schemas"]["EpochMillis"];
        };
        /**
         * TimeCanonical
         * @description Canonical forms of one instant. `zonedDateTime` is the RFC 9557 form with offset and bracketed zone id, for example `2026-11-21T21:00:00-05:00[America/New_York]`. `precision` says how much the expression fixed: `date` (a day; the instant is local 00:00), `time` (a clock time on an implied day), `datetime` (day and time), `relative` (an offset from the reference instant, such as "in 2 hours").
         */
        TimeCanonical: {
            /**
             * Format: date-time
             * @description The instant in UTC, for example `2026-11-22T02:00:00Z`.
             */
            isoInstant: string;
            /** @enum {string} */
            precision: "date" | "time" | "datetime" | "relative";
            /** @description IANA zone the instant was interpreted in. */
            timeZone: string;
            /**
             * @description Lowercase English weekday of the local date in `timeZone`.
             * @enum {string}
             */
            weekday: "monday" | "tuesday" | "wednesday" | "thursday" | "friday" | "saturday" | "sunday";
            zonedDateTime: string;
        };
        /**
         * TimeParseAlternative
         * @description One safe reading offered with a clarification question. `range` is present when `kind` is `time_range`; `epoch` and `canonical` then repeat its start.
         */
        TimeParseAlternative: {
            canonical: components["schemas"]["TimeCanonical"];
            confidence: number;
            /** @description Unix seconds. */
            epoch: number;
            /** @enum {string} */
            kind: "instant" | "time_range";
            /** @description Human-readable description of this reading, for example "Saturday 29 Nov, 21:00 EST". */
            label: string;
            range?: components["schemas"]["TimeRange"];
        };
        /**
         * TimeParseMethod
         * @description How a resolved result was produced. `rule_plan`: Marquee's deterministic planner, the only method in v0 (VRDex's `trained_plan` is never produced). New values may be added.
         * @enum {string}
         */
        TimeParseMethod: "rule_plan";
        /**
         * TimeParseNeedsClarification
         * @description The expression is ambiguous; ask the user `question`, offering `alternatives` (zero or more safe readings, at most 10). Never treat this as a timestamp (contract 4.10 rule 6).
         */
        TimeParseNeedsClarification: {
            alternatives: components["schemas"]["TimeParseAlternative"][];
            question: string;
            requestId: string;
            /** @constant */
            status: "needs_clarification";
        };
        /**
         * TimeParseNoPlan
         * @description No safe interpretation: no time expression, numbers that are not times, a zone alone, or impossible values. Never treat this as a timestamp.
         */
        TimeParseNoPlan: {
            /** @description Human-readable reason. */
            reason: string;
            requestId: string;
            /** @constant */
            status: "no_plan";
        };
        /**
         * TimeParsePending
         * @description The job was accepted but is not finished (HTTP 202). Poll `GET /api/v0/time/parse/{continuationToken}` no sooner than `retryAfterSeconds`, until `expiresAt` (15 minutes after acceptance).
         */
        TimeParsePending: {
            /** @description 32 random bytes in base64url (43 characters); a bearer-like secret of the submitting account. */
            continuationToken: string;
            estimatedWaitSeconds: number;
            /** @description When the continuation expires (ISO 8601 instant, UTC). */
            expiresAt: components["schemas"]["Rfc3339Instant"];
            requestId: string;
            retryAfterSeconds: number;
            /** @constant */
            status: "pending";
        };
        /**
         * TimeParseRequest
         * @description A time expression to interpret (contract 2.9). Without `referenceInstant` the time the request was accepted is stored with the job and used, so polls and retries keep the meaning of relative phrases. `locale` decides day/month order and language; `country` and `subdivision` select holidays and settle ambiguous zone abbreviations.
         */
        TimeParseRequest: {
            /** @description ISO 3166-1 alpha-2 country code, upper case. Holidays are those of this country (from a maintained holiday calendar); when it is omitted, the locale's region is used (`en-US` → US), and without either a holiday name is asked about. */
            country?: string;
            /** @description BCP 47 language tag. Its language is read besides English (German, French, Spanish, Portuguese and Japanese; other languages are read as English). Numeric dates are day first except in `en-US`, `en` and Japanese, Chinese and Korean (month first); in `en-CA` and `fr-CA`, and without a locale, an ambiguous numeric date such as `3/4` is asked about. */
            locale?: string;
            referenceInstant?: components["schemas"]["Rfc3339Instant"];
            /** @description `false` opts this request out of retention: the expression and its keyed hash are removed when the job completes, fails or expires. Omitted follows the account default. */
            retainInput?: boolean;
            /** @description ISO 3166-2 subdivision code without the country prefix, for example `BY` or `CA`. */
            subdivision?: string;
            /** @description The expression, at most 500 characters (contract 4.10 rule 1); longer is 400. There is no minimum length (decisions 5.1): an empty or whitespace-only text (spaces, tabs, line breaks, no-break and ideographic spaces), emoji alone, punctuation alone or chatter with no time is a normal request that answers 200 `no_plan` with a `reason`, never 400. Such a request is accepted like any other parse and uses one quota unit: the quota counts accepted submissions (contract 8.2), whatever the text turns out to hold, so the text cannot be used to submit without counting, and clients learn to skip empty input by themselves. */
            text: string;
            /**
             * @description IANA time zone of the speaker (400 when unknown).
             * @default America/New_York
             */
            timeZone: string;
        };
        /**
         * TimeParseResolvedInstant
         * @description The expression names one instant.
         */
        TimeParseResolvedInstant: {
            /** @description Human-readable assumptions made, possibly empty (for example a wrong-season zone abbreviation read as civil time). */
            assumptions: string[];
            canonical: components["schemas"]["TimeCanonical"];
            confidence: number;
            /** @description Unix seconds. Build chat timestamp markup from this on the client. */
            epoch: number;
            /** @constant */
            kind: "instant";
            method: components["schemas"]["TimeParseMethod"];
            requestId: string;
            /** @constant */
            status: "resolved";
        };
        /**
         * TimeParseResolvedRange
         * @description The expression names a time range. `epoch` and `canonical`, when present, repeat `range.start` for clients that only handle instants.
         */
        TimeParseResolvedRange: {
            assumptions: string[];
            canonical?: components["schemas"]["TimeCanonical"];
            confidence: number;
            /** @description Unix seconds of `range.start`. */
            epoch?: number;
            /** @constant */
            kind: "time_range";
            method: components["schemas"]["TimeParseMethod"];
            range: components["schemas"]["TimeRange"];
            requestId: string;
            /** @constant */
            status: "resolved";
        };
        /**
         * TimeParseResult
         * @description A completed parse, told apart by `status` (and `kind` for `resolved`): a resolved instant, a resolved time range, `needs_clarification` or `no_plan` (decisions §5). Only `resolved` carries a timestamp.
         */
        TimeParseResult: components["schemas"]["TimeParseResolvedInstant"] | components["schemas"]["TimeParseResolvedRange"] | components["schemas"]["TimeParseNeedsClarification"] | components["schemas"]["TimeParseNoPlan"];
        /**
         * TimeRange
         * @description An ordered range: `end` is after `start` (an end clock time not after the start moves to the next day). Vague periods are ranges, for example "tonight" 18:00–24:00.
         */
        TimeRange: {
            end: components["schemas"]["TimeRangeBound"];
            start: components["schemas"]["TimeRangeBound"];
        };
        /**
         * TimeRangeBound
         * @description One end of a time range.
         */
        TimeRangeBound: {
            canonical: components["schemas"]["TimeCanonical"];
            /** @description Unix seconds. */
            epoch: number;
        };
        /**
         * TrustLabel
         * @description Public trust label: `community_submitted` for a profile published through `submitCommunityProfile` and not yet claimed, otherwise the claim state.
         * @enum {string}
         */
        TrustLabel: "community_submitted" | "unclaimed" | "claimed_unverified" | "claimed_verified";
        /**
         * UploadMimeType
         * @description Image types accepted for profile assets (contract 2.11); at most 12582912 bytes.
         * @enum {string}
         */
        UploadMimeType: "image/png" | "image/svg+xml" | "image/jpeg" | "image/webp";
        /**
         * WatchMode
         * @description `event_stream`: one stream for the whole event. `performer_sequence`: each slot plays its performer's selected stream.
         * @enum {string}
         */
        WatchMode: "event_stream" | "performer_sequence";
        /**
         * WorldEventCard
         * @description An event in a world's context. Like `PublicEventPreview`, a `date_only` event has no `startAt`.
         */
        WorldEventCard: {
            /** Format: uri */
            bannerImageUrl?: string;
            communityName?: string;
            doorsOpenAt?: components["schemas"]["EpochMillis"];
            endAt?: components["schemas"]["EpochMillis"];
            /** Format: date */
            eventDate: string;
            mediaLinks: components["schemas"]["EventMediaLink"][];
            /** Format: uri */
            posterImageUrl?: string;
            scheduleKind: components["schemas"]["ScheduleKind"];
            slug?: string;
            source: components["schemas"]["EventSource"];
            startAt?: components["schemas"]["EpochMillis"];
            status: components["schemas"]["EventStatus"];
            summary?: string;
            /** Format: uri */
            thumbnailImageUrl?: string;
            timezone?: string;
            title: string;
            worldAssociation: {
                /** @constant */
                confirmationState: "confirmed";
            };
        };
    };
    responses: {
        /** @description The request is invalid. `type` is one of `/problems/validation-failed` (`VALIDATION_FAILED`: a parameter, header or body does not match this contract, or a business rule on the input failed; `errors` lists each failure), `/problems/malformed-request` (`MALFORMED_REQUEST`: the body is not parseable JSON or multipart, the path is not valid percent-encoded UTF-8, or the request carries more than one `Authorization` credential — two header lines or comma-joined credentials; RFC 6750 §3.1 `invalid_request`) or `/problems/bearer-in-query` (`BEARER_IN_QUERY`: a credential was sent in a URL query parameter; contract 4.1 and 5.2). */
        BadRequest: {
            headers: {
                "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description The write conflicts with the current state; nothing changed. `type`/`code` is one of `/problems/stale-version` (`STALE_VERSION`: `expectedVersion` or `expectedUpdatedAt` is not the current revision; re-read and retry), `/problems/idempotency-conflict` (`IDEMPOTENCY_CONFLICT`: an idempotency key was reused with different input), `/problems/staff-takeover` (`STAFF_TAKEOVER`: staff has taken the event over; contributor updates and retraction answer this even with a fresh revision) or `/problems/near-duplicate` (`NEAR_DUPLICATE`: the event matches existing events, listed in `choices`; acknowledge their ids in `duplicateAcknowledgements` to proceed). */
        Conflict: {
            headers: {
                "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description `/problems/forbidden`. `code` says why: `INSUFFICIENT_SCOPE` (the credential lacks the operation's scope; a `WWW-Authenticate` insufficient_scope challenge is sent too), `USER_AUTHORITY_REQUIRED` (anonymous, community-owned or client-credentials credential on a route that needs user authority, contract 5.10; intake and contribution routes answer 401 instead) or `FORBIDDEN` (the user lacks authority over this object, for example a profile claimed by someone else, an event of a community the caller does not own, or a time-API account without the beta grant). */
        Forbidden: {
            headers: {
                "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description The continuation no longer retrieves its job: `/problems/continuation-expired` (`CONTINUATION_EXPIRED`: more than 15 minutes after acceptance) or `/problems/retention-disabled` (`RETENTION_DISABLED`: the account turned retention off, which deletes retained expressions and results). Submit the expression again for a new job. */
        Gone: {
            headers: {
                "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description `/problems/not-found` (`NOT_FOUND`): no such resource visible to this caller. Unpublished, suppressed, retracted and other users' private objects answer the same way, so existence is not revealed. */
        NotFound: {
            headers: {
                "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description Not modified; the representation matching `If-None-Match` is still current. */
        NotModified: {
            headers: {
                "Cache-Control": components["headers"]["Cache-Control"];
                ETag: components["headers"]["ETag"];
                [name: string]: unknown;
            };
            content?: never;
        };
        /** @description Any other problem, always `application/problem+json`: 405 `/problems/method-not-allowed` (with an `Allow` header), 413 `/problems/payload-too-large`, 415 `/problems/unsupported-media-type`, 500 `/problems/internal` (no detail, never a stack trace or credential), 501 `/problems/not-implemented`, or a status listed on the operation when the server answers it without a more specific declaration. See the `Problem` schema for the full catalogue. */
        ProblemDefault: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description A dependency is unavailable; retry after `Retry-After` seconds. `/problems/response-unavailable` (`RESPONSE_UNAVAILABLE`, event intake and contribution: the outcome is unknown, so read the draft or record before retrying and keep the publication key and version, contract 4.2 rule 3), `/problems/search-unavailable` (`SEARCH_UNAVAILABLE`, search backend down) or `/problems/service-unavailable` (`SERVICE_UNAVAILABLE`, for example the time-parse worker pool is saturated or the time API is disabled by configuration). */
        ServiceUnavailable: {
            headers: {
                "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                "Retry-After": components["headers"]["Retry-After"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description `/problems/rate-limited` (`RATE_LIMITED`): the route-class window for this identity is exhausted (contract 8.3), or `/problems/quota-exceeded` (`QUOTA_EXCEEDED`): a per-account quota is exhausted (time-parse minute/day/month allowance or its single in-flight parse, contract 8.2; the 20-live-drafts limit of event intake). `retryAfterSeconds` repeats `Retry-After`. The RateLimit headers describe the limit that refused: the route-class window for `RATE_LIMITED`, the quota named in the problem's `quota` member for `QUOTA_EXCEEDED`. */
        TooManyRequests: {
            headers: {
                "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                "Retry-After": components["headers"]["Retry-After"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description `/problems/unauthorized` (`UNAUTHORIZED`): the bearer credential is malformed, unknown, revoked, expired or issued for another resource, or the route needs a credential and none was sent (for the web facade: no valid signed-in session). On event-intake and contribution routes a valid credential without user authority (community-owned token, client-credentials token) also answers 401 (contract 7). On public reads this is only answered when an invalid bearer is supplied; omit the header to read anonymously. The answer never reveals whether a private or suppressed object exists (contract 5.17). */
        Unauthorized: {
            headers: {
                "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
    };
    parameters: {
        /** @description Worlds per page, 1 to 6, default 6. Out-of-range values answer 400. */
        ActiveWorldLimit: number;
        /** @description Id of a public profile asset. */
        AssetId: string;
        /** @description The application's `clientId`. */
        ClientId: string;
        /** @description The `continuationToken` of a pending time-parse result (43 base64url characters). */
        ContinuationToken: string;
        /** @description Opaque cursor from a previous page's `nextCursor`; omit for the first page. Send it with the same other parameters. Malformed or foreign cursors answer 400 `VALIDATION_FAILED`. */
        Cursor: string;
        /** @description Id of one of the caller's intake drafts. */
        DraftId: string;
        /** @description Events per page, 1 to 24, default 12. Out-of-range values answer 400. */
        EventListLimit: number;
        /** @description Optional client-chosen key that makes a retry safe. For the same account, a repeat with the same key and an identical request replays the first result without a second effect (or quota unit); the same key with a different request answers 409 `IDEMPOTENCY_CONFLICT`. Keys are scoped to the account and the operation. On `submitCommunityProfile` and `createCurrentUserCommunityEvent` a key is remembered for 24 hours; on time parsing for the 15-minute continuation window, after which it may be reused for a new job. */
        IdempotencyKey: string;
        /** @description One or more entity tags from earlier `ETag` headers (or `*`); when one matches, the answer is 304 Not Modified without a body (RFC 9110 §13.1.2). */
        IfNoneMatch: string;
        /** @description Include revoked credentials in the list. Default `false` (active only). */
        IncludeRevoked: boolean;
        /** @description Id of a profile asset upload intent (`intentId` of the create response). */
        IntentId: string;
        /** @description Page size for owner inventories and developer credential lists: 1 to 100, default 50. A value outside the bounds answers 400 `VALIDATION_FAILED` (never silently clamped). */
        InventoryLimit: number;
        /** @description Results per page, 1 to 50, default 20. Out-of-range values answer 400. */
        SearchLimit: number;
        /** @description A client secret's `secretId`, as `activeSecrets` lists it and the secret create answers return it. */
        SecretId: string;
        /** @description Slug of the resource. Marquee generates `^[a-z0-9]+(?:-[a-z0-9]+)*$` slugs of at most 64 characters; up to 160 characters are accepted so that longer links answer 404, not 400. */
        Slug: string;
        /** @description Id of a personal API token (`ApiTokenSummary.id`). */
        TokenId: string;
        /** @description The `uploadToken` of the upload intent (the header name is the intent's `uploadTokenHeader`). A missing header answers 403; a wrong token answers 404 like an unknown intent. */
        UploadToken: string;
    };
    requestBodies: never;
    headers: {
        /** @description Public reads answered to anonymous callers are `public, max-age=0, must-revalidate` (kept, but revalidated with `If-None-Match` before every reuse); answers to authenticated callers and answers about the caller are `private, no-store`. Files, archives and calendar feeds state their own (`public, max-age=300`). */
        "Cache-Control": string;
        /** @description Strong validator of the representation. Send it back in `If-None-Match` to get 304 Not Modified while it is unchanged. */
        ETag: string;
        /** @description Absolute URL of the continuation resource to poll (`{base_url}/api/v0/time/parse/{continuationToken}`), built from the configured public base URL. */
        Location: string;
        /** @description Requests allowed in the current window of the limit that governs this answer (contract 8.3 rule 9): the route class's fixed 60-second window for this identity; on time-parse submissions the account's tightest time quota (minute, day or month, contract 8.2); on a `QUOTA_EXCEEDED` refusal the quota that refused (see the problem's `quota` member). Sent on every response of a rate-limited route (every route except the two one-time-token upload transports) and readable under CORS. */
        "RateLimit-Limit": number;
        /** @description Requests still allowed in the current window of the limit `RateLimit-Limit` describes; 0 on every 429. Sent on every response of a rate-limited route; readable under CORS. */
        "RateLimit-Remaining": number;
        /** @description When the window of the limit `RateLimit-Limit` describes resets (room comes back), as a Unix timestamp in **seconds** (contract 8.3 rule 9); on a 429 it is `Retry-After` seconds from now. Note that body fields such as `resetAt` are epoch milliseconds; this header is not. Sent on every response of a rate-limited route; readable under CORS. */
        "RateLimit-Reset": number;
        /** @description Minimum number of seconds to wait before retrying (429, 503) or before polling a pending time-parse job (202). Always the integer delay-seconds form, at least 1; never an HTTP date. */
        "Retry-After": number;
        /** @description RFC 6750 bearer challenge, for example `Bearer realm="marquee", error="invalid_token"` on 401 or `Bearer error="insufficient_scope", scope="events:contribute"` on a 403 for a missing scope. Sent on every 401 of a bearer-authenticated route; absent for the session-cookie facade. Readable under CORS. */
        "WWW-Authenticate": string;
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    parseTemporalExpressionWebSession: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional client-chosen key that makes a retry safe. For the same account, a repeat with the same key and an identical request replays the first result without a second effect (or quota unit); the same key with a different request answers 409 `IDEMPOTENCY_CONFLICT`. Keys are scoped to the account and the operation. On `submitCommunityProfile` and `createCurrentUserCommunityEvent` a key is remembered for 24 hours; on time parsing for the 15-minute continuation window, after which it may be reused for a new job. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TimeParseRequest"];
            };
        };
        responses: {
            /** @description The parse result. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TimeParseResult"];
                };
            };
            /** @description Accepted and pending; repeat the request with the same `Idempotency-Key` after `Retry-After` seconds. */
            202: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TimeParsePending"];
                };
            };
            400: components["responses"]["BadRequest"];
            /** @description No valid signed-in session. */
            401: components["responses"]["Unauthorized"];
            /** @description `FORBIDDEN`: missing or cross-origin `Origin`, unverified e-mail, or no time-API grant. */
            403: components["responses"]["Forbidden"];
            /** @description `IDEMPOTENCY_CONFLICT`: the `Idempotency-Key` was used by this account within 15 minutes for a different request. */
            409: components["responses"]["Conflict"];
            /** @description `RATE_LIMITED` (`time_parse` window: 6 a minute per credential and per account) or `QUOTA_EXCEEDED` (250 a UTC day, 2000 a UTC month, or a parse already in flight for this account). */
            429: components["responses"]["TooManyRequests"];
            /** @description `SERVICE_UNAVAILABLE`: the time API is disabled by configuration or the parser pool is saturated. */
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["ProblemDefault"];
        };
    };
    getPublicClaimStatus: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Slug of the resource. Marquee generates `^[a-z0-9]+(?:-[a-z0-9]+)*$` slugs of at most 64 characters; up to 160 characters are accepted so that longer links answer 404, not 400. */
                slug: components["parameters"]["Slug"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The claim status. */
            200: {
                headers: {
                    "Cache-Control": components["headers"]["Cache-Control"];
                    ETag: components["headers"]["ETag"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PublicClaimStatusResponse"];
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["ProblemDefault"];
        };
    };
    getPublicCommunityProfileBySlug: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Slug of the resource. Marquee generates `^[a-z0-9]+(?:-[a-z0-9]+)*$` slugs of at most 64 characters; up to 160 characters are accepted so that longer links answer 404, not 400. */
                slug: components["parameters"]["Slug"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The community profile. */
            200: {
                headers: {
                    "Cache-Control": components["headers"]["Cache-Control"];
                    ETag: components["headers"]["ETag"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PublicProfile"];
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["ProblemDefault"];
        };
    };
    getPublicCommunityCalendar: {
        parameters: {
            query?: never;
            header?: {
                /** @description One or more entity tags from earlier `ETag` headers (or `*`); when one matches, the answer is 304 Not Modified without a body (RFC 9110 §13.1.2). */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
            };
            path: {
                /** @description Slug of the resource. Marquee generates `^[a-z0-9]+(?:-[a-z0-9]+)*$` slugs of at most 64 characters; up to 160 characters are accepted so that longer links answer 404, not 400. */
                slug: components["parameters"]["Slug"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The community calendar feed. */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "text/calendar": string;
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["ProblemDefault"];
        };
    };
    listPublicCommunityEvents: {
        parameters: {
            query?: {
                /** @description Opaque cursor from a previous page's `nextCursor`; omit for the first page. Send it with the same other parameters. Malformed or foreign cursors answer 400 `VALIDATION_FAILED`. */
                cursor?: components["parameters"]["Cursor"];
                /** @description Events per page, 1 to 24, default 12. Out-of-range values answer 400. */
                limit?: components["parameters"]["EventListLimit"];
            };
            header?: never;
            path: {
                /** @description Slug of the resource. Marquee generates `^[a-z0-9]+(?:-[a-z0-9]+)*$` slugs of at most 64 characters; up to 160 characters are accepted so that longer links answer 404, not 400. */
                slug: components["parameters"]["Slug"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of the community's upcoming events. */
            200: {
                headers: {
                    "Cache-Control": components["headers"]["Cache-Control"];
                    ETag: components["headers"]["ETag"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PublicEventsResponse"];
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["ProblemDefault"];
        };
    };
    listCurrentDeveloperOAuthApps: {
        parameters: {
            query?: {
                /** @description Opaque cursor from a previous page's `nextCursor`; omit for the first page. Send it with the same other parameters. Malformed or foreign cursors answer 400 `VALIDATION_FAILED`. */
                cursor?: components["parameters"]["Cursor"];
                /** @description Include revoked credentials in the list. Default `false` (active only). */
                includeRevoked?: components["parameters"]["IncludeRevoked"];
                /** @description Page size for owner inventories and developer credential lists: 1 to 100, default 50. A value outside the bounds answers 400 `VALIDATION_FAILED` (never silently clamped). */
                limit?: components["parameters"]["InventoryLimit"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of application summaries. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeveloperOAuthAppsResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["ProblemDefault"];
        };
    };
    createCurrentDeveloperOAuthApp: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DeveloperOAuthAppCreateRequest"];
            };
        };
        responses: {
            /** @description The new application (and its secret, for confidential clients). */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeveloperOAuthAppCreateResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            /** @description Missing scope or user authority, or the caller does not actively own the community of `ownerCommunitySlug`. */
            403: components["responses"]["Forbidden"];
            /** @description No such community for `ownerCommunitySlug`. */
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["ProblemDefault"];
        };
    };
    revokeCurrentDeveloperOAuthApp: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The application's `clientId`. */
                clientId: components["parameters"]["ClientId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The revoked application. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeveloperOAuthAppResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["ProblemDefault"];
        };
    };
    updateCurrentDeveloperOAuthApp: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The application's `clientId`. */
                clientId: components["parameters"]["ClientId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DeveloperOAuthAppUpdateRequest"];
            };
        };
        responses: {
            /** @description The updated application. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeveloperOAuthAppResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["ProblemDefault"];
        };
    };
    createCurrentDeveloperOAuthAppSecret: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The application's `clientId`. */
                clientId: components["parameters"]["ClientId"];
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["DeveloperOAuthAppSecretCreateRequest"];
            };
        };
        responses: {
            /** @description The application and its new secret, shown this once. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeveloperOAuthAppSecretCreateResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["ProblemDefault"];
        };
    };
    revokeCurrentDeveloperOAuthAppSecret: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The application's `clientId`. */
                clientId: components["parameters"]["ClientId"];
                /** @description A client secret's `secretId`, as `activeSecrets` lists it and the secret create answers return it. */
                secretId: components["parameters"]["SecretId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The application, without the revoked secret. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeveloperOAuthAppResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["ProblemDefault"];
        };
    };
    listCurrentDeveloperApiTokens: {
        parameters: {
            query?: {
                /** @description Opaque cursor from a previous page's `nextCursor`; omit for the first page. Send it with the same other parameters. Malformed or foreign cursors answer 400 `VALIDATION_FAILED`. */
                cursor?: components["parameters"]["Cursor"];
                /** @description Include revoked credentials in the list. Default `false` (active only). */
                includeRevoked?: components["parameters"]["IncludeRevoked"];
                /** @description Page size for owner inventories and developer credential lists: 1 to 100, default 50. A value outside the bounds answers 400 `VALIDATION_FAILED` (never silently clamped). */
                limit?: components["parameters"]["InventoryLimit"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of token summaries. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeveloperTokensResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["ProblemDefault"];
        };
    };
    createCurrentDeveloperApiToken: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DeveloperTokenCreateRequest"];
            };
        };
        responses: {
            /** @description The new token and its raw value, shown this once. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeveloperTokenCreateResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["ProblemDefault"];
        };
    };
    revokeCurrentDeveloperApiToken: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Id of a personal API token (`ApiTokenSummary.id`). */
                tokenId: components["parameters"]["TokenId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The revoked token's metadata. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeveloperTokenResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["ProblemDefault"];
        };
    };
    listEventIntakeDrafts: {
        parameters: {
            query?: {
                /** @description Opaque cursor from a previous page's `nextCursor`; omit for the first page. Send it with the same other parameters. Malformed or foreign cursors answer 400 `VALIDATION_FAILED`. */
                cursor?: components["parameters"]["Cursor"];
                /** @description Page size for owner inventories and developer credential lists: 1 to 100, default 50. A value outside the bounds answers 400 `VALIDATION_FAILED` (never silently clamped). */
                limit?: components["parameters"]["InventoryLimit"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of draft summaries. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EventIntakeDraftsResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            /** @description The drafts could not be read (`SERVICE_UNAVAILABLE`: the database is unavailable); retry after `Retry-After`. */
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["ProblemDefault"];
        };
    };
    saveEventIntakeDraft: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["EventIntakeSaveRequest"];
            };
        };
        responses: {
            /** @description The draft id and its new version. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EventIntakeSaveResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            /** @description `STALE_VERSION`: `expectedVersion` is not the draft's current version, or the draft has already been published (published drafts are read-only; correct the event through its contribution route). */
            409: components["responses"]["Conflict"];
            /** @description `RATE_LIMITED` (`public_write` window) or `QUOTA_EXCEEDED` (20 live drafts). */
            429: components["responses"]["TooManyRequests"];
            /** @description The outcome is unknown (`RESPONSE_UNAVAILABLE`): read the draft before retrying, and keep the publication key and version (contract 4.2 rule 3). */
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["ProblemDefault"];
        };
    };
    getEventIntakeDraft: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Id of one of the caller's intake drafts. */
                draftId: components["parameters"]["DraftId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The draft record. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DraftRecord"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            /** @description The draft could not be read (`RESPONSE_UNAVAILABLE`); retry after `Retry-After`. */
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["ProblemDefault"];
        };
    };
    updateEventIntakeDraft: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Id of one of the caller's intake drafts. */
                draftId: components["parameters"]["DraftId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["EventIntakeUpdateRequest"];
            };
        };
        responses: {
            /** @description The draft id and its new version. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EventIntakeSaveResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            /** @description `STALE_VERSION`: `expectedVersion` is stale, or the draft has been published. */
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            /** @description The outcome is unknown (`RESPONSE_UNAVAILABLE`): read the draft before retrying, and keep the publication key and version (contract 4.2 rule 3). */
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["ProblemDefault"];
        };
    };
    selectEventIntakeArtwork: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Id of one of the caller's intake drafts. */
                draftId: components["parameters"]["DraftId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ArtworkSelectRequest"];
            };
        };
        responses: {
            /** @description The artwork asset id and the draft's new version. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ArtworkSelectResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            /** @description No such draft, or no completed poster upload with that id on this draft. */
            404: components["responses"]["NotFound"];
            /** @description `STALE_VERSION`: `expectedVersion` is stale, or the draft has been published. */
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            /** @description The outcome is unknown (`RESPONSE_UNAVAILABLE`): read the draft before retrying, and keep the publication key and version (contract 4.2 rule 3). */
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["ProblemDefault"];
        };
    };
    extractEventIntakeDraft: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Id of one of the caller's intake drafts. */
                draftId: components["parameters"]["DraftId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["EventIntakeExtractRequest"];
            };
        };
        responses: {
            /** @description The extraction result. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ExtractionResult"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            /** @description Extraction is unavailable (`RESPONSE_UNAVAILABLE`); retry after `Retry-After`. The draft is unchanged. */
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["ProblemDefault"];
        };
    };
    beginEventIntakePosterUpload: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Id of one of the caller's intake drafts. */
                draftId: components["parameters"]["DraftId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PosterDeclaration"];
            };
        };
        responses: {
            /** @description The poster asset id and where to send the bytes. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PosterUploadBeginResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            /** @description Upload storage is unavailable (`RESPONSE_UNAVAILABLE`); retry after `Retry-After`. */
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["ProblemDefault"];
        };
    };
    completeEventIntakePosterUpload: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Id of one of the caller's intake drafts. */
                draftId: components["parameters"]["DraftId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PosterUploadCompleteRequest"];
            };
        };
        responses: {
            /** @description The completed poster asset id. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PosterUploadCompleteResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            /** @description No such draft, or no such poster upload of this draft (or its transfer expired). */
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            /** @description The outcome is unknown (`RESPONSE_UNAVAILABLE`): read the draft before retrying, and keep the publication key and version (contract 4.2 rule 3). */
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["ProblemDefault"];
        };
    };
    publishEventIntakeDraft: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Id of one of the caller's intake drafts. */
                draftId: components["parameters"]["DraftId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["EventIntakePublishRequest"];
            };
        };
        responses: {
            /** @description The published event (or the replayed result of an earlier identical publish). */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EventIntakePublishResponse"];
                };
            };
            /** @description `VALIDATION_FAILED`: the request, or the draft is not ready to publish (pointers address the draft record, e.g. `/fields/eventDate`). */
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            /** @description `STALE_VERSION` (stale `expectedVersion`), `IDEMPOTENCY_CONFLICT` (the draft was published with another version or key, or the key was used for another draft) or `NEAR_DUPLICATE` (matching events of the same community on the same day are listed in `choices`; add their ids to the draft's `duplicateAcknowledgements` and publish again). */
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            /** @description The outcome is unknown (`RESPONSE_UNAVAILABLE`): read the draft before retrying, and keep the publication key and version (contract 4.2 rule 3). */
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["ProblemDefault"];
        };
    };
    createCurrentUserCommunityEvent: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional client-chosen key that makes a retry safe. For the same account, a repeat with the same key and an identical request replays the first result without a second effect (or quota unit); the same key with a different request answers 409 `IDEMPOTENCY_CONFLICT`. Keys are scoped to the account and the operation. On `submitCommunityProfile` and `createCurrentUserCommunityEvent` a key is remembered for 24 hours; on time parsing for the 15-minute continuation window, after which it may be reused for a new job. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ApiEventCreateRequest"];
            };
        };
        responses: {
            /** @description The created event. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiEventWriteResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            /** @description Missing scope or user authority, or the caller does not actively own the community. */
            403: components["responses"]["Forbidden"];
            /** @description No such community for `communitySlug`. */
            404: components["responses"]["NotFound"];
            /** @description `IDEMPOTENCY_CONFLICT`: the `Idempotency-Key` was used with a different body. */
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["ProblemDefault"];
        };
    };
    getPublicEventBySlug: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Slug of the resource. Marquee generates `^[a-z0-9]+(?:-[a-z0-9]+)*$` slugs of at most 64 characters; up to 160 characters are accepted so that longer links answer 404, not 400. */
                slug: components["parameters"]["Slug"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The event. */
            200: {
                headers: {
                    "Cache-Control": components["headers"]["Cache-Control"];
                    ETag: components["headers"]["ETag"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PublicEvent"];
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["ProblemDefault"];
        };
    };
    updateCurrentUserCommunityEvent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Slug of the resource. Marquee generates `^[a-z0-9]+(?:-[a-z0-9]+)*$` slugs of at most 64 characters; up to 160 characters are accepted so that longer links answer 404, not 400. */
                slug: components["parameters"]["Slug"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ApiEventUpdateRequest"];
            };
        };
        responses: {
            /** @description The updated event. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiEventWriteResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            /** @description Missing scope or user authority, or the caller does not own the event's current community (or the target community when moving it). */
            403: components["responses"]["Forbidden"];
            /** @description No such event, or no such community for `communitySlug`. */
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["ProblemDefault"];
        };
    };
    downloadPublicEventArtwork: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Slug of the resource. Marquee generates `^[a-z0-9]+(?:-[a-z0-9]+)*$` slugs of at most 64 characters; up to 160 characters are accepted so that longer links answer 404, not 400. */
                slug: components["parameters"]["Slug"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The artwork bytes. */
            200: {
                headers: {
                    "Cache-Control": components["headers"]["Cache-Control"];
                    ETag: components["headers"]["ETag"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "image/webp": string;
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            /** @description No such public event, or it has no artwork. */
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["ProblemDefault"];
        };
    };
    getPublicEventCalendar: {
        parameters: {
            query?: never;
            header?: {
                /** @description One or more entity tags from earlier `ETag` headers (or `*`); when one matches, the answer is 304 Not Modified without a body (RFC 9110 §13.1.2). */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
            };
            path: {
                /** @description Slug of the resource. Marquee generates `^[a-z0-9]+(?:-[a-z0-9]+)*$` slugs of at most 64 characters; up to 160 characters are accepted so that longer links answer 404, not 400. */
                slug: components["parameters"]["Slug"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The event calendar. */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "text/calendar": string;
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["ProblemDefault"];
        };
    };
    getEventContribution: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Slug of the resource. Marquee generates `^[a-z0-9]+(?:-[a-z0-9]+)*$` slugs of at most 64 characters; up to 160 characters are accepted so that longer links answer 404, not 400. */
                slug: components["parameters"]["Slug"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The event contribution record. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EventContributionRecord"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["ProblemDefault"];
        };
    };
    retractEventContribution: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Slug of the resource. Marquee generates `^[a-z0-9]+(?:-[a-z0-9]+)*$` slugs of at most 64 characters; up to 160 characters are accepted so that longer links answer 404, not 400. */
                slug: components["parameters"]["Slug"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The event id and whether this call retracted it. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EventContributionRetractResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            /** @description No such event, or an event retracted by someone else. */
            404: components["responses"]["NotFound"];
            /** @description `STAFF_TAKEOVER`: staff has taken the event over; it cannot be retracted by its contributor. */
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            /** @description The outcome is unknown (`RESPONSE_UNAVAILABLE`): read the record (404 once retracted) before retrying. */
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["ProblemDefault"];
        };
    };
    updateEventContribution: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Slug of the resource. Marquee generates `^[a-z0-9]+(?:-[a-z0-9]+)*$` slugs of at most 64 characters; up to 160 characters are accepted so that longer links answer 404, not 400. */
                slug: components["parameters"]["Slug"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["EventContributionUpdateRequest"];
            };
        };
        responses: {
            /** @description The event id, its new revision and whether anything changed. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EventContributionUpdateResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            /** @description `STALE_VERSION` (stale `expectedUpdatedAt`: re-read and retry), `STAFF_TAKEOVER` (staff has taken the event over; answered even with a fresh revision) or `NEAR_DUPLICATE` (the corrected title or date matches existing events listed in `choices`; acknowledge them in `duplicateAcknowledgements`). */
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            /** @description The outcome is unknown (`RESPONSE_UNAVAILABLE`): read the record before retrying. */
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["ProblemDefault"];
        };
    };
    getPublicEventsCalendar: {
        parameters: {
            query?: never;
            header?: {
                /** @description One or more entity tags from earlier `ETag` headers (or `*`); when one matches, the answer is 304 Not Modified without a body (RFC 9110 §13.1.2). */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The calendar feed. */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "text/calendar": string;
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["ProblemDefault"];
        };
    };
    listPublicUpcomingEvents: {
        parameters: {
            query?: {
                /** @description Opaque cursor from a previous page's `nextCursor`; omit for the first page. Send it with the same other parameters. Malformed or foreign cursors answer 400 `VALIDATION_FAILED`. */
                cursor?: components["parameters"]["Cursor"];
                /** @description Events per page, 1 to 24, default 12. Out-of-range values answer 400. */
                limit?: components["parameters"]["EventListLimit"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of upcoming events. */
            200: {
                headers: {
                    "Cache-Control": components["headers"]["Cache-Control"];
                    ETag: components["headers"]["ETag"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PublicEventsResponse"];
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["ProblemDefault"];
        };
    };
    getCurrentApiCaller: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The calling credential and its current window. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiMeResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["ProblemDefault"];
        };
    };
    listCurrentApiUserCommunities: {
        parameters: {
            query?: {
                /** @description Opaque cursor from a previous page's `nextCursor`; omit for the first page. Send it with the same other parameters. Malformed or foreign cursors answer 400 `VALIDATION_FAILED`. */
                cursor?: components["parameters"]["Cursor"];
                /** @description Page size for owner inventories and developer credential lists: 1 to 100, default 50. A value outside the bounds answers 400 `VALIDATION_FAILED` (never silently clamped). */
                limit?: components["parameters"]["InventoryLimit"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of summaries. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiMeCommunitiesResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["ProblemDefault"];
        };
    };
    listCurrentApiUserContributions: {
        parameters: {
            query?: {
                /** @description Opaque cursor from a previous page's `nextCursor`; omit for the first page. Send it with the same other parameters. Malformed or foreign cursors answer 400 `VALIDATION_FAILED`. */
                cursor?: components["parameters"]["Cursor"];
                /** @description Page size for owner inventories and developer credential lists: 1 to 100, default 50. A value outside the bounds answers 400 `VALIDATION_FAILED` (never silently clamped). */
                limit?: components["parameters"]["InventoryLimit"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of contribution summaries. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiMeContributionsResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            /** @description The contributions could not be read (`SERVICE_UNAVAILABLE`: the database is unavailable); retry after `Retry-After`. */
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["ProblemDefault"];
        };
    };
    listCurrentApiUserEvents: {
        parameters: {
            query?: {
                /** @description Opaque cursor from a previous page's `nextCursor`; omit for the first page. Send it with the same other parameters. Malformed or foreign cursors answer 400 `VALIDATION_FAILED`. */
                cursor?: components["parameters"]["Cursor"];
                /** @description Page size for owner inventories and developer credential lists: 1 to 100, default 50. A value outside the bounds answers 400 `VALIDATION_FAILED` (never silently clamped). */
                limit?: components["parameters"]["InventoryLimit"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of summaries. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiMeEventsResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["ProblemDefault"];
        };
    };
    listCurrentApiUserProfiles: {
        parameters: {
            query?: {
                /** @description Opaque cursor from a previous page's `nextCursor`; omit for the first page. Send it with the same other parameters. Malformed or foreign cursors answer 400 `VALIDATION_FAILED`. */
                cursor?: components["parameters"]["Cursor"];
                /** @description Page size for owner inventories and developer credential lists: 1 to 100, default 50. A value outside the bounds answers 400 `VALIDATION_FAILED` (never silently clamped). */
                limit?: components["parameters"]["InventoryLimit"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of summaries. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiMeProfilesResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["ProblemDefault"];
        };
    };
    getOpenApiDocument: {
        parameters: {
            query?: never;
            header?: {
                /** @description One or more entity tags from earlier `ETag` headers (or `*`); when one matches, the answer is 304 Not Modified without a body (RFC 9110 §13.1.2). */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The OpenAPI document. */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        [key: string]: unknown;
                    };
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["ProblemDefault"];
        };
    };
    getOpenApiYamlDocument: {
        parameters: {
            query?: never;
            header?: {
                /** @description One or more entity tags from earlier `ETag` headers (or `*`); when one matches, the answer is 304 Not Modified without a body (RFC 9110 §13.1.2). */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The OpenAPI document. */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/yaml": string;
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["ProblemDefault"];
        };
    };
    getPublicPersonProfileBySlug: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Slug of the resource. Marquee generates `^[a-z0-9]+(?:-[a-z0-9]+)*$` slugs of at most 64 characters; up to 160 characters are accepted so that longer links answer 404, not 400. */
                slug: components["parameters"]["Slug"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The person profile. */
            200: {
                headers: {
                    "Cache-Control": components["headers"]["Cache-Control"];
                    ETag: components["headers"]["ETag"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PublicProfile"];
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["ProblemDefault"];
        };
    };
    listPublicPersonEvents: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Slug of the resource. Marquee generates `^[a-z0-9]+(?:-[a-z0-9]+)*$` slugs of at most 64 characters; up to 160 characters are accepted so that longer links answer 404, not 400. */
                slug: components["parameters"]["Slug"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The person's upcoming events. */
            200: {
                headers: {
                    "Cache-Control": components["headers"]["Cache-Control"];
                    ETag: components["headers"]["ETag"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PublicEventsResponse"];
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["ProblemDefault"];
        };
    };
    completeProfileAssetUploadIntent: {
        parameters: {
            query?: never;
            header: {
                /** @description The `uploadToken` of the upload intent (the header name is the intent's `uploadTokenHeader`). A missing header answers 403; a wrong token answers 404 like an unknown intent. */
                "x-service-upload-token": components["parameters"]["UploadToken"];
            };
            path: {
                /** @description Id of a profile asset upload intent (`intentId` of the create response). */
                intentId: components["parameters"]["IntentId"];
            };
            cookie?: never;
        };
        /** @description The image for a direct upload; omit the body for a `sourceUrl` import. */
        requestBody?: {
            content: {
                "multipart/form-data": {
                    /**
                     * Format: binary
                     * @description PNG, SVG, JPEG or WebP bytes, at most 12582912, matching the intent's `mimeType` (and `byteSize` when given).
                     */
                    file: string;
                };
            };
        };
        responses: {
            /** @description The stored asset. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiProfileAssetUploadIntentCompleteResponse"];
                };
            };
            /** @description The file is missing for a direct-upload intent, present for an import intent, undecodable, or does not match the intent's type or size; or the import URL could not be fetched as an accepted image. */
            400: components["responses"]["BadRequest"];
            /** @description `FORBIDDEN`: the `x-service-upload-token` header is missing, or an `Authorization` header was sent (it is refused, never used; an invalid bearer answers 401 first, as on every route). */
            403: components["responses"]["Forbidden"];
            /** @description Unknown or expired intent, a wrong upload token, or an intent spent by five refused completions: one answer for all, so the answer reveals nothing about the intent. */
            404: components["responses"]["NotFound"];
            /** @description `IDEMPOTENCY_CONFLICT`: the single-use intent has already been consumed or is being processed (by a concurrent request). Nothing was stored by this request. */
            409: components["responses"]["Conflict"];
            default: components["responses"]["ProblemDefault"];
        };
    };
    probeProfileAssetUploadStorage: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Storage is configured and reachable. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiProfileAssetStorageProbeResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            /** @description Storage is not reachable (or not configured); the body is the probe result, not a problem, so monitors can read it. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiProfileAssetStorageProbeResponse"];
                };
            };
            default: components["responses"]["ProblemDefault"];
        };
    };
    submitCommunityProfile: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional client-chosen key that makes a retry safe. For the same account, a repeat with the same key and an identical request replays the first result without a second effect (or quota unit); the same key with a different request answers 409 `IDEMPOTENCY_CONFLICT`. Keys are scoped to the account and the operation. On `submitCommunityProfile` and `createCurrentUserCommunityEvent` a key is remembered for 24 hours; on time parsing for the 15-minute continuation window, after which it may be reused for a new job. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ApiProfileSubmitRequest"];
            };
        };
        responses: {
            /** @description The new profile. */
            201: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiProfileWriteResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            /** @description `IDEMPOTENCY_CONFLICT`: the `Idempotency-Key` was used with a different body. */
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["ProblemDefault"];
        };
    };
    getPublicProfileBySlug: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Slug of the resource. Marquee generates `^[a-z0-9]+(?:-[a-z0-9]+)*$` slugs of at most 64 characters; up to 160 characters are accepted so that longer links answer 404, not 400. */
                slug: components["parameters"]["Slug"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The profile. */
            200: {
                headers: {
                    "Cache-Control": components["headers"]["Cache-Control"];
                    ETag: components["headers"]["ETag"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PublicProfile"];
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["ProblemDefault"];
        };
    };
    updateCurrentUserProfile: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Slug of the resource. Marquee generates `^[a-z0-9]+(?:-[a-z0-9]+)*$` slugs of at most 64 characters; up to 160 characters are accepted so that longer links answer 404, not 400. */
                slug: components["parameters"]["Slug"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ApiProfileUpdateRequest"];
            };
        };
        responses: {
            /** @description The updated profile's identity, visibility and new revision. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiProfileWriteResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            /** @description `INSUFFICIENT_SCOPE` (no `profile:write`, or a non-owner without `profile:contribute`), `USER_AUTHORITY_REQUIRED`, or `FORBIDDEN` (claimed by someone else, or a field this writer may not edit). */
            403: components["responses"]["Forbidden"];
            /** @description `NOT_FOUND`: no profile with this slug, or another user's profile that is not public (draft, opted out, suppressed or archived); the two answers are identical. */
            404: components["responses"]["NotFound"];
            /** @description `STALE_VERSION`: `expectedUpdatedAt` is not the profile's current `updatedAt`; re-read and retry. */
            409: components["responses"]["Conflict"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["ProblemDefault"];
        };
    };
    getPublicProfileAssets: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Slug of the resource. Marquee generates `^[a-z0-9]+(?:-[a-z0-9]+)*$` slugs of at most 64 characters; up to 160 characters are accepted so that longer links answer 404, not 400. */
                slug: components["parameters"]["Slug"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The profile's assets and media kit. */
            200: {
                headers: {
                    "Cache-Control": components["headers"]["Cache-Control"];
                    ETag: components["headers"]["ETag"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PublicProfileAssetsResponse"];
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["ProblemDefault"];
        };
    };
    downloadPublicProfileAssetFile: {
        parameters: {
            query?: never;
            header?: {
                /** @description One or more entity tags from earlier `ETag` headers (or `*`); when one matches, the answer is 304 Not Modified without a body (RFC 9110 §13.1.2). */
                "If-None-Match"?: components["parameters"]["IfNoneMatch"];
            };
            path: {
                /** @description Id of a public profile asset. */
                assetId: components["parameters"]["AssetId"];
                /** @description Slug of the resource. Marquee generates `^[a-z0-9]+(?:-[a-z0-9]+)*$` slugs of at most 64 characters; up to 160 characters are accepted so that longer links answer 404, not 400. */
                slug: components["parameters"]["Slug"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The asset bytes. */
            200: {
                headers: {
                    /** @description `public, max-age=300`. */
                    "Cache-Control"?: string;
                    /** @description `inline; filename="<slug>-<label or asset id>.<ext>"` (ASCII). */
                    "Content-Disposition"?: string;
                    /** @description No script, fetch or navigation; SVG additionally allows inline styles and `data:` images. */
                    "Content-Security-Policy"?: string;
                    ETag: components["headers"]["ETag"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    /** @description Always `nosniff`. */
                    "X-Content-Type-Options"?: "nosniff";
                    [name: string]: unknown;
                };
                content: {
                    "image/jpeg": string;
                    "image/png": string;
                    "image/svg+xml": string;
                    "image/webp": string;
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            /** @description No such public profile, or no such active public asset of it (unknown, hidden and other profiles' assets answer alike). */
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["ProblemDefault"];
        };
    };
    createCurrentUserProfileAssetUploadIntent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Slug of the resource. Marquee generates `^[a-z0-9]+(?:-[a-z0-9]+)*$` slugs of at most 64 characters; up to 160 characters are accepted so that longer links answer 404, not 400. */
                slug: components["parameters"]["Slug"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ApiProfileAssetUploadIntentCreateRequest"];
            };
        };
        responses: {
            /** @description The upload intent and its one-time token. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiProfileAssetUploadIntentCreateResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            /** @description Missing scope or user authority, or the profile is unclaimed or not actively owned by the caller. */
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["ProblemDefault"];
        };
    };
    getPublicProfileLogos: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Slug of the resource. Marquee generates `^[a-z0-9]+(?:-[a-z0-9]+)*$` slugs of at most 64 characters; up to 160 characters are accepted so that longer links answer 404, not 400. */
                slug: components["parameters"]["Slug"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The profile's logos. */
            200: {
                headers: {
                    "Cache-Control": components["headers"]["Cache-Control"];
                    ETag: components["headers"]["ETag"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PublicProfileLogosResponse"];
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["ProblemDefault"];
        };
    };
    downloadPublicProfileLogosZip: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Slug of the resource. Marquee generates `^[a-z0-9]+(?:-[a-z0-9]+)*$` slugs of at most 64 characters; up to 160 characters are accepted so that longer links answer 404, not 400. */
                slug: components["parameters"]["Slug"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The ZIP archive. */
            200: {
                headers: {
                    /** @description `public, max-age=300`. */
                    "Cache-Control"?: string;
                    /** @description `attachment; filename="<slug>-logos.zip"`. */
                    "Content-Disposition"?: string;
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/zip": string;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            /** @description No such public profile, or it has no logos. */
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["ProblemDefault"];
        };
    };
    searchPublicCatalog: {
        parameters: {
            query?: {
                /** @description Opaque cursor from a previous page's `nextCursor`; omit for the first page. Send it with the same other parameters. Malformed or foreign cursors answer 400 `VALIDATION_FAILED`. */
                cursor?: components["parameters"]["Cursor"];
                /** @description Results per page, 1 to 50, default 20. Out-of-range values answer 400. */
                limit?: components["parameters"]["SearchLimit"];
                /** @description Search text; trimmed. Blank or omitted returns an empty result list. */
                q?: string;
                /** @description Restrict results to one kind of entity. Default `all`. */
                type?: components["schemas"]["PublicSearchType"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of search results. */
            200: {
                headers: {
                    "Cache-Control": components["headers"]["Cache-Control"];
                    ETag: components["headers"]["ETag"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PublicSearchResponse"];
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            /** @description `SEARCH_UNAVAILABLE`: the search backend is unavailable; retry after `Retry-After`. */
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["ProblemDefault"];
        };
    };
    parseTemporalExpression: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional client-chosen key that makes a retry safe. For the same account, a repeat with the same key and an identical request replays the first result without a second effect (or quota unit); the same key with a different request answers 409 `IDEMPOTENCY_CONFLICT`. Keys are scoped to the account and the operation. On `submitCommunityProfile` and `createCurrentUserCommunityEvent` a key is remembered for 24 hours; on time parsing for the 15-minute continuation window, after which it may be reused for a new job. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TimeParseRequest"];
            };
        };
        responses: {
            /** @description The parse result. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TimeParseResult"];
                };
            };
            /** @description Accepted and pending; poll the `Location` no sooner than `Retry-After` seconds. */
            202: {
                headers: {
                    Location: components["headers"]["Location"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TimeParsePending"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            /** @description `INSUFFICIENT_SCOPE` (no `time:parse`), `USER_AUTHORITY_REQUIRED` (community-owned token) or `FORBIDDEN` (OAuth access token, unverified e-mail, or no beta grant). */
            403: components["responses"]["Forbidden"];
            /** @description `IDEMPOTENCY_CONFLICT`: the `Idempotency-Key` was used by this account within 15 minutes for a different request. */
            409: components["responses"]["Conflict"];
            /** @description `RATE_LIMITED` (`time_parse` window: 6 a minute per credential and per account) or `QUOTA_EXCEEDED` (250 a UTC day, 2000 a UTC month, or a parse already in flight for this account). */
            429: components["responses"]["TooManyRequests"];
            /** @description `SERVICE_UNAVAILABLE`: the time API is disabled by configuration or the parser pool is saturated. */
            503: components["responses"]["ServiceUnavailable"];
            default: components["responses"]["ProblemDefault"];
        };
    };
    getTemporalParseContinuation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The `continuationToken` of a pending time-parse result (43 base64url characters). */
                continuationToken: components["parameters"]["ContinuationToken"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The parse result. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TimeParseResult"];
                };
            };
            /** @description Still pending; poll again no sooner than `Retry-After` seconds. */
            202: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TimeParsePending"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            /** @description Unknown continuation token, or a token of another account (indistinguishable). */
            404: components["responses"]["NotFound"];
            /** @description `CONTINUATION_EXPIRED` (more than 15 minutes after acceptance) or `RETENTION_DISABLED` (the account turned retention off before the continuation expired). */
            410: components["responses"]["Gone"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["ProblemDefault"];
        };
    };
    getApiRateLimitUsage: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The policy table and the caller's current window. */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiRateLimitUsageResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["ProblemDefault"];
        };
    };
    getPublicWorldBySlug: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Slug of the resource. Marquee generates `^[a-z0-9]+(?:-[a-z0-9]+)*$` slugs of at most 64 characters; up to 160 characters are accepted so that longer links answer 404, not 400. */
                slug: components["parameters"]["Slug"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The world. */
            200: {
                headers: {
                    "Cache-Control": components["headers"]["Cache-Control"];
                    ETag: components["headers"]["ETag"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PublicWorld"];
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["ProblemDefault"];
        };
    };
    getPublicWorldEventsBySlug: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Slug of the resource. Marquee generates `^[a-z0-9]+(?:-[a-z0-9]+)*$` slugs of at most 64 characters; up to 160 characters are accepted so that longer links answer 404, not 400. */
                slug: components["parameters"]["Slug"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The world's recent and upcoming events. */
            200: {
                headers: {
                    "Cache-Control": components["headers"]["Cache-Control"];
                    ETag: components["headers"]["ETag"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PublicWorldEventsResponse"];
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["ProblemDefault"];
        };
    };
    listPublicActiveWorlds: {
        parameters: {
            query?: {
                /** @description Opaque cursor from a previous page's `nextCursor`; omit for the first page. Send it with the same other parameters. Malformed or foreign cursors answer 400 `VALIDATION_FAILED`. */
                cursor?: components["parameters"]["Cursor"];
                /** @description Worlds per page, 1 to 6, default 6. Out-of-range values answer 400. */
                limit?: components["parameters"]["ActiveWorldLimit"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of active worlds. */
            200: {
                headers: {
                    "Cache-Control": components["headers"]["Cache-Control"];
                    ETag: components["headers"]["ETag"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PublicActiveWorldsResponse"];
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            default: components["responses"]["ProblemDefault"];
        };
    };
    uploadPosterToStorage: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /**
                     * @description The declared poster type from `transfer.fields`.
                     * @enum {string}
                     */
                    "Content-Type": "image/png" | "image/jpeg" | "image/webp";
                    /**
                     * Format: binary
                     * @description The poster bytes, at most 12582912.
                     */
                    file: string;
                    /** @description Storage key from `transfer.fields`. */
                    key: string;
                    /** @description Base64url policy document from `transfer.fields`. */
                    policy: string;
                    /** @description HMAC signature of `policy` from `transfer.fields`. */
                    signature: string;
                };
            };
        };
        responses: {
            /** @description Stored. Call `completeEventIntakePosterUpload` next. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The form is malformed, a policy field is missing or changed, or the file's length or type does not match the policy (`VALIDATION_FAILED`). */
            400: components["responses"]["BadRequest"];
            /** @description `FORBIDDEN`: the signature is invalid, the policy has expired or the upload is no longer pending, or the request carries an `Authorization` header (no API credential is ever sent here; an invalid bearer answers 401 first). */
            403: components["responses"]["Forbidden"];
            default: components["responses"]["ProblemDefault"];
        };
    };
}
