import type { ComponentChildren } from 'preact';
import { Layout } from '../ui/Layout.js';
import { renderFormPage } from '../ui/render.js';

/** Where a form page is shown: the deployment, the page's path and the signed-in person, if any. */
export interface PageShell {
  baseUrl: string;
  path: string;
  user?: { email: string };
  /** Sign-up is open: the header offers "Create an account". */
  signUp?: boolean;
}

/**
 * The frame of the sign-in, account, developer and consent pages: the shared layout in the
 * narrow column (or the wide one for the developer page's tables), kept out of search engines.
 */
export function AccountPage({ shell, title, wide, editor, children }: { shell: PageShell; title: string; wide?: boolean; editor?: boolean; children: ComponentChildren }) {
  return (
    <Layout meta={{ title, path: shell.path, noindex: true }} baseUrl={shell.baseUrl} user={shell.user} narrow={!wide} signUp={shell.signUp} editor={editor}>
      <h1>{title}</h1>
      {children}
    </Layout>
  );
}

/** A whole form page as HTML; `wide` for tables and editors, `editor` loads the editor script. */
export const formPage = (shell: PageShell, title: string, body: ComponentChildren, opts: { wide?: boolean; editor?: boolean } = {}) =>
  renderFormPage(
    <AccountPage shell={shell} title={title} wide={opts.wide} editor={opts.editor}>
      {body}
    </AccountPage>,
  );

/** A page that only says something went wrong, in the page's error style. */
export const errorPage = (shell: PageShell, title: string, message: string, more?: ComponentChildren) =>
  formPage(
    shell,
    title,
    <>
      <p class="error">{message}</p>
      {more}
    </>,
  );
