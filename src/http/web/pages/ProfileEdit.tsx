import type { ComponentChildren } from 'preact';
import type { EditableProfile } from '../../../services/directory/profileWrites.js';
import type { PrivateProfileField } from '../../../repositories/profiles.js';
import { PROVIDER_HOSTS, PROVIDER_LABELS, isBrandedLinkType } from '../../../lib/linkProviders.js';
import { profilePagePath } from '../../../lib/pagePaths.js';
import { FormErrors, type FieldMessages } from '../sessionForms.js';
import { Field } from '../ui/components.js';
import { Labelled } from '../ui/forms.js';

/** Every link type the contract names (`ProfileLinkType`), in the order the editor offers them. */
export const LINK_TYPES = [
  'website',
  'vrchat_profile',
  'discord',
  'twitch',
  'youtube',
  'soundcloud',
  'mixcloud',
  'spotify',
  'bandcamp',
  'instagram',
  'linktree',
  'vrcdn',
  'kofi',
  'patreon',
  'gumroad',
  'jinxxy',
  'payhip',
  'woocommerce',
  'commissions',
  'generic_store',
  'other',
] as const;

const OPEN_TYPE_NAMES: Record<string, string> = { website: 'Website', commissions: 'Commissions', generic_store: 'Shop', woocommerce: 'WooCommerce shop', other: 'Other' };
export const linkTypeName = (type: string) => (isBrandedLinkType(type) ? PROVIDER_LABELS[type] : (OPEN_TYPE_NAMES[type] ?? type));

/** At most this many links (ApiProfileUpdateRequest `outboundLinks.maxItems`). */
export const MAX_LINKS = 20;

/** One row of the link editor, as typed (`links.<i>.<field>` in the form). */
export interface LinkRow {
  type: string;
  url: string;
  label: string;
  handle: string;
  presentation: string;
}

/** What the form shows: the typed (or stored) values by field name, and the link rows. */
export interface EditValues {
  expectedUpdatedAt: string;
  fields: Record<string, string>;
  links: LinkRow[];
}

/** The form's values from the stored profile. */
export function valuesOf(p: EditableProfile): EditValues {
  const fields: Record<string, string> = {
    displayName: p.displayName,
    aliases: p.aliases.join(', '),
    tags: p.tags.join(', '),
  };
  if (!p.hiddenFields.includes('headline')) fields.headline = p.headline ?? '';
  if (!p.hiddenFields.includes('bio')) fields.bio = p.bio ?? '';
  if (!p.hiddenFields.includes('region')) fields.region = p.region ?? '';
  if (!p.hiddenFields.includes('timezone')) fields.timezone = p.timezone ?? '';
  if (p.profileType === 'person') {
    if (!p.hiddenFields.includes('pronouns')) fields.pronouns = p.pronouns ?? '';
    fields.roleTags = p.roleTags.join(', ');
  } else {
    fields.subtype = p.communitySubtype ?? '';
    fields.categoryTags = p.categoryTags.join(', ');
  }
  return {
    expectedUpdatedAt: String(p.updatedAt),
    fields,
    links: p.outboundLinks.map((l) => ({ type: l.type, url: l.url, label: l.labelMode === 'automatic' ? '' : (l.label ?? ''), handle: l.handle ?? '', presentation: l.presentation ?? '' })),
  };
}

export interface ProfileEditState {
  profile: EditableProfile;
  values: EditValues;
  errors?: FieldMessages;
  notice?: ComponentChildren;
  /** The form's action: `/manage/{slug}` (owner) or `/suggest/{slug}` (contributor). */
  action: string;
}

const BLANK_CLEARS = 'Leave it blank to clear it.';

/** A private field's note for the owner: the contract keeps it off the public page and search. */
function privacyNote(p: EditableProfile, field: PrivateProfileField): string | undefined {
  return p.privateFields.includes(field) ? 'Kept private: only you see it; it is not on the public page or in search.' : undefined;
}

const join = (...parts: (string | undefined)[]) => parts.filter(Boolean).join(' ') || undefined;

/** A multi-line text field with its label, hint and message, in the `Field` pattern. */
function TextArea({ name, label, value, error, hint, maxLength }: { name: string; label: string; value?: string; error?: string; hint?: string; maxLength?: number }) {
  return (
    <Labelled name={name} label={label} hint={hint} error={error}>
      {(c) => (
        <textarea id={c.id} name={name} rows={6} maxLength={maxLength} aria-invalid={c.invalid} aria-describedby={c.describedBy}>
          {value ?? ''}
        </textarea>
      )}
    </Labelled>
  );
}

