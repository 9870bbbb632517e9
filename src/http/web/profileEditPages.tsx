import express, { type Request, type Response, type NextFunction, Router } from 'express';
import type { Config } from '../../config.js';
import type { Services } from '../../services/index.js';
import type { Schemas } from '../../contract/types.js';
import type { EditableProfile } from '../../services/directory/profileWrites.js';
import { AppError, problems } from '../../services/errors.js';
import { unstorableText } from '../../services/sanitize.js';
import { createAjv } from '../../contract/ajv.js';
import { contractDocument } from '../../contract/document.js';
import { profilePagePath } from '../../lib/pagePaths.js';
import { sendHtml } from '../encoding.js';
import type { PageGuards } from './accountPages.js';
import { errorPage, formPage } from './pages/Account.js';
import { MAX_LINKS, ProfileEditForm, valuesOf, type EditValues, type LinkRow, type ProfileEditState } from './pages/ProfileEdit.js';
import { sendNotFound } from './publicPages.js';
import { fieldMessages, type FieldMessages, type SessionForms, type SessionRequest } from './sessionForms.js';

type UpdateRequest = Schemas['ApiProfileUpdateRequest'];
type LinkInput = Schemas['ApiProfileLinkInput'];

/** The form's plain fields, in the order the request names them. */
const TEXT_FIELDS = ['displayName', 'aliases', 'tags', 'headline', 'bio', 'region', 'timezone', 'pronouns', 'roleTags', 'subtype', 'categoryTags'] as const;
const LINK_FIELD = /^links\.(\d{1,3})\.(type|url|label|handle|presentation)$/;
const LIST_FIELDS = new Set(['aliases', 'tags', 'roleTags', 'categoryTags']);
/** More link rows than this in one form is not a person's form (the list holds at most MAX_LINKS). */
const MAX_ROWS = MAX_LINKS + 1;

/** A form that could not have come from the page (a field repeated, too many rows, a bad revision). */
class UnreadableForm extends Error {}

/** A list field: items separated by commas or line breaks (blank items are dropped by the service). */
const listOf = (value: string) => value.split(/[,\n]/);

/**
 * The form as typed: fields (only those present; a contributor's form has no private field),
 * the link rows in index order, the requested row operation, and messages for text no field
 * accepts (NUL, lone surrogates), by field.
 */
function readEditForm(body: Record<string, unknown>): { values: EditValues; op: string | undefined; unstorable: FieldMessages } {
  const fields: Record<string, string> = {};
  const rows = new Map<number, Partial<LinkRow>>();
  const unstorable: FieldMessages = {};
  let op: string | undefined;
  let expectedUpdatedAt = '';
  for (const [name, raw] of Object.entries(body)) {
    if (typeof raw !== 'string') throw new UnreadableForm(`The field ${name.slice(0, 40)} was sent more than once.`);
    const problem = unstorableText(raw);
    const link = LINK_FIELD.exec(name);
    if (problem) unstorable[link ? `links.${link[1]}.${link[2]}` : name] = `${problem[0].toUpperCase()}${problem.slice(1)}.`;
    if (name === 'op') op = raw;
    else if (name === 'expectedUpdatedAt') expectedUpdatedAt = raw;
    else if ((TEXT_FIELDS as readonly string[]).includes(name)) fields[name] = raw;
    else if (link) {
      const i = Number(link[1]);
      if (!rows.has(i) && rows.size >= MAX_ROWS) throw new UnreadableForm('The form has more link rows than a profile holds.');
      rows.set(i, { ...rows.get(i), [link[2]]: raw });
    }
  }
  if (!/^\d{1,16}$/.test(expectedUpdatedAt)) throw new UnreadableForm('The form lacks the revision it was opened at; open the page again.');
  const links = [...rows.entries()]
    .sort(([a], [b]) => a - b)
    .map(([, r]): LinkRow => ({ type: r.type ?? 'website', url: r.url ?? '', label: r.label ?? '', handle: r.handle ?? '', presentation: r.presentation ?? '' }));
  return { values: { expectedUpdatedAt, fields, links }, op, unstorable };
}

