import type { Schemas } from '../../../contract/types.js';
import { CopyButton, TrustBadge, When, safeHref } from './components.js';
import { pagePathOf } from '../../../lib/pagePaths.js';

/**
 * Pieces the directory's pages share (profiles, worlds, search). Like the rest of the design
 * system, every user-written string reaches the page as JSX text or attribute and every URL
 * passes `safeHref`.
 */

/** Written text as paragraphs: a blank line starts a new one, a single line break stays one. */
export function Paragraphs({ text }: { text: string | undefined }) {
  if (!text) return null;
  const paragraphs = text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  return (
    <>
      {paragraphs.map((p) => (
        <p>
          {p.split('\n').flatMap((line, i) => (i ? [<br />, line] : [line]))}
        </p>
      ))}
    </>
  );
}

/** The first sentences of a text for a page's description (search results, link previews). */
export function summaryOf(...texts: (string | undefined)[]): string | undefined {
  const text = texts.find((t) => t?.trim())?.replace(/\s+/g, ' ').trim();
  if (!text) return undefined;
  return text.length <= 200 ? text : `${text.slice(0, 197).replace(/\s+\S*$/, '')}…`;
}

const CLAIM_NOTE: Record<Schemas['TrustLabel'], string> = {
  community_submitted: 'Added by the community and not claimed yet: its details come from contributors, not from the people it describes.',
  unclaimed: 'Not claimed yet: this profile is kept by the directory until its owner claims it.',
  claimed_unverified: 'Claimed by its owner, who keeps it up to date.',
  claimed_verified: 'Claimed and verified: its owner keeps it up to date.',
};

/** Who stands behind a profile: its trust label and what its claim state means. */
export function ClaimState({ trust }: { trust: Schemas['TrustLabel'] }) {
  return (
    <p class="claim">
      <TrustBadge trust={trust} /> <span class="muted small">{CLAIM_NOTE[trust]}</span>
    </p>
  );
}

/** Subscribe (webcal) to, or download, an iCalendar feed of ours. */
export function CalendarActions({ baseUrl, path, fileName, what }: { baseUrl: string; path: string; fileName: string; what: string }) {
  const webcal = `${baseUrl}${path}`.replace(/^https?:/, 'webcal:');
  return (
    <ul class="actions">
      <li>
        <a class="btn" href={webcal}>
          Subscribe to {what}
        </a>
      </li>
      <li>
        <a class="btn" href={path} download={fileName}>
          Download .ics
        </a>
      </li>
      <li>
        <CopyButton text={`${baseUrl}${path}`} label={`Copy the calendar address of ${what}`}>
          Copy calendar address
        </CopyButton>
      </li>
    </ul>
  );
}

/** A media-kit image with its caption and credit. */
function KitImage({ a }: { a: Schemas['MediaAsset'] }) {
  const src = safeHref(a.imageUrl);
  const download = safeHref(a.downloadUrl);
  const credit = safeHref(a.creditUrl);
  if (!src) return null;
  return (
    <li>
      <figure>
        <a href={download ?? src}>
          <img src={src} alt={a.altText ?? a.label ?? ''} loading="lazy" decoding="async" width={a.width ?? 320} height={a.height ?? 320} />
        </a>
        {a.caption || a.label || a.credit ? (
          <figcaption class="small muted">
            {a.caption ?? a.label}
            {a.credit ? (
              <>
                {a.caption || a.label ? ' · ' : ''}Credit: {credit ? <a href={credit} rel="noopener nofollow ugc">{a.credit}</a> : a.credit}
              </>
            ) : null}
          </figcaption>
        ) : null}
      </figure>
    </li>
  );
}

/** A profile's media kit: its logos (and their archive) and gallery images. */
export function MediaKitSection({ kit }: { kit: Schemas['MediaKit'] | undefined }) {
  const logos = kit?.logos ?? [];
  const gallery = kit?.galleryAssets ?? [];
  if (!logos.length && !gallery.length) return null;
  const zip = safeHref(kit?.logoZipUrl);
  return (
    <section aria-labelledby="media-kit">
      <h2 id="media-kit">Media kit</h2>
      {logos.length ? (
        <>
          <div class="section-head">
            <h3 id="logos">Logos</h3>
            {zip ? (
              <a class="btn" href={zip} download="">
                Download logos (.zip)
              </a>
            ) : null}
          </div>
          <ul class="gallery" aria-labelledby="logos">
            {logos.map((a) => (
              <KitImage a={a} />
            ))}
          </ul>
        </>
      ) : null}
      {gallery.length ? (
        <>
          <h3 id="gallery">Gallery</h3>
          <ul class="gallery" aria-labelledby="gallery">
            {gallery.map((a) => (
              <KitImage a={a} />
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}

/** The page of a search result (the API's `routePath` names the JSON read, not the page). */
export function pageOfResult(r: Pick<Schemas['PublicSearchResult'], 'entityType' | 'profileType' | 'slug'>): string {
  return pagePathOf(r.entityType, r);
}

const KIND_LABEL = { event: 'Event', world: 'World', person: 'Person', community: 'Community' } as const;

/** One search result: what it is, its name linking to its page, and its summary. */
export function SearchResultItem({ r }: { r: Schemas['PublicSearchResult'] }) {
  const image = safeHref(r.imageUrl);
  const kind = r.entityType === 'profile' ? (r.profileType ?? 'person') : r.entityType;
  return (
    <li class="result card">
      {image ? <img class={r.entityType === 'profile' ? 'avatar sm' : 'thumb'} src={image} alt="" loading="lazy" decoding="async" width={64} height={64} /> : null}
      <div>
        <h3>
          <a href={pageOfResult(r)}>{r.title}</a>
        </h3>
        <p class="meta">
          <span class="badge">{KIND_LABEL[kind]}</span> {r.trustLabel ? <TrustBadge trust={r.trustLabel} /> : null}{' '}
          {r.startsAt !== undefined ? <When at={r.startsAt} zone="UTC" /> : null}
          {r.subtitle ? <span> {r.subtitle}</span> : null}
        </p>
        {r.summary ? <p class="small">{r.summary}</p> : null}
      </div>
    </li>
  );
}
