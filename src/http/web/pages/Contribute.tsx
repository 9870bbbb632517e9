import type { Schemas } from '../../../contract/types.js';
import { eventPagePath } from '../../../lib/pagePaths.js';
import { FormErrors, type FieldMessages } from '../sessionForms.js';
import { formPage, type PageShell } from './Account.js';
import { EventFields, FORM_GROUPS, formValuesOf, groupLabel, type FormGroup, type FormValues, type Suggestion } from './eventForm.js';

type Draft = Schemas['DraftRecord'];
type Evidence = Schemas['ExtractionResult']['evidence'];

/** An existing event a publication or correction may duplicate (a `NEAR_DUPLICATE` choice). */
export interface Choice {
  eventId: string;
  title: string;
  slug: string;
}

const fieldId = (name: string) => `f-${name.replace(/\./g, '-')}`;

/** The three ways to start: paste an announcement, upload a poster, or an empty form. */
export function ContributeStart({ shell, errors, sourceText }: { shell: PageShell; errors?: FieldMessages; sourceText?: string }) {
  const textError = errors?.sourceText;
  const fileError = errors?.file;
  return formPage(
    shell,
    'Contribute an event',
    <>
      <p class="lead">Add an event to the directory. Start from its announcement or poster and check what we read from it, or fill in the form yourself.</p>
      <FormErrors errors={errors} />
      <section aria-labelledby="by-text">
        <h2 id="by-text">Paste the announcement</h2>
        <form method="post" action="/contribute" class="form">
          <input type="hidden" name="start" value="text" />
          <div class="field">
            <label for="f-sourceText">Announcement text</label>
            <span id="f-sourceText-hint" class="hint muted small">
              A post, a message or a description: the title, date, times and lineup are read from it as suggestions for you to check.
            </span>
            <textarea
              id="f-sourceText"
              name="sourceText"
              rows={8}
              maxLength={12000}
              aria-invalid={textError ? 'true' : undefined}
              aria-describedby={['f-sourceText-hint', textError ? 'f-sourceText-error' : ''].filter(Boolean).join(' ')}
            >
              {sourceText ?? ''}
            </textarea>
            {textError ? (
              <span id="f-sourceText-error" class="field-error error">
                {textError}
              </span>
            ) : null}
          </div>
          <div class="actions">
            <button type="submit" class="btn primary">
              Read the announcement
            </button>
          </div>
        </form>
      </section>
      <section aria-labelledby="by-poster">
        <h2 id="by-poster">Upload a poster</h2>
        <form method="post" action="/contribute/poster" enctype="multipart/form-data" class="form" data-direct-upload="" data-begin="/contribute/poster/begin" data-complete="/contribute/poster/complete">
          <div class="field">
            <label for="f-file">Poster image</label>
            <span id="f-file-hint" class="hint muted small">
              PNG, JPEG or WebP, at most 12 MiB. It stays private: only you see it while you edit.
            </span>
            <input
              id="f-file"
              type="file"
              name="file"
              accept="image/png,image/jpeg,image/webp"
              required
              aria-invalid={fileError ? 'true' : undefined}
              aria-describedby={['f-file-hint', fileError ? 'f-file-error' : ''].filter(Boolean).join(' ')}
            />
            {fileError ? (
              <span id="f-file-error" class="field-error error">
                {fileError}
              </span>
            ) : null}
          </div>
          <progress max={100} value={0} hidden aria-label="Upload progress" />
          <div class="actions">
            <button type="submit" class="btn primary">
              Upload and read the poster
            </button>
          </div>
        </form>
      </section>
      <section aria-labelledby="by-hand">
        <h2 id="by-hand">Start from nothing</h2>
        <form method="post" action="/contribute" class="actions">
          <input type="hidden" name="start" value="blank" />
          <button type="submit" class="btn">
            Start with an empty form
          </button>
        </form>
      </section>
    </>,
    { editor: true },
  );
}

/** How a proposal reads: a time point as its time, a lineup as its names. */
function shownOf(group: FormGroup, tentative: Record<string, unknown>): string {
  const v = tentative[group];
  if (group === 'lineup') {
    const rows = v as { performerLabel?: string | null; personSlug?: string | null }[];
    return `${rows.length} performer${rows.length === 1 ? '' : 's'}: ${rows.map((r) => r.performerLabel ?? r.personSlug ?? '?').join(', ')}`;
  }
  if (v && typeof v === 'object' && 'time' in v) {
    const p = v as { time: string; dayOffset?: number };
    return `${p.time}${p.dayOffset ? ` (${p.dayOffset > 0 ? '+' : ''}${p.dayOffset} day)` : ''}`;
  }
  return v === true ? 'yes' : String(v);
}

