import type { Schemas } from '../../../contract/types.js';
import { profilePagePath } from '../../../lib/pagePaths.js';

export type OwnedProfile = Schemas['ApiMeProfileSummary'];

const CLAIM_WORDS: Record<OwnedProfile['claimState'], string> = { unclaimed: 'Unclaimed', claimed_unverified: 'Claimed', claimed_verified: 'Claimed, verified' };
const KEPT_OFF: Record<Exclude<OwnedProfile['publicSurfacingState'], 'public'>, string> = { opted_out: 'kept off public pages', suppressed: 'hidden by the operator', archived: 'archived' };

const isPublic = (p: OwnedProfile) => p.publicationState === 'published' && p.publicSurfacingState === 'public';
const stateOf = (p: OwnedProfile) =>
  p.publicationState !== 'published' ? 'Draft, not public' : p.publicSurfacingState !== 'public' ? `Not public: ${KEPT_OFF[p.publicSurfacingState]}` : 'Public';

/**
 * The account page's "Your profiles and communities": each owned profile with its kind, claim
 * and page state and where to manage it (editor, media kit, a community's events), then the
 * person's own drafts and contributions.
 */
export function OwnedList({ owned, more }: { owned: OwnedProfile[]; more: boolean }) {
  return (
    <section aria-labelledby="owned">
      <h2 id="owned">Your profiles and communities</h2>
      {owned.length ? (
        <ul class="owned">
          {owned.map((p) => {
            const manage = `/manage/${encodeURIComponent(p.slug)}`;
            return (
              <li>
                <p>
                  {isPublic(p) ? <a href={profilePagePath(p.slug, p.profileType)}>{p.displayName}</a> : <strong>{p.displayName}</strong>}{' '}
                  <span class="muted small">
                    {p.profileType === 'community' ? 'Community' : 'Person'} · {CLAIM_WORDS[p.claimState]} · {stateOf(p)}
                  </span>
                </p>
                <ul class="owned-actions">
                  <li>
                    <a href={manage}>
                      Edit<span class="visually-hidden"> {p.displayName}</span>
                    </a>
                  </li>
                  <li>
                    <a href={`${manage}/media`}>
                      Media kit<span class="visually-hidden"> of {p.displayName}</span>
                    </a>
                  </li>
                  {p.profileType === 'community' ? (
                    <li>
                      <a href={`${manage}/events`}>
                        Events<span class="visually-hidden"> of {p.displayName}</span>
                      </a>
                    </li>
                  ) : null}
                </ul>
              </li>
            );
          })}
        </ul>
      ) : (
        <p class="muted">You do not own a profile or community yet.</p>
      )}
      {more ? <p class="muted small">Only the first 100 are listed.</p> : null}
      <ul class="owned-actions">
        <li>
          <a href="/account/drafts">Your drafts</a>
        </li>
        <li>
          <a href="/account/contributions">Your contributions</a>
        </li>
        <li>
          <a href="/contribute">Contribute an event</a>
        </li>
      </ul>
    </section>
  );
}
