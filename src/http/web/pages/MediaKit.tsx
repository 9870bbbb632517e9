import type { Schemas } from '../../../contract/types.js';
import type { MediaKitState } from '../../../services/directory/profileMedia.js';
import { Ago, safeHref } from '../ui/components.js';
import { FormErrors, type FieldMessages } from '../sessionForms.js';
import { Labelled } from '../ui/forms.js';

type Placement = Schemas['AssetPlacement'];

/** The contract's placements, in the words of the page. */
export const PLACEMENT_WORDS: Record<Placement, string> = {
  primary_logo: 'Primary logo',
  additional_logo: 'Additional logo',
  profile_image: 'Profile image',
  banner: 'Banner',
  gallery: 'Gallery',
  featured: 'Featured (in the gallery)',
};
export const PLACEMENTS = Object.keys(PLACEMENT_WORDS) as Placement[];
/** The upload form offers one placement (more can be added in the list afterwards). */
export const UPLOAD_PLACEMENTS: readonly (Placement | 'none')[] = ['primary_logo', 'additional_logo', 'profile_image', 'banner', 'gallery', 'none'];

/** One row of the media-kit list as the form holds it (the order of the rows is the order). */
export interface KitRow {
  assetId: string;
  label: string;
  altText: string;
  placements: Placement[];
}

export interface MediaKitPageData {
  slug: string;
  state: MediaKitState;
  now: number;
  notice?: string;
  /** The upload form: typed values and messages by field (`file`, `placement`, `label`, …). */
  upload?: { values: Record<string, string>; errors?: FieldMessages };
  /** The list form when re-rendered (a move without JS, or a refused save): its rows and messages. */
  rows?: { rows: KitRow[]; errors?: FieldMessages };
  /** A refused restore or remove: its message. */
  restoreError?: string;
}

export const kitPath = (slug: string) => `/manage/${encodeURIComponent(slug)}/media`;

/** The rows as the kit has them now. */
export const rowsOf = (assets: Schemas['MediaAsset'][]): KitRow[] =>
  assets.map((a) => ({ assetId: a.assetId ?? '', label: a.label ?? '', altText: a.altText ?? '', placements: [...(a.placements ?? [])] }));