/** The evidence items of one field group (`/event/start` → start, `/lineup/…` → lineup). */
function evidenceFor(group: FormGroup, evidence: Evidence) {
  return evidence.filter((e) => (group === 'lineup' ? e.fieldPath.startsWith('/lineup') : e.fieldPath === `/event/${group}`)).slice(0, 5);
}

export interface DraftPageState {
  shell: PageShell;
  draft: Draft;
  values: FormValues;
  evidence: Evidence;
  idempotencyKey?: string;
  errors?: FieldMessages;
  /** The typed values kept beside the latest stored ones after a 409. */
  mine?: FormValues;
  conflict?: boolean;
  choices?: Choice[];
  notice?: string;
}

/** A stored question: the field it concerns and its text (`[/event/start] …`). */
function questionParts(q: string): { path?: string; text: string } {
  const m = /^\[(\/[^\]]{1,120})\] ([\s\S]*)$/.exec(q);
  return m ? { path: m[1], text: m[2] } : { text: q };
}
const questionLabel = (path?: string) => {
  if (!path) return 'Question';
  const parts = path.split('/').filter(Boolean);
  if (parts[0] === 'lineup') return parts[1] !== undefined ? `Performer ${+parts[1] + 1}` : 'Lineup';
  return groupLabel(parts[1] ?? parts[0]);
};

/** The wizard's form of one draft, its questions, the announcement and the publish step. */
export function DraftPage(s: DraftPageState) {
  const { draft, values, errors } = s;
  const id = draft.draftId;
  const action = `/contribute/${encodeURIComponent(id)}`;
  const tentative = (draft.fields.tentative ?? {}) as Record<string, unknown>;
  const suggestions: Partial<Record<FormGroup, Suggestion>> = {};
  for (const group of FORM_GROUPS) if (tentative[group] != null) suggestions[group] = { shown: shownOf(group, tentative), evidence: evidenceFor(group, s.evidence) };
  const questions = draft.fields.questions ?? [];
  const published = !!draft.publishedReceiptId;
  return formPage(
    s.shell,
    published ? 'Published contribution' : 'Your event draft',
    <>
      {s.notice ? (
        <div class="notice" role="status">
          <p>{s.notice}</p>
        </div>
      ) : null}
      {s.conflict ? (
        <div class="error" role="alert">
          <p>
            <strong>Changed elsewhere.</strong> This draft was saved from another window (or published) since you opened it. The form shows the latest version; what you typed is kept
            beside each field that differs — copy what you want to keep and save again.
          </p>
        </div>
      ) : null}
      <FormErrors errors={s.conflict ? undefined : errors} />
      {published ? (
        <p class="notice">
          This draft has been published. Find the event in <a href="/account/contributions">your contributions</a>, where it can be corrected.
        </p>
      ) : null}
      {Object.keys(suggestions).length ? (
        <p class="notice">
          Values marked <span class="badge">Suggested</span> were read from your announcement or poster. Check each: accept it, change it or clear it. Saving the draft accepts the suggestions
          the form shows.
        </p>
      ) : null}
      <form method="post" action={action} class="form" data-autosave={`draft-${id}`} data-version-input="expectedVersion" data-reload-href={action} data-unsaved="">
        <input type="hidden" name="expectedVersion" value={String(draft.version)} />
        {questions.length ? (
          <section aria-labelledby="questions">
            <h2 id="questions">Questions to answer</h2>
            <ol class="questions">
              {questions.map((q, i) => {
                const { path, text } = questionParts(q);
                return (
                  <li>
                    <div class="field">
                      <label for={fieldId(`answer.${i}`)}>
                        {questionLabel(path)}: {text}
                      </label>
                      <input id={fieldId(`answer.${i}`)} type="text" name={`answer.${i}`} maxLength={2048} autocomplete="off" />
                    </div>
                  </li>
                );
              })}
            </ol>
            <p class="muted small">An answer fills in the field it concerns and the question goes away when you save.</p>
          </section>
        ) : null}
        <EventFields values={values} errors={errors} mode="draft" suggestions={suggestions} mine={s.mine} />
        <p class="muted small" data-autosave-status="" role="status"></p>
        <div class="actions">
          <button type="submit" class="btn primary">
            Save the draft
          </button>
          {Object.keys(suggestions).length ? (
            <button type="submit" class="btn" name="op" value="acceptAll">
              Accept all suggestions
            </button>
          ) : null}
        </div>
      </form>

      <section aria-labelledby="announcement">
        <h2 id="announcement">The announcement</h2>
        <form method="post" action={`${action}/extract`} class="form">
          <div class="field">
            <label for="f-sourceText">Announcement text</label>
            <span id="f-sourceText-hint" class="hint muted small">
              Read again, it suggests values for the fields still empty.
            </span>
            <textarea
              id="f-sourceText"
              name="sourceText"
              rows={6}
              maxLength={12000}
              aria-describedby={['f-sourceText-hint', errors?.sourceText ? 'f-sourceText-error' : ''].filter(Boolean).join(' ')}
              aria-invalid={errors?.sourceText ? 'true' : undefined}
            >
              {draft.fields.sourceText ?? ''}
            </textarea>
            {errors?.sourceText ? (
              <span id="f-sourceText-error" class="field-error error">
                {errors.sourceText}
              </span>
            ) : null}
          </div>
          <div class="actions">
            <button type="submit" class="btn">
              Read the announcement again
            </button>
          </div>
        </form>
      </section>

      {published ? null : (
        <section aria-labelledby="publish">
          <h2 id="publish">Publish</h2>
          <p>Publishing makes the saved draft a public event (save your changes first). You can correct it afterwards.</p>
          <form method="post" action={`${action}/publish`} class="form">
            <input type="hidden" name="expectedVersion" value={String(draft.version)} />
            <input type="hidden" name="idempotencyKey" value={s.idempotencyKey ?? ''} />
            <Duplicates choices={s.choices} />
            <div class="actions">
              <button type="submit" class="btn primary">
                Publish the event
              </button>
            </div>
          </form>
        </section>
      )}
    </>,
    { wide: true, editor: true },
  );
}

