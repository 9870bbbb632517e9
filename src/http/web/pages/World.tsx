import type { Schemas } from '../../../contract/types.js';
import { Layout } from '../ui/Layout.js';
import { EventGrid, LinkList, Tags, safeHref } from '../ui/components.js';
import { Paragraphs, summaryOf } from '../ui/directory.js';
import { worldPagePath } from '../../../lib/pagePaths.js';

export interface WorldData {
  world: Schemas['PublicWorld'];
  events: Schemas['PublicWorldEventsResponse'];
}

const PLATFORM_LABEL: Record<string, string> = { pc: 'PC', android: 'Android (Quest)', ios: 'iOS' };

/** A credited creator's name, from the open attribution objects (members are not fixed in v0). */
function creatorName(c: Record<string, unknown>): string | undefined {
  const name = c.displayName ?? c.displayLabel ?? c.name;
  return typeof name === 'string' && name.trim() ? name : undefined;
}

/** A world's public page: what it is, who made it, and what happens there. */
export function WorldPage({ baseUrl, signUp, data }: { baseUrl: string; signUp?: boolean; data: WorldData }) {
  const { world: w, events } = data;
  const hero = safeHref(w.heroImageUrl);
  const slug = encodeURIComponent(w.slug);
  const creators = w.creatorAttributions.map((c) => ({ name: creatorName(c), href: safeHref(typeof c.url === 'string' ? c.url : undefined) })).filter((c) => c.name);
  const vrchat = w.vrchatWorldId && /^wrld_[0-9a-f-]+$/i.test(w.vrchatWorldId) ? `https://vrchat.com/home/world/${w.vrchatWorldId}` : undefined;
  return (
    <Layout
      baseUrl={baseUrl}
      signUp={signUp}
      meta={{
        title: w.displayName,
        description: summaryOf(w.summary, w.description) ?? `${w.displayName}: a world in the Marquee directory of VR events.`,
        path: worldPagePath(w.slug),
        alternates: [{ href: `/api/v0/worlds/${slug}`, type: 'application/json', title: `${w.displayName} (JSON)` }],
      }}
    >
      <article class={hero ? 'hero with-art' : 'hero'}>
        <div>
          <p class="muted small">World</p>
          <h1>{w.displayName}</h1>
          {w.summary ? <p class="lead">{w.summary}</p> : null}
          <Tags tags={w.tags} label="Tags" />
          <dl class="facts">
            {w.platformCompatibility.length ? (
              <>
                <dt>Platforms</dt>
                <dd>{w.platformCompatibility.map((p) => PLATFORM_LABEL[p] ?? p).join(', ')}</dd>
              </>
            ) : null}
            {creators.length ? (
              <>
                <dt>{creators.length === 1 ? 'Creator' : 'Creators'}</dt>
                <dd>
                  {creators.map((c, i) => (
                    <>
                      {i ? ', ' : ''}
                      {c.href ? (
                        <a href={c.href} rel="noopener nofollow ugc">
                          {c.name}
                        </a>
                      ) : (
                        c.name
                      )}
                    </>
                  ))}
                </dd>
              </>
            ) : null}
          </dl>
          {vrchat ? (
            <ul class="actions">
              <li>
                <a class="btn primary" href={vrchat} rel="noopener">
                  Open in VRChat
                </a>
              </li>
            </ul>
          ) : null}
          <Paragraphs text={w.description} />
          {w.outboundLinks.length ? (
            <section aria-labelledby="links">
              <h2 id="links">Links</h2>
              <LinkList links={w.outboundLinks} copy />
            </section>
          ) : null}
        </div>
        {hero ? (
          <div class="art">
            <img src={hero} alt="" decoding="async" width={1200} height={675} />
          </div>
        ) : null}
      </article>
      <section aria-labelledby="upcoming">
        <h2 id="upcoming">Upcoming events here</h2>
        <EventGrid events={events.upcoming} empty="No upcoming event is listed in this world yet." />
      </section>
      {events.recent.length ? (
        <section aria-labelledby="recent">
          <h2 id="recent">Recent events</h2>
          <EventGrid events={events.recent} empty="" />
        </section>
      ) : null}
    </Layout>
  );
}