function described(id: string, hint: string | undefined, error: string | undefined) {
  return [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
}

function FieldError({ id, error }: { id: string; error?: string }) {
  return error ? (
    <span id={`${id}-error`} class="field-error error">
      {error}
    </span>
  ) : null;
}

function TextInput({ id, name, label, value, error, hint, maxLength }: { id: string; name: string; label: string; value?: string; error?: string; hint?: string; maxLength: number }) {
  return (
    <Labelled name={name} id={id} label={label} hint={hint} error={error}>
      {(c) => <input id={c.id} type="text" name={name} value={value} maxLength={maxLength} aria-invalid={c.invalid} aria-describedby={c.describedBy} />}
    </Labelled>
  );
}

/** The upload form: multipart to the page without the script, straight to the transport with it. */
function UploadForm({ slug, values, errors }: { slug: string; values: Record<string, string>; errors?: FieldMessages }) {
  const base = kitPath(slug);
  const e = errors ?? {};
  const placement = values.placement ?? 'additional_logo';
  return (
    <form method="post" action={`${base}/upload`} enctype="multipart/form-data" class="form" data-direct-upload data-begin={`${base}/begin`} data-complete={`${base}/complete`}>
      <FormErrors errors={errors} />
      <div class="field">
        <label for="upload-file">Image file</label>
        <span id="upload-file-hint" class="hint muted small">
          PNG, SVG, JPEG or WebP, up to 12 MB. Pictures are re-encoded and SVG drawings cleaned before they are shown.
        </span>
        <input
          id="upload-file"
          type="file"
          name="file"
          required
          accept="image/png,image/svg+xml,image/jpeg,image/webp,.png,.svg,.jpg,.jpeg,.webp"
          aria-invalid={e.file ? 'true' : undefined}
          aria-describedby={described('upload-file', 'hint', e.file)}
        />
        <FieldError id="upload-file" error={e.file} />
      </div>
      <div class="field">
        <label for="upload-placement">Use it as</label>
        <select id="upload-placement" name="placement" aria-invalid={e.placement ? 'true' : undefined} aria-describedby={e.placement ? 'upload-placement-error' : undefined}>
          {UPLOAD_PLACEMENTS.map((p) => (
            <option value={p} selected={placement === p}>
              {p === 'none' ? 'Only in the list' : PLACEMENT_WORDS[p]}
            </option>
          ))}
        </select>
        <FieldError id="upload-placement" error={e.placement} />
      </div>
      <TextInput id="upload-label" name="label" label="Label" value={values.label} error={e.label} maxLength={80} hint="A short name; needed for the gallery." />
      <TextInput id="upload-altText" name="altText" label="Description for people who cannot see it" value={values.altText} error={e.altText} maxLength={180} />
      <TextInput id="upload-caption" name="caption" label="Caption" value={values.caption} error={e.caption} maxLength={240} />
      <TextInput id="upload-credit" name="credit" label="Credit" value={values.credit} error={e.credit} maxLength={120} />
      <TextInput id="upload-creditUrl" name="creditUrl" label="Credit link" value={values.creditUrl} error={e.creditUrl} maxLength={2048} hint="An http or https address." />
      <progress class="upload-progress" max={100} value={0} hidden />
      <div class="actions">
        <button type="submit" class="btn primary">
          Upload
        </button>
      </div>
    </form>
  );
}

/** The kit's assets in order: preview, placements, label and description, move up/down, remove. */
function KitList({ slug, state, rows, errors }: { slug: string; state: MediaKitState; rows: KitRow[]; errors?: FieldMessages }) {
  const byId = new Map(state.assets.map((a) => [a.assetId ?? '', a]));
  const shown = rows.filter((r) => byId.has(r.assetId));
  const e = errors ?? {};
  const base = kitPath(slug);
  if (!shown.length) return <p class="empty">Nothing in the media kit yet. Upload a logo or picture below.</p>;
  return (
    <form method="post" action={`${base}/kit`} class="form" data-unsaved>
      <FormErrors errors={errors} />
      <input type="hidden" name="mediaRevision" value={state.mediaRevision} />
      <fieldset data-rows class="kit-rows">
        <legend>In the media kit, in this order</legend>
        <ol class="kit-list">
          {shown.map((row, i) => {
            const a = byId.get(row.assetId)!;
            const id = `asset-${row.assetId}`;
            const src = safeHref(a.imageUrl);
            const name = row.label || `Image ${i + 1}`;
            return (
              <li data-row id={id} class="kit-row">
                <input type="hidden" name={`assets.${i}.assetId`} value={row.assetId} />
                <div class="kit-preview">{src ? <img src={src} alt={row.altText || ''} width={a.width} height={a.height} loading="lazy" /> : null}</div>
                <div class="kit-fields">
                  <p class="muted small">
                    {(a.mimeType ?? '').replace('image/', '').replace('svg+xml', 'SVG').toUpperCase()}
                    {a.width && a.height ? `, ${a.width}×${a.height}` : ''}, {Math.max(1, Math.round((a.byteSize ?? 0) / 1024))} KB
                  </p>
                  <fieldset aria-describedby={e[`assets.${i}.placements`] ? `${id}-placements-error` : undefined}>
                    <legend>Shown as</legend>
                    <div class="checks">
                      {PLACEMENTS.map((p) => (
                        <label>
                          <input type="checkbox" name={`assets.${i}.placements`} value={p} checked={row.placements.includes(p)} />
                          {PLACEMENT_WORDS[p]}
                        </label>
                      ))}
                    </div>
                    <FieldError id={`${id}-placements`} error={e[`assets.${i}.placements`]} />
                  </fieldset>
                  <TextInput id={`${id}-label`} name={`assets.${i}.label`} label="Label" value={row.label} error={e[`assets.${i}.label`]} maxLength={80} />
                  <TextInput id={`${id}-altText`} name={`assets.${i}.altText`} label="Description" value={row.altText} error={e[`assets.${i}.altText`]} maxLength={180} />
                  <div class="actions">
                    <button type="submit" class="btn" name="op" value={`up:${i}`} disabled={i === 0} aria-label={`Move ${name} up`}>
                      Up
                    </button>
                    <button type="submit" class="btn" name="op" value={`down:${i}`} disabled={i === shown.length - 1} aria-label={`Move ${name} down`}>
                      Down
                    </button>
                    <button type="submit" class="btn" name="remove" value={row.assetId} formaction={`${base}/remove`} aria-label={`Remove ${name}`}>
                      Remove
                    </button>
                  </div>
                </div>
              </li>
            );
          })}
        </ol>
      </fieldset>
      <div class="actions">
        <button type="submit" class="btn primary" name="op" value="save">
          Save order and placements
        </button>
      </div>
    </form>
  );
}

/** Removed assets, each with "Restore". */
function RemovedList({ slug, state, now, error }: { slug: string; state: MediaKitState; now: number; error?: string }) {
  if (!state.removedAssets.length) return null;
  return (
    <>
      <h2 id="removed">Removed</h2>
      {error ? (
        <p class="error" role="alert">
          {error}
        </p>
      ) : null}
      <ul class="kit-removed">
        {state.removedAssets.map((r) => (
          <li>
            <span>
              <strong>{r.label || r.mimeType.replace('image/', '').toUpperCase()}</strong>{' '}
              <span class="muted small">
                removed <Ago at={r.removedAt} now={now} />
                {r.placements.length ? ` — was ${r.placements.map((p) => PLACEMENT_WORDS[p]).join(', ')}` : ''}
              </span>
            </span>
            <form method="post" action={`${kitPath(slug)}/restore`} class="inline">
              <input type="hidden" name="mediaRevision" value={state.mediaRevision} />
              <input type="hidden" name="assetId" value={r.assetId} />
              <button type="submit" class="btn" aria-label={`Restore ${r.label || 'this image'}`}>
                Restore
              </button>
            </form>
          </li>
        ))}
      </ul>
    </>
  );
}

/** The body of `/manage/{slug}/media`. */
export function MediaKitBody({ data }: { data: MediaKitPageData }) {
  const { slug, state } = data;
  const logos = state.assets.some((a) => a.placements?.includes('primary_logo') || a.placements?.includes('additional_logo'));
  return (
    <>
      {data.notice ? (
        <div class="notice" role="status">
          <p>{data.notice}</p>
        </div>
      ) : null}
      <p class="lead">
        The logos and pictures of <strong>{slug}</strong>, as its public page and its logo download show them.
      </p>
      {logos ? (
        <p>
          <a href={`/api/v0/profiles/${encodeURIComponent(slug)}/logos.zip`}>Download the logos (.zip)</a>
        </p>
      ) : null}
      <h2 id="kit">Current images</h2>
      <KitList slug={slug} state={state} rows={data.rows?.rows ?? rowsOf(state.assets)} errors={data.rows?.errors} />
      <RemovedList slug={slug} state={state} now={data.now} error={data.restoreError} />
      <h2 id="upload">Upload</h2>
      <UploadForm slug={slug} values={data.upload?.values ?? {}} errors={data.upload?.errors} />
    </>
  );
}