/** A row operation of the no-JS link editor (`add`, `remove:<i>`, `up:<i>`, `down:<i>`); false when `op` names none. */
function applyRowOp(links: LinkRow[], op: string): LinkRow[] | false {
  if (op === 'add') return links.length >= MAX_LINKS ? links : [...links, { type: 'website', url: '', label: '', handle: '', presentation: '' }];
  const m = /^(remove|up|down):(\d{1,3})$/.exec(op);
  if (!m) return false;
  const i = Number(m[2]);
  const out = [...links];
  if (i >= out.length) return out;
  if (m[1] === 'remove') out.splice(i, 1);
  else {
    const j = m[1] === 'up' ? i - 1 : i + 1;
    if (j < 0 || j >= out.length) return out;
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/**
 * The update request (contract 4.6) from the form: only the fields it holds; blank optional text
 * clears (rule 5); lists replace whole (rule 3), rows without an address dropped. `rowOf` maps
 * the request's link index back to the form's row.
 */
function requestOf(p: EditableProfile, values: EditValues): { input: Record<string, unknown>; rowOf: number[] } {
  const f = values.fields;
  const input: Record<string, unknown> = { expectedUpdatedAt: Number(values.expectedUpdatedAt) };
  const value = (name: string) => (LIST_FIELDS.has(name) ? listOf(f[name]) : f[name]);
  for (const name of ['displayName', 'aliases', 'tags', 'headline', 'bio', 'region', 'timezone']) if (Object.hasOwn(f, name)) input[name] = value(name);
  if (p.profileType === 'person') {
    const person: Record<string, unknown> = {};
    if (Object.hasOwn(f, 'pronouns')) person.pronouns = f.pronouns;
    if (Object.hasOwn(f, 'roleTags')) person.roleTags = value('roleTags');
    if (Object.keys(person).length) input.person = person;
  } else {
    const community: Record<string, unknown> = {};
    if (Object.hasOwn(f, 'subtype')) community.subtype = f.subtype;
    if (Object.hasOwn(f, 'categoryTags')) community.categoryTags = value('categoryTags');
    if (Object.keys(community).length) input.community = community;
  }
  const rowOf: number[] = [];
  const links: LinkInput[] = [];
  values.links.forEach((row, i) => {
    if (!row.url.trim()) return;
    rowOf.push(i);
    const label = row.label.trim();
    links.push({
      type: row.type as LinkInput['type'],
      url: row.url,
      ...(label ? { label, labelMode: 'custom' as const } : {}),
      ...(row.handle ? { handle: row.handle } : {}),
      ...(row.presentation ? { presentation: row.presentation as LinkInput['presentation'] } : {}),
    });
  });
  input.outboundLinks = links;
  return { input, rowOf };
}

/** A problem pointer (`/outboundLinks/2/url`, `/person/pronouns`, `/aliases/3`) → the form field it names. */
const fieldOfPointer = (rowOf: number[], known: Set<string>) => (pointer: string) => {
  const parts = pointer.split('/').filter(Boolean);
  if (parts[0] === 'outboundLinks') {
    const row = parts[1] === undefined ? undefined : rowOf[Number(parts[1])];
    if (row === undefined) return 'links';
    const field = parts[2] && ['type', 'url', 'label'].includes(parts[2]) ? parts[2] : 'url';
    return `links.${row}.${field}`;
  }
  const name = parts[0] === 'person' || parts[0] === 'community' ? parts[1] : parts[0];
  return name && known.has(name) ? name : '';
};

/** Ajv's words for the limits a person meets, as the page says them. */
function ajvMessage(e: { keyword: string; params: Record<string, unknown>; message?: string }): string {
  if (e.keyword === 'maxLength') return `must have at most ${String(e.params.limit)} characters`;
  if (e.keyword === 'minLength') return `must have at least ${String(e.params.limit)} characters`;
  if (e.keyword === 'maxItems') return `holds at most ${String(e.params.limit)} items`;
  if (e.keyword === 'enum') return 'is not one of the choices';
  return e.message ?? 'is not valid';
}

/**
 * The owner's profile editor (`/manage/{slug}`, contract 4.6) and a contributor's suggested edit
 * of an unclaimed profile (`/suggest/{slug}`): both call `profileWrites.update` as the signed-in
 * person, counted as `updateCurrentUserProfile`. What the form may show comes from
 * `profileWrites.editable` (the service's own rules: the owner sees everything, a contributor
 * what the public page shows). A non-owner at `/manage/…` gets the one 404 page.
 */
export function profileEditRoutes(config: Config, services: Services, guards: PageGuards, forms: SessionForms): Router {
  const router = Router();
  const { noStore, loadUser, requireUser, sameOrigin } = guards;
  // Fields are read flat; a repeated field arrives as an array and is refused as unreadable.
  const form = express.urlencoded({ extended: false, limit: '64kb', parameterLimit: 200 });
  const contract = contractDocument();
  const ajv = createAjv();
  ajv.addSchema(contract, 'openapi.json');
  const validUpdate = ajv.compile<UpdateRequest>({ $ref: 'openapi.json#/components/schemas/ApiProfileUpdateRequest' });
  const admit = forms.admit('updateCurrentUserProfile');

  const slugOf = (req: Request) => String(req.params.slug);
  const titleOf = (p: EditableProfile) => (p.writer === 'owner' ? `Edit ${p.displayName}` : `Suggest an edit to ${p.displayName}`);

  const show = (req: SessionRequest, res: Response, status: number, state: ProfileEditState) =>
    sendHtml(
      res.status(status),
      formPage(
        forms.shellOf(req),
        titleOf(state.profile),
        <>
          {state.profile.writer === 'owner' ? <OwnerIntro profile={state.profile} /> : <SuggestIntro profile={state.profile} />}
          <ProfileEditForm state={state} />
        </>,
        { editor: true },
      ),
    );

  const unreadable = (req: SessionRequest, res: Response, message: string) =>
    sendHtml(res.status(400), errorPage(forms.shellOf(req), 'This form could not be read', `${message} Nothing was saved.`, <p><a href={req.originalUrl.split('?')[0]}>Open the form again</a></p>));

  const unavailable = (req: SessionRequest, res: Response, err: AppError) => {
    res.status(503).setHeader('Retry-After', String(err.options.retryAfterSeconds ?? 5));
    sendHtml(res, errorPage(forms.shellOf(req), 'Temporarily unavailable', 'Saving is unavailable for a moment; nothing was saved. Go back and send the form again shortly.'));
  };

  /** A claimed profile seen from `/suggest/…`: only its owner edits it. */
  const claimedPage = (req: SessionRequest, res: Response) =>
    sendHtml(
      res.status(403),
      errorPage(
        forms.shellOf(req),
        'This profile is claimed',
        'This profile has been claimed by the person or community it describes, so only its owner can change it. Suggestions from others are for unclaimed profiles only.',
        <p>
          <a href="/search">Search the directory</a>
        </p>,
      ),
    );

  /**
   * The profile as this page may edit it: at `/manage/…` only its owner (everyone else: the one
   * 404 page, so the page never tells whose profile it is); at `/suggest/…` a contributor (a
   * claimed profile explains itself; its owner is sent to `/manage/…`).
   */
  const load = async (req: SessionRequest, res: Response, mode: 'manage' | 'suggest'): Promise<EditableProfile | undefined> => {
    const slug = slugOf(req);
    try {
      const p = await services.profileWrites.editable(forms.actorOf(req), slug);
      if (mode === 'manage' && p.writer !== 'owner') {
        sendNotFound(req, res, config.publicBaseUrl);
        return undefined;
      }
      if (mode === 'suggest' && p.writer === 'owner') {
        res.redirect(303, `/manage/${encodeURIComponent(p.slug)}`);
        return undefined;
      }
      return p;
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      if (err.status === 404 || (err.status === 403 && mode === 'manage')) sendNotFound(req, res, config.publicBaseUrl);
      else if (err.status === 403) claimedPage(req, res);
      else if (err.status === 503) unavailable(req, res, err);
      else throw err;
      return undefined;
    }
  };

  const savedNotice = (p: EditableProfile, mode: 'manage' | 'suggest') => (
    <p>
      {mode === 'manage' ? 'Your changes are saved.' : 'Thank you: your suggestion is published.'}{' '}
      {p.publiclyViewable ? (
        <a href={profilePagePath(p.slug, p.profileType)}>See the public page</a>
      ) : (
        'This profile is not on the public pages (it is a draft or kept off them), so only you see it.'
      )}
    </p>
  );

  const getPage = (mode: 'manage' | 'suggest') => async (req: SessionRequest, res: Response, next: NextFunction) => {
    try {
      const p = await load(req, res, mode);
      if (!p) return;
      const saved = req.query.saved === '1';
      show(req, res, 200, { profile: p, values: valuesOf(p), action: req.path, notice: saved ? savedNotice(p, mode) : undefined });
    } catch (err) {
      next(err);
    }
  };

  const postPage = (mode: 'manage' | 'suggest') => async (req: SessionRequest, res: Response, next: NextFunction) => {
    try {
      const body = req.body as unknown;
      if (!req.is('application/x-www-form-urlencoded') || typeof body !== 'object' || body === null) return unreadable(req, res, 'This page takes a form.');
      let read: ReturnType<typeof readEditForm>;
      try {
        read = readEditForm(body as Record<string, unknown>);
      } catch (err) {
        if (err instanceof UnreadableForm) return unreadable(req, res, err.message);
        throw err;
      }
      const p = await load(req, res, mode);
      if (!p) return;
      const { values, op, unstorable } = read;
      const action = req.path;
      if (Object.keys(unstorable).length) return show(req, res, 400, { profile: p, values, action, errors: unstorable });
      // A row button of the no-JS link editor: the form comes back with the rows changed, nothing saved.
      if (op !== undefined && op !== '') {
        const links = applyRowOp(values.links, op);
        if (links === false) return unreadable(req, res, 'The form asked for something it does not offer.');
        return show(req, res, 200, { profile: p, values: { ...values, links }, action });
      }

      const { input, rowOf } = requestOf(p, values);
      const known = new Set(Object.keys(values.fields));
      const fieldOf = fieldOfPointer(rowOf, known);
      if (!validUpdate(input)) {
        const errors = (validUpdate.errors ?? []).map((e) => ({ pointer: e.instancePath, message: ajvMessage(e) }));
        return show(req, res, 400, { profile: p, values, action, errors: fieldMessages(problems.validation(errors), fieldOf) });
      }
      try {
        await services.profileWrites.update(forms.actorOf(req), p.slug, input);
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        if (err.status === 400) return show(req, res, 400, { profile: p, values, action, errors: fieldMessages(err, fieldOf) });
        if (err.status === 409) {
          // Changed elsewhere: what was typed stays; the hidden revision moves to the latest, so
          // sending again saves these values over the other change (after reading them).
          const latest = await load(req, res, mode);
          if (!latest) return;
          return show(req, res, 409, {
            profile: latest,
            values: { ...values, expectedUpdatedAt: String(latest.updatedAt) },
            action,
            errors: {
              '': 'This profile was changed elsewhere after you opened it, so nothing was saved. Your values are still below: check them against the public page, then save again to replace the other change, or open the form again to start from the latest version.',
            },
          });
        }
        if (err.status === 403) return show(req, res, 403, { profile: p, values, action, errors: { '': err.options.detail ?? err.title } });
        if (err.status === 404) return sendNotFound(req, res, config.publicBaseUrl);
        if (err.status === 503) return unavailable(req, res, err);
        throw err;
      }
      res.redirect(303, `${action}?saved=1`);
    } catch (err) {
      next(err);
    }
  };

  // Slugs in page paths: one holding NUL names nothing and must not reach the database.
  router.param('slug', (req, res, next, value: unknown) => {
    if (typeof value === 'string' && !unstorableText(value) && value.length <= 200) return next();
    sendNotFound(req, res, config.publicBaseUrl);
  });
  router.use(['/manage', '/suggest'], noStore, loadUser);
  router.get('/manage/:slug', requireUser, getPage('manage'));
  router.post('/manage/:slug', requireUser, form, sameOrigin, admit, postPage('manage'));
  router.get('/suggest/:slug', requireUser, getPage('suggest'));
  router.post('/suggest/:slug', requireUser, form, sameOrigin, admit, postPage('suggest'));
  return router;
}

const CLAIM_WORDS: Record<EditableProfile['claimState'], string> = { unclaimed: 'unclaimed', claimed_unverified: 'claimed', claimed_verified: 'claimed and verified' };

function OwnerIntro({ profile: p }: { profile: EditableProfile }) {
  return (
    <p>
      You own this {p.profileType === 'community' ? 'community' : 'person'} profile ({CLAIM_WORDS[p.claimState]}). What you save shows on its public page at once.{' '}
      <a href={`/manage/${encodeURIComponent(p.slug)}/media`}>Media kit</a>
      {p.profileType === 'community' ? (
        <>
          {' · '}
          <a href={`/manage/${encodeURIComponent(p.slug)}/events`}>Events</a>
        </>
      ) : null}
    </p>
  );
}

function SuggestIntro({ profile: p }: { profile: EditableProfile }) {
  return (
    <div class="notice">
      <p>
        Nobody has claimed this profile yet, so anyone who knows {p.displayName} can improve it. What happens to your suggestion:
      </p>
      <ul>
        <li>It is published on the public page as soon as you send it, marked as community-submitted, and the change is recorded with your account.</li>
        <li>Links you add are marked as added by the community. Details the profile keeps private are not shown here and cannot be changed.</li>
        <li>When the person or community claims the profile, they can keep, change or remove what you wrote.</li>
      </ul>
    </div>
  );
}

