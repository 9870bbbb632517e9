import type { ComponentChildren } from 'preact';
import type { Services } from '../../../services/index.js';
import type { UserRow } from '../../../repositories/users.js';
import { AccountPage, type PageShell } from './Account.js';
import { Ago } from '../ui/components.js';
import { CREDENTIAL_SCOPE_WORDS } from '../../../services/oauth/scopeWords.js';
import type { Scope } from '../../../generated/contract.js';

type Tokens = Awaited<ReturnType<Services['tokens']['list']>>['tokens'];
type Applications = Awaited<ReturnType<Services['oauthApps']['list']>>['applications'];
type Communities = Awaited<ReturnType<Services['oauthApps']['ownedCommunities']>>;

/** What the developer page shows. */
export interface DeveloperData {
  user: UserRow;
  tokens: Tokens;
  applications: Applications;
  /** Communities the account owns (an application may belong to one). */
  communities: Communities;
  tokenScopes: readonly string[];
  oauthScopes: readonly string[];
  oauthGrants: readonly string[];
  defaultGrants: ReadonlySet<string>;
  /** The injected clock's now: relative times are written against it. */
  now: number;
  /** A fresh one-time nonce for one create form (a refresh of its POST then creates nothing more). */
  nonce: () => string;
}

/** A scope in the consent page's words, its name beside them for developers. */
function ScopeWords({ scope }: { scope: string }) {
  const words = CREDENTIAL_SCOPE_WORDS[scope as Scope];
  return words ? (
    <>
      {words} <code>{scope}</code>
    </>
  ) : (
    <code>{scope}</code>
  );
}

function ScopeList({ scopes }: { scopes: readonly string[] }) {
  return (
    <ul class="scopes">
      {scopes.map((s) => (
        <li>
          <ScopeWords scope={s} />
        </li>
      ))}
    </ul>
  );
}

/** An instant relative to the page's now, or a word when there is none. */
function Maybe({ at, now, none }: { at: number | undefined | null; now: number; none: string }) {
  return at === undefined || at === null ? <span class="muted">{none}</span> : <Ago at={at} now={now} />;
}

/** The hidden one-time nonce of a create form. */
function Nonce({ data }: { data: DeveloperData }) {
  return <input type="hidden" name="formNonce" value={data.nonce()} />;
}

/** A table that scrolls sideways inside its own box on a narrow screen (reachable by keyboard). */
function TableWrap({ label, children }: { label: string; children: ComponentChildren }) {
  return (
    <div class="table-wrap" role="region" aria-label={label} tabindex={0}>
      {children}
    </div>
  );
}