/** Near-duplicate warnings: each existing event, and a checkbox saying this one is different. */
function Duplicates({ choices }: { choices?: Choice[] }) {
  if (!choices?.length) return null;
  return (
    <fieldset class="duplicates" aria-describedby="dup-note">
      <legend>Possible duplicates</legend>
      <p id="dup-note" class="error">
        {choices.length === 1 ? 'An event' : `${choices.length} events`} of the same community on the same day {choices.length === 1 ? 'has' : 'have'} a similar title. If yours is a different event, tick each and
        send again.
      </p>
      <div class="checks words">
        {choices.map((c) => (
          <label>
            <input type="checkbox" name="ack" value={c.eventId} /> Mine is not <a href={eventPagePath(c.slug)}>{c.title}</a>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** Correcting a published contribution: the same fields, the revision it was read at. */
export function CorrectionPage(s: {
  shell: PageShell;
  slug: string;
  record: Schemas['EventContributionRecord'];
  values: FormValues;
  errors?: FieldMessages;
  mine?: FormValues;
  conflict?: boolean;
  choices?: Choice[];
}) {
  const action = `/account/contributions/${encodeURIComponent(s.slug)}/edit`;
  return formPage(
    s.shell,
    'Correct your event',
    <>
      {s.conflict ? (
        <div class="error" role="alert">
          <p>
            <strong>Changed elsewhere.</strong> The event was changed since you opened this page. The form shows the latest version; what you typed is kept beside each field that differs.
          </p>
        </div>
      ) : null}
      <FormErrors errors={s.errors} />
      <p>
        <a href={eventPagePath(s.slug)}>The event's page</a>
      </p>
      <form method="post" action={action} class="form" data-unsaved="">
        <input type="hidden" name="expectedUpdatedAt" value={String(s.record.updatedAt)} />
        <EventFields values={s.values} errors={s.errors} mode="correction" mine={s.mine} communityName={formValuesOf(s.record.fields).communitySlug} />
        <Duplicates choices={s.choices} />
        <div class="actions">
          <button type="submit" class="btn primary">
            Save the correction
          </button>
          <a class="btn" href={eventPagePath(s.slug)}>
            Cancel
          </a>
        </div>
      </form>
    </>,
    { wide: true, editor: true },
  );
}
