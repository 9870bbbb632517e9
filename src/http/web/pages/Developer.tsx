import type { ComponentChildren } from 'preact';
import type { Services } from '../../../services/index.js';
import type { UserRow } from '../../../repositories/users.js';
import { AccountPage, type PageShell } from './Account.js';

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
}

/** A table that scrolls sideways inside its own box on a narrow screen (reachable by keyboard). */
function TableWrap({ label, children }: { label: string; children: ComponentChildren }) {
  return (
    <div class="table-wrap" role="region" aria-label={label} tabindex={0}>
      {children}
    </div>
  );
}

function Checks({ legend, name, values, checked }: { legend: string; name: string; values: readonly string[]; checked: (value: string) => boolean }) {
  return (
    <fieldset>
      <legend>{legend}</legend>
      <div class="checks">
        {values.map((value) => (
          <label>
            <input type="checkbox" name={name} value={value} checked={checked(value)} /> {value}
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
              <th scope="col">Last used</th>
              <th scope="col">
                <span class="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {data.tokens.length ? (
              data.tokens.map((t) => (
                <tr>
                  <td>{t.label}</td>
                  <td>
                    <code>{t.tokenPrefix}…</code>
                  </td>
                  <td>{t.scopes.join(' ')}</td>
                  <td>{t.status}</td>
                  <td>{t.lastUsedAt ? new Date(t.lastUsedAt).toISOString() : '—'}</td>
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
                <td colSpan={6}>No tokens yet.</td>
              </tr>
            )}
          </tbody>
        </table>
      </TableWrap>
      <h3>New token</h3>
      <form method="post" action="/developer/tokens" class="form">
        <label>
          Label <input type="text" name="label" required maxLength={80} />
        </label>
        <Checks legend="Scopes" name="scopes" values={data.tokenScopes} checked={(s) => s === 'public:read'} />
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
                  <tr>
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
                    <td>{a.allowedScopes.join(' ')}</td>
                    <td>{a.status}</td>
                    <td>
                      {a.activeSecretPrefixes.length
                        ? a.activeSecretPrefixes.map((p, i) => (
                            <>
                              {i > 0 ? <br /> : null}
                              <code>{p}…</code>
                            </>
                          ))
                        : '—'}
                    </td>
                    <td>
                      {a.status === 'active' ? (
                        <>
                          {a.clientType === 'confidential' ? (
                            <form method="post" action={`${action}/secrets`}>
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
                <td colSpan={9}>No applications yet.</td>
              </tr>
            )}
          </tbody>
        </table>
      </TableWrap>
      <h3>New application</h3>
      <form method="post" action="/developer/oauth-apps" class="form">
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
        <Checks legend="Scopes" name="scopes" values={data.oauthScopes} checked={(s) => s === 'public:read'} />
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