function Checks({ legend, name, values, checked, words }: { legend: string; name: string; values: readonly string[]; checked: (value: string) => boolean; words?: boolean }) {
  return (
    <fieldset>
      <legend>{legend}</legend>
      <div class={words ? 'checks words' : 'checks'}>
        {values.map((value) => (
          <label>
            <input type="checkbox" name={name} value={value} checked={checked(value)} /> {words ? <span><ScopeWords scope={value} /></span> : value}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function TokensSection({ data }: { data: DeveloperData }) {
  return (
    <section aria-labelledby="tokens">
      <h2 id="tokens">Personal API tokens</h2>
      <TableWrap label="Table of personal API tokens">
        <table>
          <thead>
            <tr>
              <th scope="col">Label</th>
              <th scope="col">Prefix</th>
              <th scope="col">Scopes</th>
              <th scope="col">Status</th>
              <th scope="col">Created</th>
              <th scope="col">Last used</th>
              <th scope="col">Expires</th>
              <th scope="col">
                <span class="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {data.tokens.length ? (
              data.tokens.map((t) => (
                <tr id={`token-${t.id}`}>
                  <td>{t.label}</td>
                  <td>
                    <code>{t.tokenPrefix}…</code>
                  </td>
                  <td>
                    <ScopeList scopes={t.scopes} />
                  </td>
                  <td>{t.status}</td>
                  <td>
                    <Ago at={t.createdAt} now={data.now} />
                  </td>
                  <td>
                    <Maybe at={t.lastUsedAt} now={data.now} none="never" />
                  </td>
                  <td>
                    <Maybe at={t.expiresAt} now={data.now} none="never" />
                  </td>
                  <td>
                    {t.status === 'active' ? (
                      <form method="post" action={`/developer/tokens/${t.id}/revoke`}>
                        <button type="submit" class="btn" aria-label={`Revoke token ${t.label}`}>
                          Revoke
                        </button>
                      </form>
                    ) : null}
                  </td>
                </tr>
              ))
            ) : (
              <tr>
                <td colSpan={8}>No tokens yet.</td>
              </tr>
            )}
          </tbody>
        </table>
      </TableWrap>
      <h3>New token</h3>
      <form method="post" action="/developer/tokens" class="form">
        <Nonce data={data} />
        <label>
          Label <input type="text" name="label" required maxLength={80} />
        </label>
        <Checks legend="Scopes" name="scopes" values={data.tokenScopes} checked={(s) => s === 'public:read'} words />
        <div class="actions">
          <button type="submit" class="btn primary">
            Create token
          </button>
        </div>
      </form>
    </section>
  );
}

function ApplicationsSection({ data }: { data: DeveloperData }) {
  const communityName = new Map(data.communities.map((c) => [c.id, c.displayName]));
  return (
    <section aria-labelledby="oauth-apps">
      <h2 id="oauth-apps">OAuth applications</h2>
      <TableWrap label="Table of OAuth applications">
        <table>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Client ID</th>
              <th scope="col">Type</th>
              <th scope="col">Owner</th>
              <th scope="col">Redirect URIs</th>
              <th scope="col">Scopes</th>
              <th scope="col">Status</th>
              <th scope="col">Created</th>
              <th scope="col">Last used</th>
              <th scope="col">Secrets</th>
              <th scope="col">
                <span class="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {data.applications.length ? (
              data.applications.map((a) => {
                const action = `/developer/oauth-apps/${encodeURIComponent(a.clientId)}`;
                const owner = a.ownerKind === 'community' ? (communityName.get(a.ownerCommunityProfileId ?? '') ?? 'community') : 'you';
                return (
                  <tr id={`app-${a.clientId}`}>
                    <td>{a.displayName}</td>
                    <td>
                      <code>{a.clientId}</code>
                    </td>
                    <td>{a.clientType}</td>
                    <td>{owner}</td>
                    <td>
                      {a.redirectUris.map((uri, i) => (
                        <>
                          {i > 0 ? <br /> : null}
                          {uri}
                        </>
                      ))}
                    </td>
                    <td>
                      <ScopeList scopes={a.allowedScopes} />
                    </td>
                    <td>{a.status}</td>
                    <td>
                      <Ago at={a.createdAt} now={data.now} />
                    </td>
                    <td>
                      <Maybe at={a.lastUsedAt} now={data.now} none="never" />
                    </td>
                    <td>
                      {a.activeSecrets.length ? (
                        <ul class="secrets">
                          {a.activeSecrets.map((secret) => (
                            <li id={`secret-${secret.secretId}`}>
                              <code>{secret.prefix}…</code> {secret.label ? <>{secret.label} </> : null}
                              <span class="small muted">
                                made <Ago at={secret.createdAt} now={data.now} />
                              </span>
                              <form method="post" action={`${action}/secrets/${encodeURIComponent(secret.secretId)}/revoke`}>
                                <button type="submit" class="btn" aria-label={`Revoke secret ${secret.prefix}… of ${a.displayName}${a.activeSecrets.length === 1 ? ' (its last secret)' : ''}`}>
                                  Revoke secret
                                </button>
                              </form>
                            </li>
                          ))}
                        </ul>
                      ) : (
                        <span class="muted">{a.clientType === 'confidential' && a.status === 'active' ? 'none: make a new secret to sign in again' : '—'}</span>
                      )}
                    </td>
                    <td>
                      {a.status === 'active' ? (
                        <>
                          {a.clientType === 'confidential' ? (
                            <form method="post" action={`${action}/secrets`}>
                              <Nonce data={data} />
                              <button type="submit" class="btn" aria-label={`New secret for ${a.displayName}`}>
                                New secret
                              </button>
                            </form>
                          ) : null}
                          <form method="post" action={`${action}/revoke`}>
                            <button type="submit" class="btn" aria-label={`Revoke ${a.displayName}`}>
                              Revoke
                            </button>
                          </form>
                        </>
                      ) : null}
                    </td>
                  </tr>
                );
              })
            ) : (
              <tr>
                <td colSpan={11}>No applications yet.</td>
              </tr>
            )}
          </tbody>
        </table>
      </TableWrap>
      <h3>New application</h3>
      <form method="post" action="/developer/oauth-apps" class="form">
        <Nonce data={data} />
        <label>
          Name <input type="text" name="displayName" required maxLength={80} />
        </label>
        <label>
          Client type
          <select name="clientType">
            <option value="confidential">confidential (a server that keeps a secret)</option>
            <option value="public">public (browser or native app)</option>
          </select>
        </label>
        {data.communities.length ? (
          <label>
            Owner
            <select name="ownerCommunitySlug">
              <option value="">You</option>
              {data.communities.map((c) => (
                <option value={c.slug}>{c.displayName}</option>
              ))}
            </select>
          </label>
        ) : null}
        <label>
          Redirect URIs, one per line (https, or http on 127.0.0.1, [::1] or localhost)
          <textarea name="redirectUris" rows={3} required />
        </label>
        <Checks legend="Grants" name="grants" values={data.oauthGrants} checked={(g) => data.defaultGrants.has(g)} />
        <Checks legend="Scopes" name="scopes" values={data.oauthScopes} checked={(s) => s === 'public:read'} words />
        <div class="actions">
          <button type="submit" class="btn primary">
            Register application
          </button>
        </div>
      </form>
    </section>
  );
}

/** The developer page: personal API tokens and OAuth applications; a secret just made is shown once in `notice`. */
export function DeveloperPage({ shell, data, notice }: { shell: PageShell; data: DeveloperData; notice?: ComponentChildren }) {
  return (
    <AccountPage shell={shell} title="Developer" wide>
      <div class="actions">
        <p class="muted">
          Signed in as <strong>{data.user.email}</strong>.
        </p>
        <form method="post" action="/logout" class="inline">
          <button type="submit" class="btn">
            Sign out
          </button>
        </form>
      </div>
      {data.user.emailVerifiedAt === null ? (
        <div class="notice">
          <p>
            Your e-mail address <strong>{data.user.email}</strong> is not confirmed yet.
          </p>
          <form method="post" action="/verify-email/send">
            <button type="submit" class="btn">
              Send me a confirmation link
            </button>
          </form>
        </div>
      ) : null}
      {notice ? <div class="stack">{notice}</div> : null}
      <TokensSection data={data} />
      <ApplicationsSection data={data} />
    </AccountPage>
  );
}
