import { SCOPE_WORDS } from '../../../services/oauth/scopeWords.js';
import type { OAuthScope } from '../../../services/oauth/resources.js';
import { AccountPage, type PageShell } from './Account.js';
import { renderFormPage } from '../ui/render.js';

export interface ConsentData {
  clientName: string;
  resourceName: string;
  scopes: OAuthScope[];
  redirectUri: string;
  uid: string;
}

/** The OAuth consent page: who asks, for what, where the answer goes, and Allow or Deny. */
export function ConsentPage({ shell, data }: { shell: PageShell & { user: { email: string } }; data: ConsentData }) {
  return (
    <AccountPage shell={shell} title="Allow access?">
      <p>
        <strong>{data.clientName}</strong> asks to use {data.resourceName} as <strong>{shell.user.email}</strong>. It will be able to:
      </p>
      <ul>
        {data.scopes.map((s) => (
          <li>
            {SCOPE_WORDS[s]}{' '}
            <small>
              (<code>{s}</code>)
            </small>
          </li>
        ))}
      </ul>
      <p>
        After allowing, you are sent back to <code>{data.redirectUri}</code>.
      </p>
      <form method="post" action={`/oauth/interaction/${data.uid}`} class="actions">
        <button type="submit" name="decision" value="approve" class="btn primary" autofocus>
          Allow
        </button>
        <button type="submit" name="decision" value="deny" class="btn">
          Deny
        </button>
      </form>
    </AccountPage>
  );
}

export const consentDocument = (shell: PageShell & { user: { email: string } }, data: ConsentData) => renderFormPage(<ConsentPage shell={shell} data={data} />);
