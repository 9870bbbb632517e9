// Generated from openapi.yaml by `make generate`. Do not edit.
export const scopes = ["public:read","mcp:read","mcp:write","events:contribute","events:read","events:write","profile:read","profile:write","profile:contribute","community:read","assets:write","assets:contribute","developer:read","developer:write","time:parse"] as const;
export type Scope = (typeof scopes)[number];

export const routeClasses = ["anonymous_public_read","profile_asset_file","authenticated_public_read","developer_credential_management","oauth_authorize","oauth_token","oauth_dynamic_client_registration","asset_upload_intent","public_write","anonymous_mcp_public_read","authenticated_mcp","time_parse"] as const;
export type RouteClass = (typeof routeClasses)[number];

export interface OperationMeta {
  method: string;
  path: string;
  routeClass: RouteClass | 'one_time_token';
  anonymousRouteClass: RouteClass | null;
  userAuthority: boolean;
  userAuthorityStatus: 401 | 403;
  anonymous: boolean;
  security: readonly Readonly<Record<string, readonly string[]>>[];
  requestContentTypes: readonly string[];
  requestBodyRequired: boolean;
}

export const operations = {
  "beginEventIntakePosterUpload": {
    "method": "post",
    "path": "/api/v0/event-intake/{draftId}/poster-upload/begin",
    "routeClass": "public_write",
    "anonymousRouteClass": null,
    "userAuthority": true,
    "userAuthorityStatus": 401,
    "anonymous": false,
    "security": [
      {
        "bearerAuth": [
          "events:contribute"
        ]
      },
      {
        "oauth2": [
          "events:contribute"
        ]
      }
    ],
    "requestContentTypes": [
      "application/json"
    ],
    "requestBodyRequired": true
  },
  "completeEventIntakePosterUpload": {
    "method": "post",
    "path": "/api/v0/event-intake/{draftId}/poster-upload/complete",
    "routeClass": "public_write",
    "anonymousRouteClass": null,
    "userAuthority": true,
    "userAuthorityStatus": 401,
    "anonymous": false,
    "security": [
      {
        "bearerAuth": [
          "events:contribute"
        ]
      },
      {
        "oauth2": [
          "events:contribute"
        ]
      }
    ],
    "requestContentTypes": [
      "application/json"
    ],
    "requestBodyRequired": true
  },
  "completeProfileAssetUploadIntent": {
    "method": "post",
    "path": "/api/v0/profile-assets/upload-intents/{intentId}",
    "routeClass": "one_time_token",
    "anonymousRouteClass": null,
    "userAuthority": false,
    "userAuthorityStatus": 403,
    "anonymous": true,
    "security": [],
    "requestContentTypes": [
      "multipart/form-data"
    ],
    "requestBodyRequired": false
  },
  "createCurrentDeveloperApiToken": {
    "method": "post",
    "path": "/api/v0/developer/tokens",
    "routeClass": "developer_credential_management",
    "anonymousRouteClass": null,
    "userAuthority": true,
    "userAuthorityStatus": 403,
    "anonymous": false,
    "security": [
      {
        "bearerAuth": [
          "developer:write"
        ]
      },
      {
        "oauth2": [
          "developer:write"
        ]
      }
    ],
    "requestContentTypes": [
      "application/json"
    ],
    "requestBodyRequired": true
  },
  "createCurrentDeveloperOAuthApp": {
    "method": "post",
    "path": "/api/v0/developer/oauth-apps",
    "routeClass": "developer_credential_management",
    "anonymousRouteClass": null,
    "userAuthority": true,
    "userAuthorityStatus": 403,
    "anonymous": false,
    "security": [
      {
        "bearerAuth": [
          "developer:write"
        ]
      },
      {
        "oauth2": [
          "developer:write"
        ]
      }
    ],
    "requestContentTypes": [
      "application/json"
    ],
    "requestBodyRequired": true
  },
  "createCurrentDeveloperOAuthAppSecret": {
    "method": "post",
    "path": "/api/v0/developer/oauth-apps/{clientId}/secrets",
    "routeClass": "developer_credential_management",
    "anonymousRouteClass": null,
    "userAuthority": true,
    "userAuthorityStatus": 403,
    "anonymous": false,
    "security": [
      {
        "bearerAuth": [
          "developer:write"
        ]
      },
      {
        "oauth2": [
          "developer:write"
        ]
      }
    ],
    "requestContentTypes": [
      "application/json"
    ],
    "requestBodyRequired": false
  },
  "createCurrentUserCommunityEvent": {
    "method": "post",
    "path": "/api/v0/events",
    "routeClass": "public_write",
    "anonymousRouteClass": null,
    "userAuthority": true,
    "userAuthorityStatus": 403,
    "anonymous": false,
    "security": [
      {
        "bearerAuth": [
          "events:write"
        ]
      },
      {
        "oauth2": [
          "events:write"
        ]
      }
    ],
    "requestContentTypes": [
      "application/json"
    ],
    "requestBodyRequired": true
  },
  "createCurrentUserProfileAssetUploadIntent": {
    "method": "post",
    "path": "/api/v0/profiles/{slug}/assets/upload-intent",
    "routeClass": "asset_upload_intent",
    "anonymousRouteClass": null,
    "userAuthority": true,
    "userAuthorityStatus": 403,
    "anonymous": false,
    "security": [
      {
        "bearerAuth": [
          "assets:write"
        ]
      },
      {
        "oauth2": [
          "assets:write"
        ]
      }
    ],
    "requestContentTypes": [
      "application/json"
    ],
    "requestBodyRequired": true
  },
  "downloadPublicEventArtwork": {
    "method": "get",
    "path": "/api/v0/events/{slug}/artwork",
    "routeClass": "profile_asset_file",
    "anonymousRouteClass": "profile_asset_file",
    "userAuthority": false,
    "userAuthorityStatus": 403,
    "anonymous": true,
    "security": [
      {},
      {
        "bearerAuth": [
          "public:read"
        ]
      },
      {
        "oauth2": [
          "public:read"
        ]
      }
    ],
    "requestContentTypes": [],
    "requestBodyRequired": false
  },
  "downloadPublicProfileAssetFile": {
    "method": "get",
    "path": "/api/v0/profiles/{slug}/assets/{assetId}/file",
    "routeClass": "profile_asset_file",
    "anonymousRouteClass": "profile_asset_file",
    "userAuthority": false,
    "userAuthorityStatus": 403,
    "anonymous": true,
    "security": [
      {},
      {
        "bearerAuth": [
          "public:read"
        ]
      },
      {
        "oauth2": [
          "public:read"
        ]
      }
    ],
    "requestContentTypes": [],
    "requestBodyRequired": false
  },
  "downloadPublicProfileLogosZip": {
    "method": "get",
    "path": "/api/v0/profiles/{slug}/logos.zip",
    "routeClass": "authenticated_public_read",
    "anonymousRouteClass": "anonymous_public_read",
    "userAuthority": false,
    "userAuthorityStatus": 403,
    "anonymous": true,
    "security": [
      {},
      {
        "bearerAuth": [
          "public:read"
        ]
      },
      {
        "oauth2": [
          "public:read"
        ]
      }
    ],
    "requestContentTypes": [],
    "requestBodyRequired": false
  },
  "extractEventIntakeDraft": {
    "method": "post",
    "path": "/api/v0/event-intake/{draftId}/extract",
    "routeClass": "public_write",
    "anonymousRouteClass": null,
    "userAuthority": true,
    "userAuthorityStatus": 401,
    "anonymous": false,
    "security": [
      {
        "bearerAuth": [
          "events:contribute"
        ]
      },
      {
        "oauth2": [
          "events:contribute"
        ]
      }
    ],
    "requestContentTypes": [
      "application/json"
    ],
    "requestBodyRequired": true
  },
  "getApiRateLimitUsage": {
    "method": "get",
    "path": "/api/v0/usage/rate-limit",
    "routeClass": "authenticated_public_read",
    "anonymousRouteClass": "anonymous_public_read",
    "userAuthority": false,
    "userAuthorityStatus": 403,
    "anonymous": true,
    "security": [
      {},
      {
        "bearerAuth": [
          "public:read"
        ]
      },
      {
        "oauth2": [
          "public:read"
        ]
      }
    ],
    "requestContentTypes": [],
    "requestBodyRequired": false
  },
  "getCurrentApiCaller": {
    "method": "get",
    "path": "/api/v0/me",
    "routeClass": "authenticated_public_read",
    "anonymousRouteClass": null,
    "userAuthority": false,
    "userAuthorityStatus": 403,
    "anonymous": false,
    "security": [
      {
        "bearerAuth": []
      },
      {
        "oauth2": []
      }
    ],
    "requestContentTypes": [],
    "requestBodyRequired": false
  },
  "getEventContribution": {
    "method": "get",
    "path": "/api/v0/events/{slug}/contribution",
    "routeClass": "authenticated_public_read",
    "anonymousRouteClass": null,
    "userAuthority": true,
    "userAuthorityStatus": 401,
    "anonymous": false,
    "security": [
      {
        "bearerAuth": [
          "events:contribute"
        ]
      },
      {
        "oauth2": [
          "events:contribute"
        ]
      }
    ],
    "requestContentTypes": [],
    "requestBodyRequired": false
  },
  "getEventIntakeDraft": {
    "method": "get",
    "path": "/api/v0/event-intake/{draftId}",
    "routeClass": "authenticated_public_read",
    "anonymousRouteClass": null,
    "userAuthority": true,
    "userAuthorityStatus": 401,
    "anonymous": false,
    "security": [
      {
        "bearerAuth": [
          "events:contribute"
        ]
      },
      {
        "oauth2": [
          "events:contribute"
        ]
      }
    ],
    "requestContentTypes": [],
    "requestBodyRequired": false
  },
  "getOpenApiDocument": {
    "method": "get",
    "path": "/api/v0/openapi.json",
    "routeClass": "authenticated_public_read",
    "anonymousRouteClass": "anonymous_public_read",
    "userAuthority": false,
    "userAuthorityStatus": 403,
    "anonymous": true,
    "security": [
      {},
      {
        "bearerAuth": [
          "public:read"
        ]
      },
      {
        "oauth2": [
          "public:read"
        ]
      }
    ],
    "requestContentTypes": [],
    "requestBodyRequired": false
  },
  "getOpenApiYamlDocument": {
    "method": "get",
    "path": "/api/v0/openapi.yaml",
    "routeClass": "authenticated_public_read",
    "anonymousRouteClass": "anonymous_public_read",
    "userAuthority": false,
    "userAuthorityStatus": 403,
    "anonymous": true,
    "security": [
      {},
      {
        "bearerAuth": [
          "public:read"
        ]
      },
      {
        "oauth2": [
          "public:read"
        ]
      }
    ],
    "requestContentTypes": [],
    "requestBodyRequired": false
  },
  "getPublicClaimStatus": {
    "method": "get",
    "path": "/api/v0/claims/{slug}/status",
    "routeClass": "authenticated_public_read",
    "anonymousRouteClass": "anonymous_public_read",
    "userAuthority": false,
    "userAuthorityStatus": 403,
    "anonymous": true,
    "security": [
      {},
      {
        "bearerAuth": [
          "public:read"
        ]
      },
      {
        "oauth2": [
          "public:read"
        ]
      }
    ],
    "requestContentTypes": [],
    "requestBodyRequired": false
  },
  "getPublicCommunityCalendar": {
    "method": "get",
    "path": "/api/v0/communities/{slug}/calendar.ics",
    "routeClass": "authenticated_public_read",
    "anonymousRouteClass": "anonymous_public_read",
    "userAuthority": false,
    "userAuthorityStatus": 403,
    "anonymous": true,
    "security": [
      {},
      {
        "bearerAuth": [
          "public:read"
        ]
      },
      {
        "oauth2": [
          "public:read"
        ]
      }
    ],
    "requestContentTypes": [],
    "requestBodyRequired": false
  },
  "getPublicCommunityProfileBySlug": {
    "method": "get",
    "path": "/api/v0/communities/{slug}",
    "routeClass": "authenticated_public_read",
    "anonymousRouteClass": "anonymous_public_read",
    "userAuthority": false,
    "userAuthorityStatus": 403,
    "anonymous": true,
    "security": [
      {},
      {
        "bearerAuth": [
          "public:read"
        ]
      },
      {
        "oauth2": [
          "public:read"
        ]
      }
    ],
    "requestContentTypes": [],
    "requestBodyRequired": false
  },
  "getPublicEventBySlug": {
    "method": "get",
    "path": "/api/v0/events/{slug}",
    "routeClass": "authenticated_public_read",
    "anonymousRouteClass": "anonymous_public_read",
    "userAuthority": false,
    "userAuthorityStatus": 403,
    "anonymous": true,
    "security": [
      {},
      {
        "bearerAuth": [
          "public:read"
        ]
      },
      {
        "oauth2": [
          "public:read"
        ]
      }
    ],
    "requestContentTypes": [],
    "requestBodyRequired": false
  },
  "getPublicEventCalendar": {
    "method": "get",
    "path": "/api/v0/events/{slug}/calendar.ics",
    "routeClass": "authenticated_public_read",
    "anonymousRouteClass": "anonymous_public_read",
    "userAuthority": false,
    "userAuthorityStatus": 403,
    "anonymous": true,
    "security": [
      {},
      {
        "bearerAuth": [
          "public:read"
        ]
      },
      {
        "oauth2": [
          "public:read"
        ]
      }
    ],
    "requestContentTypes": [],
    "requestBodyRequired": false
  },
  "getPublicEventsCalendar": {
    "method": "get",
    "path": "/api/v0/events/calendar.ics",
    "routeClass": "authenticated_public_read",
    "anonymousRouteClass": "anonymous_public_read",
    "userAuthority": false,
    "userAuthorityStatus": 403,
    "anonymous": true,
    "security": [
      {},
      {
        "bearerAuth": [
          "public:read"
        ]
      },
      {
        "oauth2": [
          "public:read"
        ]
      }
    ],
    "requestContentTypes": [],
    "requestBodyRequired": false
  },
  "getPublicPersonProfileBySlug": {
    "method": "get",
    "path": "/api/v0/people/{slug}",
    "routeClass": "authenticated_public_read",
    "anonymousRouteClass": "anonymous_public_read",
    "userAuthority": false,
    "userAuthorityStatus": 403,
    "anonymous": true,
    "security": [
      {},
      {
        "bearerAuth": [
          "public:read"
        ]
      },
      {
        "oauth2": [
          "public:read"
        ]
      }
    ],
    "requestContentTypes": [],
    "requestBodyRequired": false
  },
  "getPublicProfileAssets": {
    "method": "get",
    "path": "/api/v0/profiles/{slug}/assets",
    "routeClass": "authenticated_public_read",
    "anonymousRouteClass": "anonymous_public_read",
    "userAuthority": false,
    "userAuthorityStatus": 403,
    "anonymous": true,
    "security": [
      {},
      {
        "bearerAuth": [
          "public:read"
        ]
      },
      {
        "oauth2": [
          "public:read"
        ]
      }
    ],
    "requestContentTypes": [],
    "requestBodyRequired": false
  },
  "getPublicProfileBySlug": {
    "method": "get",
    "path": "/api/v0/profiles/{slug}",
    "routeClass": "authenticated_public_read",
    "anonymousRouteClass": "anonymous_public_read",
    "userAuthority": false,
    "userAuthorityStatus": 403,
    "anonymous": true,
    "security": [
      {},
      {
        "bearerAuth": [
          "public:read"
        ]
      },
      {
        "oauth2": [
          "public:read"
        ]
      }
    ],
    "requestContentTypes": [],
    "requestBodyRequired": false
  },
  "getPublicProfileLogos": {
    "method": "get",
    "path": "/api/v0/profiles/{slug}/logos",
    "routeClass": "authenticated_public_read",
    "anonymousRouteClass": "anonymous_public_read",
    "userAuthority": false,
    "userAuthorityStatus": 403,
    "anonymous": true,
    "security": [
      {},
      {
        "bearerAuth": [
          "public:read"
        ]
      },
      {
        "oauth2": [
          "public:read"
        ]
      }
    ],
    "requestContentTypes": [],
    "requestBodyRequired": false
  },
  "getPublicWorldBySlug": {
    "method": "get",
    "path": "/api/v0/worlds/{slug}",
    "routeClass": "authenticated_public_read",
    "anonymousRouteClass": "anonymous_public_read",
    "userAuthority": false,
    "userAuthorityStatus": 403,
    "anonymous": true,
    "security": [
      {},
      {
        "bearerAuth": [
          "public:read"
        ]
      },
      {
        "oauth2": [
          "public:read"
        ]
      }
    ],
    "requestContentTypes": [],
    "requestBodyRequired": false
  },
  "getPublicWorldEventsBySlug": {
    "method": "get",
    "path": "/api/v0/worlds/{slug}/events",
    "routeClass": "authenticated_public_read",
    "anonymousRouteClass": "anonymous_public_read",
    "userAuthority": false,
    "userAuthorityStatus": 403,
    "anonymous": true,
    "security": [
      {},
      {
        "bearerAuth": [
          "public:read"
        ]
      },
      {
        "oauth2": [
          "public:read"
        ]
      }
    ],
    "requestContentTypes": [],
    "requestBodyRequired": false
  },
  "getTemporalParseContinuation": {
    "method": "get",
    "path": "/api/v0/time/parse/{continuationToken}",
    "routeClass": "authenticated_public_read",
    "anonymousRouteClass": null,
    "userAuthority": true,
    "userAuthorityStatus": 403,
    "anonymous": false,
    "security": [
      {
        "bearerAuth": [
          "time:parse"
        ]
      }
    ],
    "requestContentTypes": [],
    "requestBodyRequired": false
  },
  "listCurrentApiUserCommunities": {
    "method": "get",
    "path": "/api/v0/me/communities",
    "routeClass": "authenticated_public_read",
    "anonymousRouteClass": null,
    "userAuthority": true,
    "userAuthorityStatus": 403,
    "anonymous": false,
    "security": [
      {
        "bearerAuth": [
          "community:read"
        ]
      },
      {
        "oauth2": [
          "community:read"
        ]
      }
    ],
    "requestContentTypes": [],
    "requestBodyRequired": false
  },
  "listCurrentApiUserContributions": {
    "method": "get",
    "path": "/api/v0/me/contributions",
    "routeClass": "authenticated_public_read",
    "anonymousRouteClass": null,
    "userAuthority": true,
    "userAuthorityStatus": 401,
    "anonymous": false,
    "security": [
      {
        "bearerAuth": [
          "events:contribute"
        ]
      },
      {
        "oauth2": [
          "events:contribute"
        ]
      }
    ],
    "requestContentTypes": [],
    "requestBodyRequired": false
  },
  "listCurrentApiUserEvents": {
    "method": "get",
    "path": "/api/v0/me/events",
    "routeClass": "authenticated_public_read",
    "anonymousRouteClass": null,
    "userAuthority": true,
    "userAuthorityStatus": 403,
    "anonymous": false,
    "security": [
      {
        "bearerAuth": [
          "events:read"
        ]
      },
      {
        "oauth2": [
          "events:read"
        ]
      }
    ],
    "requestContentTypes": [],
    "requestBodyRequired": false
  },
  "listCurrentApiUserProfiles": {
    "method": "get",
    "path": "/api/v0/me/profiles",
    "routeClass": "authenticated_public_read",
    "anonymousRouteClass": null,
    "userAuthority": true,
    "userAuthorityStatus": 403,
    "anonymous": false,
    "security": [
      {
        "bearerAuth": [
          "profile:read"
        ]
      },
      {
        "oauth2": [
          "profile:read"
        ]
      }
    ],
    "requestContentTypes": [],
    "requestBodyRequired": false
  },
  "listCurrentDeveloperApiTokens": {
    "method": "get",
    "path": "/api/v0/developer/tokens",
    "routeClass": "developer_credential_management",
    "anonymousRouteClass": null,
    "userAuthority": true,
    "userAuthorityStatus": 403,
    "anonymous": false,
    "security": [
      {
        "bearerAuth": [
          "developer:read"
        ]
      },
      {
        "oauth2": [
          "developer:read"
        ]
      }
    ],
    "requestContentTypes": [],
    "requestBodyRequired": false
  },
  "listCurrentDeveloperOAuthApps": {
    "method": "get",
    "path": "/api/v0/developer/oauth-apps",
    "routeClass": "developer_credential_management",
    "anonymousRouteClass": null,
    "userAuthority": true,
    "userAuthorityStatus": 403,
    "anonymous": false,
    "security": [
      {
        "bearerAuth": [
          "developer:read"
        ]
      },
      {
        "oauth2": [
          "developer:read"
        ]
      }
    ],
    "requestContentTypes": [],
    "requestBodyRequired": false
  },
  "listEventIntakeDrafts": {
    "method": "get",
    "path": "/api/v0/event-intake",
    "routeClass": "authenticated_public_read",
    "anonymousRouteClass": null,
    "userAuthority": true,
    "userAuthorityStatus": 401,
    "anonymous": false,
    "security": [
      {
        "bearerAuth": [
          "events:contribute"
        ]
      },
      {
        "oauth2": [
          "events:contribute"
        ]
      }
    ],
    "requestContentTypes": [],
    "requestBodyRequired": false
  },
  "listPublicActiveWorlds": {
    "method": "get",
    "path": "/api/v0/worlds/active",
    "routeClass": "authenticated_public_read",
    "anonymousRouteClass": "anonymous_public_read",
    "userAuthority": false,
    "userAuthorityStatus": 403,
    "anonymous": true,
    "security": [
      {},
      {
        "bearerAuth": [
          "public:read"
        ]
      },
      {
        "oauth2": [
          "public:read"
        ]
      }
    ],
    "requestContentTypes": [],
    "requestBodyRequired": false
  },
  "listPublicCommunityEvents": {
    "method": "get",
    "path": "/api/v0/communities/{slug}/events",
    "routeClass": "authenticated_public_read",
    "anonymousRouteClass": "anonymous_public_read",
    "userAuthority": false,
    "userAuthorityStatus": 403,
    "anonymous": true,
    "security": [
      {},
      {
        "bearerAuth": [
          "public:read"
        ]
      },
      {
        "oauth2": [
          "public:read"
        ]
      }
    ],
    "requestContentTypes": [],
    "requestBodyRequired": false
  },
  "listPublicPersonEvents": {
    "method": "get",
    "path": "/api/v0/people/{slug}/events",
    "routeClass": "authenticated_public_read",
    "anonymousRouteClass": "anonymous_public_read",
    "userAuthority": false,
    "userAuthorityStatus": 403,
    "anonymous": true,
    "security": [
      {},
      {
        "bearerAuth": [
          "public:read"
        ]
      },
      {
        "oauth2": [
          "public:read"
        ]
      }
    ],
    "requestContentTypes": [],
    "requestBodyRequired": false
  },
  "listPublicUpcomingEvents": {
    "method": "get",
    "path": "/api/v0/events/upcoming",
    "routeClass": "authenticated_public_read",
    "anonymousRouteClass": "anonymous_public_read",
    "userAuthority": false,
    "userAuthorityStatus": 403,
    "anonymous": true,
    "security": [
      {},
      {
        "bearerAuth": [
          "public:read"
        ]
      },
      {
        "oauth2": [
          "public:read"
        ]
      }
    ],
    "requestContentTypes": [],
    "requestBodyRequired": false
  },
  "parseTemporalExpression": {
    "method": "post",
    "path": "/api/v0/time/parse",
    "routeClass": "time_parse",
    "anonymousRouteClass": null,
    "userAuthority": true,
    "userAuthorityStatus": 403,
    "anonymous": false,
    "security": [
      {
        "bearerAuth": [
          "time:parse"
        ]
      }
    ],
    "requestContentTypes": [
      "application/json"
    ],
    "requestBodyRequired": true
  },
  "parseTemporalExpressionWebSession": {
    "method": "post",
    "path": "/api/time/parse",
    "routeClass": "time_parse",
    "anonymousRouteClass": null,
    "userAuthority": true,
    "userAuthorityStatus": 403,
    "anonymous": false,
    "security": [
      {
        "sessionCookie": []
      }
    ],
    "requestContentTypes": [
      "application/json"
    ],
    "requestBodyRequired": true
  },
  "probeProfileAssetUploadStorage": {
    "method": "get",
    "path": "/api/v0/profile-assets/upload-intents/probe",
    "routeClass": "authenticated_public_read",
    "anonymousRouteClass": "anonymous_public_read",
    "userAuthority": false,
    "userAuthorityStatus": 403,
    "anonymous": true,
    "security": [
      {},
      {
        "bearerAuth": [
          "public:read"
        ]
      },
      {
        "oauth2": [
          "public:read"
        ]
      }
    ],
    "requestContentTypes": [],
    "requestBodyRequired": false
  },
  "publishEventIntakeDraft": {
    "method": "post",
    "path": "/api/v0/event-intake/{draftId}/publish",
    "routeClass": "public_write",
    "anonymousRouteClass": null,
    "userAuthority": true,
    "userAuthorityStatus": 401,
    "anonymous": false,
    "security": [
      {
        "bearerAuth": [
          "events:contribute"
        ]
      },
      {
        "oauth2": [
          "events:contribute"
        ]
      }
    ],
    "requestContentTypes": [
      "application/json"
    ],
    "requestBodyRequired": true
  },
  "retractEventContribution": {
    "method": "delete",
    "path": "/api/v0/events/{slug}/contribution",
    "routeClass": "public_write",
    "anonymousRouteClass": null,
    "userAuthority": true,
    "userAuthorityStatus": 401,
    "anonymous": false,
    "security": [
      {
        "bearerAuth": [
          "events:contribute"
        ]
      },
      {
        "oauth2": [
          "events:contribute"
        ]
      }
    ],
    "requestContentTypes": [],
    "requestBodyRequired": false
  },
  "revokeCurrentDeveloperApiToken": {
    "method": "delete",
    "path": "/api/v0/developer/tokens/{tokenId}",
    "routeClass": "developer_credential_management",
    "anonymousRouteClass": null,
    "userAuthority": true,
    "userAuthorityStatus": 403,
    "anonymous": false,
    "security": [
      {
        "bearerAuth": [
          "developer:write"
        ]
      },
      {
        "oauth2": [
          "developer:write"
        ]
      }
    ],
    "requestContentTypes": [],
    "requestBodyRequired": false
  },
  "revokeCurrentDeveloperOAuthApp": {
    "method": "delete",
    "path": "/api/v0/developer/oauth-apps/{clientId}",
    "routeClass": "developer_credential_management",
    "anonymousRouteClass": null,
    "userAuthority": true,
    "userAuthorityStatus": 403,
    "anonymous": false,
    "security": [
      {
        "bearerAuth": [
          "developer:write"
        ]
      },
      {
        "oauth2": [
          "developer:write"
        ]
      }
    ],
    "requestContentTypes": [],
    "requestBodyRequired": false
  },
  "revokeCurrentDeveloperOAuthAppSecret": {
    "method": "delete",
    "path": "/api/v0/developer/oauth-apps/{clientId}/secrets/{secretId}",
    "routeClass": "developer_credential_management",
    "anonymousRouteClass": null,
    "userAuthority": true,
    "userAuthorityStatus": 403,
    "anonymous": false,
    "security": [
      {
        "bearerAuth": [
          "developer:write"
        ]
      },
      {
        "oauth2": [
          "developer:write"
        ]
      }
    ],
    "requestContentTypes": [],
    "requestBodyRequired": false
  },
  "saveEventIntakeDraft": {
    "method": "post",
    "path": "/api/v0/event-intake",
    "routeClass": "public_write",
    "anonymousRouteClass": null,
    "userAuthority": true,
    "userAuthorityStatus": 401,
    "anonymous": false,
    "security": [
      {
        "bearerAuth": [
          "events:contribute"
        ]
      },
      {
        "oauth2": [
          "events:contribute"
        ]
      }
    ],
    "requestContentTypes": [
      "application/json"
    ],
    "requestBodyRequired": true
  },
  "searchPublicCatalog": {
    "method": "get",
    "path": "/api/v0/search",
    "routeClass": "authenticated_public_read",
    "anonymousRouteClass": "anonymous_public_read",
    "userAuthority": false,
    "userAuthorityStatus": 403,
    "anonymous": true,
    "security": [
      {},
      {
        "bearerAuth": [
          "public:read"
        ]
      },
      {
        "oauth2": [
          "public:read"
        ]
      }
    ],
    "requestContentTypes": [],
    "requestBodyRequired": false
  },
  "selectEventIntakeArtwork": {
    "method": "post",
    "path": "/api/v0/event-intake/{draftId}/artwork",
    "routeClass": "public_write",
    "anonymousRouteClass": null,
    "userAuthority": true,
    "userAuthorityStatus": 401,
    "anonymous": false,
    "security": [
      {
        "bearerAuth": [
          "events:contribute"
        ]
      },
      {
        "oauth2": [
          "events:contribute"
        ]
      }
    ],
    "requestContentTypes": [
      "application/json"
    ],
    "requestBodyRequired": true
  },
  "submitCommunityProfile": {
    "method": "post",
    "path": "/api/v0/profiles",
    "routeClass": "public_write",
    "anonymousRouteClass": null,
    "userAuthority": true,
    "userAuthorityStatus": 403,
    "anonymous": false,
    "security": [
      {
        "bearerAuth": [
          "profile:contribute"
        ]
      },
      {
        "oauth2": [
          "profile:contribute"
        ]
      }
    ],
    "requestContentTypes": [
      "application/json"
    ],
    "requestBodyRequired": true
  },
  "updateCurrentDeveloperOAuthApp": {
    "method": "patch",
    "path": "/api/v0/developer/oauth-apps/{clientId}",
    "routeClass": "developer_credential_management",
    "anonymousRouteClass": null,
    "userAuthority": true,
    "userAuthorityStatus": 403,
    "anonymous": false,
    "security": [
      {
        "bearerAuth": [
          "developer:write"
        ]
      },
      {
        "oauth2": [
          "developer:write"
        ]
      }
    ],
    "requestContentTypes": [
      "application/json"
    ],
    "requestBodyRequired": true
  },
  "updateCurrentUserCommunityEvent": {
    "method": "patch",
    "path": "/api/v0/events/{slug}",
    "routeClass": "public_write",
    "anonymousRouteClass": null,
    "userAuthority": true,
    "userAuthorityStatus": 403,
    "anonymous": false,
    "security": [
      {
        "bearerAuth": [
          "events:write"
        ]
      },
      {
        "oauth2": [
          "events:write"
        ]
      }
    ],
    "requestContentTypes": [
      "application/json"
    ],
    "requestBodyRequired": true
  },
  "updateCurrentUserProfile": {
    "method": "patch",
    "path": "/api/v0/profiles/{slug}",
    "routeClass": "public_write",
    "anonymousRouteClass": null,
    "userAuthority": true,
    "userAuthorityStatus": 403,
    "anonymous": false,
    "security": [
      {
        "bearerAuth": [
          "profile:write"
        ]
      },
      {
        "oauth2": [
          "profile:write"
        ]
      }
    ],
    "requestContentTypes": [
      "application/json"
    ],
    "requestBodyRequired": true
  },
  "updateEventContribution": {
    "method": "patch",
    "path": "/api/v0/events/{slug}/contribution",
    "routeClass": "public_write",
    "anonymousRouteClass": null,
    "userAuthority": true,
    "userAuthorityStatus": 401,
    "anonymous": false,
    "security": [
      {
        "bearerAuth": [
          "events:contribute"
        ]
      },
      {
        "oauth2": [
          "events:contribute"
        ]
      }
    ],
    "requestContentTypes": [
      "application/json"
    ],
    "requestBodyRequired": true
  },
  "updateEventIntakeDraft": {
    "method": "patch",
    "path": "/api/v0/event-intake/{draftId}",
    "routeClass": "public_write",
    "anonymousRouteClass": null,
    "userAuthority": true,
    "userAuthorityStatus": 401,
    "anonymous": false,
    "security": [
      {
        "bearerAuth": [
          "events:contribute"
        ]
      },
      {
        "oauth2": [
          "events:contribute"
        ]
      }
    ],
    "requestContentTypes": [
      "application/json"
    ],
    "requestBodyRequired": true
  },
  "uploadPosterToStorage": {
    "method": "post",
    "path": "/storage/uploads",
    "routeClass": "one_time_token",
    "anonymousRouteClass": null,
    "userAuthority": false,
    "userAuthorityStatus": 403,
    "anonymous": true,
    "security": [],
    "requestContentTypes": [
      "multipart/form-data"
    ],
    "requestBodyRequired": true
  }
} as const satisfies Record<string, OperationMeta>;
export type OperationId = keyof typeof operations;
