import type { ComponentChildren } from 'preact';
import { EDITOR_SCRIPT, FAVICON, SCRIPT, STYLESHEET } from './assets.js';
import { Mark } from './components.js';

/** What a page tells link previews and search engines about itself. */
export interface PageMeta {
  /** The page's own title (the site name is added). */
  title: string;
  /** One or two sentences for search results and link previews. */
  description?: string;
  /**
   * The page's path, made absolute with the public base URL for `canonical` and `og:url`. A
   * `noindex` page writes neither, so the 404 page is the same bytes at every address.
   */
  path: string;
  /** An absolute or root-relative 1200×630 share image. */
  image?: string;
  imageAlt?: string;
  /** `og:type`: `website` unless said. */
  type?: 'website' | 'article' | 'profile';
  /** `noindex` pages (errors, search results) are left out of search engines. */
  noindex?: boolean;
  /** Extra `<link rel="alternate">` documents (the calendar feed, the JSON read). */
  alternates?: { href: string; type: string; title: string }[];
}

export interface LayoutProps {
  meta: PageMeta;
  baseUrl: string;
  /** The signed-in person, when the page knows one. */
  user?: { email: string };
  /** A narrower column for reading and forms. */
  narrow?: boolean;
  /** Offer "Create an account" beside "Sign in" (sign-up is open on this deployment). */
  signUp?: boolean;
  /** An editing page: the editor script (autosave, typeahead, upload progress) loads too. */
  editor?: boolean;
  children: ComponentChildren;
}

const absolute = (baseUrl: string, href: string) => (href.startsWith('/') ? `${baseUrl}${href}` : href);

/** The document every page shares: head, header, main and footer. */
export function Layout({ meta, baseUrl, user, narrow, signUp, editor, children }: LayoutProps) {
  const title = `${meta.title} · Marquee`;
  const url = absolute(baseUrl, meta.path);
  const image = meta.image ? absolute(baseUrl, meta.image) : undefined;
  return (
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title}</title>
        {meta.description ? <meta name="description" content={meta.description} /> : null}
        {meta.noindex ? <meta name="robots" content="noindex" /> : <link rel="canonical" href={url} />}
        <meta name="color-scheme" content="light dark" />
        <meta name="theme-color" content="#4338ca" />
        <link rel="icon" href={FAVICON.path} type="image/svg+xml" />
        <link rel="stylesheet" href={STYLESHEET.path} />
        {(meta.alternates ?? []).map((a) => (
          <link rel="alternate" href={a.href} type={a.type} title={a.title} />
        ))}
        <meta property="og:site_name" content="Marquee" />
        <meta property="og:title" content={meta.title} />
        <meta property="og:type" content={meta.type ?? 'website'} />
        {meta.noindex ? null : <meta property="og:url" content={url} />}
        {meta.description ? <meta property="og:description" content={meta.description} /> : null}
        {image ? <meta property="og:image" content={image} /> : null}
        {image ? <meta property="og:image:width" content="1200" /> : null}
        {image ? <meta property="og:image:height" content="630" /> : null}
        {image && meta.imageAlt ? <meta property="og:image:alt" content={meta.imageAlt} /> : null}
        <meta name="twitter:card" content={image ? 'summary_large_image' : 'summary'} />
        <meta name="twitter:title" content={meta.title} />
        {meta.description ? <meta name="twitter:description" content={meta.description} /> : null}
        {image ? <meta name="twitter:image" content={image} /> : null}
        <script src={SCRIPT.path} defer />
        {editor ? <script src={EDITOR_SCRIPT.path} defer /> : null}
      </head>
      <body>
        <a class="skip" href="#main">
          Skip to content
        </a>
        <header class="site-header">
          <div class="bar">
            <a href="/" class="brand" aria-label="Marquee home">
              <Mark />
              Marquee
            </a>
            <nav class="nav" aria-label="Site">
              <a href="/">Events</a>
              <a href="/search">Search</a>
              <a href="/contribute">Contribute</a>
              {user ? <a href="/account">Account</a> : <a href="/login">Sign in</a>}
              {!user && signUp ? <a href="/signup">Create an account</a> : null}
            </nav>
          </div>
        </header>
        <main id="main" class={narrow ? 'narrow' : undefined}>
          {children}
        </main>
        <footer class="site-footer">
          <div class="bar">
            <span>Marquee — a directory of VR communities, people, worlds and events.</span>
            <nav class="nav" aria-label="For developers">
              <a href="/api/v0/openapi.json">API</a>
              <a href="/.well-known/oauth-protected-resource/mcp">MCP</a>
              <a href="/developer">Developer</a>
            </nav>
          </div>
        </footer>
      </body>
    </html>
  );
}
