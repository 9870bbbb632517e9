import { Layout } from '../ui/Layout.js';
import { SearchBox } from '../ui/components.js';

/**
 * The one page for anything that is not public (contract 5.17): unknown, hidden, opted-out and
 * retracted entities get these same bytes, so a page never tells them apart.
 */
export function NotFoundPage({ baseUrl, path }: { baseUrl: string; path: string }) {
  return (
    <Layout baseUrl={baseUrl} narrow meta={{ title: 'Page not found', path, noindex: true }}>
      <h1>Page not found</h1>
      <p class="lead">There is no public page at this address. It may never have existed, or it is no longer public.</p>
      <SearchBox id="nf-q" />
      <p>
        <a href="/">See what is on</a>
      </p>
    </Layout>
  );
}

/** A page for a failure of ours (the detail stays in the log). */
export function ErrorPage({ baseUrl, path, status }: { baseUrl: string; path: string; status: number }) {
  const unavailable = status === 503;
  return (
    <Layout baseUrl={baseUrl} narrow meta={{ title: unavailable ? 'Temporarily unavailable' : 'Something went wrong', path, noindex: true }}>
      <h1>{unavailable ? 'Temporarily unavailable' : 'Something went wrong'}</h1>
      <p class="lead">{unavailable ? 'This page cannot be shown for a moment. Try again shortly.' : 'This page could not be shown. Try again, or go back to the start.'}</p>
      <p>
        <a href="/">Back to the start</a>
      </p>
    </Layout>
  );
}

/** Too many page views from this address for now (the public reads' rate limit). */
export function TooManyPage({ baseUrl, path, retryAfterSeconds }: { baseUrl: string; path: string; retryAfterSeconds: number }) {
  const wait = retryAfterSeconds <= 90 ? `${retryAfterSeconds} second${retryAfterSeconds === 1 ? '' : 's'}` : `${Math.ceil(retryAfterSeconds / 60)} minutes`;
  return (
    <Layout baseUrl={baseUrl} narrow meta={{ title: 'Too many requests', path, noindex: true }}>
      <h1>Too many requests</h1>
      <p class="lead">This address has asked for many pages in a short time. Try again in {wait}.</p>
      <p>
        <a href="/">Back to the start</a>
      </p>
    </Layout>
  );
}