/** Where a stored link shows, when not everywhere (visibility is kept as stored; this editor does not change it). */
function visibilityNote(visibility: string | undefined): string | undefined {
  if (visibility === 'private') return 'Private: only you see this link.';
  if (visibility === 'unlisted') return 'Unlisted: not shown on the public page.';
  return undefined;
}

/**
 * One link row: type, URL (its message, live from the editor script or from the server, in the
 * same element next to it), optional label, and the no-JS row buttons.
 */
function LinkRowFields({ row, i, count, error, visibility, template }: { row: LinkRow; i: number; count: number; error: FieldMessages; visibility?: string; template?: boolean }) {
  const base = `links.${i}`;
  const urlId = `field-${base}.url`;
  const urlError = error[`${base}.url`];
  const typeError = error[`${base}.type`];
  const labelError = error[`${base}.label`];
  const note = visibilityNote(visibility);
  return (
    <li class="link-row" data-row="">
      <div class="field">
        <label for={`field-${base}.type`}>Type</label>
        <select id={`field-${base}.type`} name={`${base}.type`} aria-invalid={typeError ? 'true' : undefined} aria-describedby={typeError ? `field-${base}.type-error` : undefined}>
          {LINK_TYPES.map((t) => (
            <option value={t} selected={row.type === t}>
              {linkTypeName(t)}
            </option>
          ))}
        </select>
        {typeError ? (
          <span id={`field-${base}.type-error`} class="field-error error">
            {typeError}
          </span>
        ) : null}
      </div>
      <div class="field">
        <label for={urlId}>Address (https://…)</label>
        <input
          id={urlId}
          type="url"
          name={`${base}.url`}
          value={row.url}
          maxLength={2048}
          inputMode="url"
          autocomplete="url"
          aria-invalid={urlError ? 'true' : undefined}
          aria-describedby={urlError ? `${urlId}-error` : undefined}
        />
        <span id={`${urlId}-error`} class="field-error error" data-host-message="" aria-live="polite">
          {urlError ?? ''}
        </span>
      </div>
      <div class="field">
        <label for={`field-${base}.label`}>Label (optional)</label>
        <input
          id={`field-${base}.label`}
          type="text"
          name={`${base}.label`}
          value={row.label}
          maxLength={120}
          aria-invalid={labelError ? 'true' : undefined}
          aria-describedby={labelError ? `field-${base}.label-error` : undefined}
        />
        {labelError ? (
          <span id={`field-${base}.label-error`} class="field-error error">
            {labelError}
          </span>
        ) : null}
      </div>
      {row.handle ? <input type="hidden" name={`${base}.handle`} value={row.handle} /> : null}
      {row.presentation ? <input type="hidden" name={`${base}.presentation`} value={row.presentation} /> : null}
      {note ? <p class="muted small">{note}</p> : null}
      <div class="row-actions">
        <button type="submit" class="btn" name="op" value={`up:${i}`} disabled={!template && i === 0}>
          Move up<span class="visually-hidden"> link {i + 1}</span>
        </button>
        <button type="submit" class="btn" name="op" value={`down:${i}`} disabled={!template && i === count - 1}>
          Move down<span class="visually-hidden"> link {i + 1}</span>
        </button>
        <button type="submit" class="btn" name="op" value={`remove:${i}`}>
          Remove<span class="visually-hidden"> link {i + 1}</span>
        </button>
      </div>
    </li>
  );
}

/** The whole-list link editor (contract 4.6 rule 3): rows in the `data-rows` protocol; provider hosts for the live check. */
function LinkEditor({ state }: { state: ProfileEditState }) {
  const { values, profile } = state;
  const errors = state.errors ?? {};
  const rows = values.links;
  const visibilityOf = (row: LinkRow) => profile.outboundLinks.find((l) => l.type === row.type && l.url === row.url.trim())?.visibility;
  const blank: LinkRow = { type: 'website', url: '', label: '', handle: '', presentation: '' };
  return (
    <fieldset class="links-editor" data-rows="" data-hosts={JSON.stringify(PROVIDER_HOSTS)}>
      <legend>Links</legend>
      <p id="links-hint" class="hint muted small">
        The list is saved whole, in this order. A branded type (Twitch, Discord, YouTube…) must point at that provider’s site; a row left without an address is dropped. A blank
        label shows the provider’s name or the site’s address.
      </p>
      {errors.links ? (
        <p id="field-links-error" class="field-error error">
          {errors.links}
        </p>
      ) : null}
      <ol class="link-rows">
        {rows.map((row, i) => (
          <LinkRowFields row={row} i={i} count={rows.length} error={errors} visibility={visibilityOf(row)} />
        ))}
        {/* Inside the list, so that a row the editor script adds to an empty list is one of its items. */}
        <template data-row-template="">
          <LinkRowFields row={blank} i={rows.length} count={rows.length + 1} error={{}} template />
        </template>
      </ol>
      <div class="actions">
        <button type="submit" class="btn" name="op" value="add" disabled={rows.length >= MAX_LINKS}>
          Add a link
        </button>
      </div>
    </fieldset>
  );
}

/**
 * The profile editor (contract 4.6) for its owner (`/manage/{slug}`) or, on an unclaimed profile,
 * a contributor's suggested edit (`/suggest/{slug}`): every field the writer may reach, blank
 * clearing optional text, the revision in a hidden field, and the whole-list link editor.
 */
export function ProfileEditForm({ state }: { state: ProfileEditState }) {
  const { profile: p, values } = state;
  const errors = state.errors ?? {};
  const f = values.fields;
  const has = (name: string) => Object.hasOwn(f, name);
  const owner = p.writer === 'owner';
  const publicPath = profilePagePath(p.slug, p.profileType);
  return (
    <>
      {state.notice ? (
        <div class="notice" role="status">
          {state.notice}
        </div>
      ) : null}
      <FormErrors errors={Object.keys(errors).length ? errors : undefined} />
      <form method="post" action={state.action} class="form profile-edit" data-unsaved="" novalidate>
        {/* The form's default button (Enter in a field saves; the row buttons come later). */}
        <button type="submit" class="visually-hidden" tabindex={-1}>
          Save
        </button>
        <input type="hidden" name="expectedUpdatedAt" value={values.expectedUpdatedAt} />
        <Field name="displayName" label="Name" value={f.displayName} error={errors.displayName} maxLength={80} hint="2 to 80 characters." />
        <Field name="aliases" label="Also known as" value={f.aliases} error={errors.aliases} required={false} hint={`Other names, separated by commas (up to 8). ${BLANK_CLEARS}`} />
        {has('headline') ? (
          <Field name="headline" label="Headline" value={f.headline} error={errors.headline} required={false} maxLength={160} hint={join('One line under the name.', BLANK_CLEARS, privacyNote(p, 'headline'))} />
        ) : null}
        {has('bio') ? <TextArea name="bio" label="About" value={f.bio} error={errors.bio} maxLength={600} hint={join('Up to 600 characters; blank lines start paragraphs.', BLANK_CLEARS, privacyNote(p, 'bio'))} /> : null}
        {has('pronouns') ? <Field name="pronouns" label="Pronouns" value={f.pronouns} error={errors.pronouns} required={false} maxLength={80} hint={join(BLANK_CLEARS, privacyNote(p, 'pronouns'))} /> : null}
        {has('roleTags') ? <Field name="roleTags" label="Roles" value={f.roleTags} error={errors.roleTags} required={false} hint={`Such as DJ, VJ, host; separated by commas (up to 12). ${BLANK_CLEARS}`} /> : null}
        {has('subtype') ? <Field name="subtype" label="Kind of community" value={f.subtype} error={errors.subtype} required={false} maxLength={40} hint={`Such as club, festival, meetup. ${BLANK_CLEARS}`} /> : null}
        {has('categoryTags') ? <Field name="categoryTags" label="Categories" value={f.categoryTags} error={errors.categoryTags} required={false} hint={`Separated by commas (up to 12). ${BLANK_CLEARS}`} /> : null}
        {has('region') ? <Field name="region" label="Region" value={f.region} error={errors.region} required={false} maxLength={80} hint={join('Where you are based, in your words.', BLANK_CLEARS, privacyNote(p, 'region'))} /> : null}
        {has('timezone') ? (
          <Field name="timezone" label="Time zone" value={f.timezone} error={errors.timezone} required={false} maxLength={80} hint={join('An IANA zone name, such as Europe/Berlin.', BLANK_CLEARS, privacyNote(p, 'timezone'))} />
        ) : null}
        <Field name="tags" label="Tags" value={f.tags} error={errors.tags} required={false} hint={`Separated by commas (up to 12). ${BLANK_CLEARS}`} />
        <LinkEditor state={state} />
        {!owner && p.hiddenFields.length ? <p class="muted small">This profile keeps some details private; only its owner sees and changes them.</p> : null}
        <div class="actions">
          <button type="submit" class="btn primary">
            {owner ? 'Save changes' : 'Publish the suggestion'}
          </button>
          {p.publiclyViewable ? (
            <a class="btn" href={publicPath}>
              See the public page
            </a>
          ) : null}
        </div>
      </form>
    </>
  );
}
