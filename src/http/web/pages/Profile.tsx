import type { Schemas } from '../../../contract/types.js';
import { Layout } from '../ui/Layout.js';
import { EventGrid, LinkList, Tags, safeHref } from '../ui/components.js';
import { CalendarActions, ClaimState, MediaKitSection, Paragraphs, summaryOf } from '../ui/directory.js';
import { profileShareImage } from '../cards/cardModel.js';

export interface ProfileData {
  profile: Schemas['PublicProfile'];
  /** The upcoming events it hosts (a community) or performs at (a person), soonest first. */
  upcoming: Schemas['PublicEventPreview'][];
  /** More upcoming events than are listed (a community's list is paged). */
  moreUpcoming: boolean;
}

/** Where a profile's page lives: people under /people, communities under /communities. */
export const profilePath = (p: Pick<Schemas['PublicProfile'], 'profileType' | 'slug'>) =>
  `/${p.profileType === 'community' ? 'communities' : 'people'}/${encodeURIComponent(p.slug)}`;

/** A person's or a community's public page: who they are, where to find them, what is coming up. */
export function ProfilePage({ baseUrl, signUp, data }: { baseUrl: string; signUp?: boolean; data: ProfileData }) {
  const { profile: p, upcoming } = data;
  const community = p.profileType === 'community';
  const avatar = safeHref(p.avatarImageUrl);
  const banner = safeHref(p.bannerImageUrl);
  const slug = encodeURIComponent(p.slug);
  const calendar = `/api/v0/communities/${slug}/calendar.ics`;
  const typeTags = community ? [...(p.community?.subtype ? [p.community.subtype] : []), ...(p.community?.categoryTags ?? [])] : (p.person?.roleTags ?? []);
  const otherTags = (p.tags ?? []).filter((t) => !typeTags.includes(t));
  return (
    <Layout
      baseUrl={baseUrl}
      signUp={signUp}
      meta={{
        title: p.displayName,
        description: summaryOf(p.headline, p.bio) ?? `${p.displayName}: ${community ? 'a community' : 'a person'} in the Marquee directory of VR events.`,
        path: profilePath(p),
        type: 'profile',
        ...profileShareImage(p),
        alternates: [
          { href: `/api/v0/profiles/${slug}`, type: 'application/json', title: `${p.displayName} (JSON)` },
          ...(community ? [{ href: calendar, type: 'text/calendar', title: `Events of ${p.displayName} (iCalendar)` }] : []),
        ],
      }}
    >
      <article class="profile">
        {banner ? (
          <div class="profile-banner">
            <img src={banner} alt="" decoding="async" width={1600} height={400} />
          </div>
        ) : null}
        <header class="ident">
          {avatar ? <img class="avatar" src={avatar} alt="" decoding="async" width={160} height={160} /> : null}
          <div>
            <p class="muted small">{community ? 'Community' : 'Person'}</p>
            <h1>{p.displayName}</h1>
            {p.headline ? <p class="lead">{p.headline}</p> : null}
          </div>
        </header>
        <ClaimState trust={p.trustLabel} />
        {/* Static links only: the page is the same for everyone (and kept for anonymous readers). */}
        {p.trustLabel === 'unclaimed' || p.trustLabel === 'community_submitted' ? (
          <p class="small">
            <a href={`/suggest/${slug}`}>Suggest an edit</a> <span class="muted">— nobody has claimed this profile yet, so anyone signed in can improve it.</span>
          </p>
        ) : (
          <p class="small">
            <a href={`/manage/${slug}`}>Edit this profile</a> <span class="muted">(its owner only)</span>
          </p>
        )}
        {p.person?.pronouns || p.region || p.timezone || p.aliases?.length ? (
          <dl class="facts">
            {p.person?.pronouns ? (
              <>
                <dt>Pronouns</dt>
                <dd>{p.person.pronouns}</dd>
              </>
            ) : null}
            {p.aliases?.length ? (
              <>
                <dt>Also known as</dt>
                <dd>{p.aliases.join(', ')}</dd>
              </>
            ) : null}
            {p.region ? (
              <>
                <dt>Region</dt>
                <dd>{p.region}</dd>
              </>
            ) : null}
            {p.timezone ? (
              <>
                <dt>Time zone</dt>
                <dd>{p.timezone}</dd>
              </>
            ) : null}
          </dl>
        ) : null}
        <Tags tags={typeTags} label={community ? 'Kind and categories' : 'Roles'} />
        <Tags tags={otherTags} label="Tags" />
        {p.bio ? (
          <section aria-labelledby="about">
            <h2 id="about">About</h2>
            <Paragraphs text={p.bio} />
          </section>
        ) : null}
        {p.outboundLinks?.length ? (
          <section aria-labelledby="links">
            <h2 id="links">Links</h2>
            <LinkList links={p.outboundLinks} copy />
          </section>
        ) : null}
        <section aria-labelledby="upcoming">
          <div class="section-head">
            <h2 id="upcoming">{community ? 'Upcoming events' : 'Upcoming appearances'}</h2>
          </div>
          {community ? <CalendarActions baseUrl={baseUrl} path={calendar} fileName={`${p.slug}.ics`} what={`${p.displayName}’s events`} /> : null}
          <EventGrid events={upcoming} empty={community ? 'No upcoming events are listed yet.' : 'No upcoming appearances are listed yet.'} />
          {data.moreUpcoming ? <p class="muted">More events follow; the calendar subscription holds them all.</p> : null}
        </section>
        <MediaKitSection kit={p.mediaKit} />
      </article>
    </Layout>
  );
}
