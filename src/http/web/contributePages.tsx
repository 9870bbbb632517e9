import crypto from 'node:crypto';
import express, { type Request, type Response, type NextFunction, Router } from 'express';
import type { Config } from '../../config.js';
import type { Services } from '../../services/index.js';
import { AppError, problems } from '../../services/errors.js';
import type { Schemas } from '../../contract/types.js';
import { createAjv } from '../../contract/ajv.js';
import { contractDocument } from '../../contract/document.js';
import { unstorableText } from '../../services/sanitize.js';
import { POSTER_MAX_BYTES } from '../../services/posters/image.js';
import { eventPagePath } from '../../lib/pagePaths.js';
import { sendHtml } from '../encoding.js';
import { toProblem } from '../problem.js';
import { transportProblem } from '../requestGuards.js';
import { readUploadForm } from '../multipart.js';
import { pageHeaders } from './pageHeaders.js';
import type { PageGuards } from './accountPages.js';
import { fieldMessages, type SessionForms, type SessionRequest, type FieldMessages } from './sessionForms.js';
import { errorPage } from './pages/Account.js';
import { applyRowOp, FORM_GROUPS, fieldsOf, formFieldOf, formValuesOf, groupFilled, readFormValues, sameGroup, type EventFields, type FormGroup, type FormValues } from './pages/eventForm.js';
import { ContributeStart, CorrectionPage, DraftPage, type DraftPageState, type Choice } from './pages/Contribute.js';

type Draft = Schemas['DraftRecord'];
type Extraction = Schemas['ExtractionResult'];
const ACCEPTED_POSTERS = new Set(['image/png', 'image/jpeg', 'image/webp']);
const IDEMPOTENCY_KEY = /^[A-Za-z0-9._:-]{1,128}$/;
const SOURCE_TEXT_MAX = 12000;

/**
 * Where the editor script sends a poster's bytes: our own origin with the embedded storage,
 * the S3 endpoint's origin with S3-compatible storage (src/services/storage/config.ts).
 */
export function transferOrigin(env: NodeJS.ProcessEnv): string {
  const bucket = env.S3_BUCKET?.trim();
  if (!bucket) return "'self'";
  const region = env.S3_REGION?.trim() || 'us-east-1';
  const pathStyle = env.S3_FORCE_PATH_STYLE === '1';
  const endpoint = env.S3_ENDPOINT?.trim();
  if (endpoint) {
    const u = new URL(endpoint);
    return pathStyle ? u.origin : `${u.protocol}//${bucket}.${u.host}`;
  }
  return pathStyle ? `https://s3.${region}.amazonaws.com` : `https://${bucket}.s3.${region}.amazonaws.com`;
}

const undecodable = (body: string) =>
  body.split('&').some((pair) => {
    try {
      decodeURIComponent(pair.replace(/\+/g, ' '));
      return false;
    } catch {
      return true;
    }
  });

/** A field holding NUL (or other text no field stores) refuses the whole form. */
function nulProblem(body: Record<string, unknown>): AppError | undefined {
  const errors = Object.entries(body).flatMap(([name, value]) => {
    const message = ([] as unknown[]).concat(value).map((v) => (typeof v === 'string' ? unstorableText(v) : undefined)).find(Boolean);
    return message ? [{ pointer: `/${name}`, message }] : [];
  });
  return errors.length ? problems.validation(errors, 'The form holds text no field accepts.') : undefined;
}

/** `[/event/start] reason` — the field a stored question concerns, and its text. */
export function questionParts(q: string): { path?: string; text: string } {
  const m = /^\[(\/[^\]]{1,120})\] ([\s\S]*)$/.exec(q);
  return m ? { path: m[1], text: m[2] } : { text: q };
}

/** The form field a question's extraction path (`/event/start`, `/lineup/2/performerLabel`) is answered in. */
export function questionField(path: string | undefined): string | undefined {
  if (!path) return undefined;
  return formFieldOf(path.replace(/^\/event\//, '/'));
}

/** An extraction answer as a draft's tentative fields and questions (contract 2.4, 2.6). */
export function tentativeOf(x: Extraction): { tentative: EventFields; questions: string[] } {
  const e = x.event;
  const t: Record<string, unknown> = {};
  for (const k of ['title', 'communitySlug', 'eventDate', 'timezone', 'venueLabel', 'summary', 'sourceUrl'] as const) if (e[k]) t[k] = e[k];
  const point = (v: string | null) => (v && /^([01][0-9]|2[0-3]):[0-5][0-9]$/.test(v) ? { time: v } : undefined);
  if (point(e.start)) t.start = point(e.start);
  if (point(e.end)) t.end = point(e.end);
  const lineup = x.lineup.slice(0, 80).map((row, i) => {
    const out: Record<string, unknown> = { clientKey: `x${i}`, position: i };
    if (row.performerLabel) out.performerLabel = row.performerLabel;
    if (row.personSlug) out.personSlug = row.personSlug;
    if (row.roleLabel) out.roleLabel = row.roleLabel;
    if (point(row.start)) out.start = point(row.start);
    if (point(row.end)) out.end = point(row.end);
    return out;
  });
  if (lineup.length) t.lineup = lineup;
  const questions = x.questions.slice(0, 100).map((q) => `[${q.fieldPath}] ${q.reason}${q.alternatives.length ? ` Choices: ${q.alternatives.join('; ')}` : ''}`.slice(0, 2800));
  return { tentative: t as EventFields, questions };
}

/**
 * The contribution wizard (`/contribute`, `/contribute/{draftId}`) and the correction of a
 * published contribution (`/account/contributions/{slug}/edit`). Each form calls the service of
 * the API operation it stands for, counted in that operation's rate limit (`forms.admit`), with
 * the contract's request schema checked first, so its refusals are the API's, shown by field.
 *
 * The editor script's direct upload (documented here, as the protocol asks):
 * - `POST /contribute/poster/begin` (form fields `contentType`, `byteLength`, `sha256` of the
 *   file, optional `draftId`) → `200 {draftId, posterAssetId, expiresAt, transfer: {method,
 *   url, fields, fileField}, complete: {url, fields}}`; a new draft is made when none is named.
 * - the script posts the file to `transfer.url` with `transfer.fields` (multipart, file last);
 * - `POST complete.url` with `complete.fields` → `200 {redirect}`: the poster checked
 *   (`completeEventIntakePosterUpload`), read into suggestions, and the draft's page to open.
 * Without a script the same form posts the file to `/contribute/poster`, which does all three.
 */
export function contributeRoutes(config: Config, services: Services, guards: PageGuards, forms: SessionForms): Router {
  const router = Router();
  const { loadUser, requireUser, sameOrigin } = guards;
  const headers = pageHeaders({ noStore: true, connect: [...new Set(["'self'", transferOrigin(process.env)])] });
  // The forms' bodies: url-encoded, decodable and free of NUL, within 512 KiB (a full lineup and
  // the announcement fit). A refusal is a readable page (or the problem, for the editor script).
  const urlencoded = express.urlencoded({
    extended: false,
    limit: '512kb',
    parameterLimit: 2000,
    verify: (_req, _res, buf) => {
      if (undecodable(buf.toString('latin1'))) throw new Error('undecodable form body');
    },
  });
  const fields = (req: SessionRequest, res: Response, next: NextFunction) =>
    urlencoded(req, res, (err?: unknown) => {
      const refusal = err
        ? (err as { type?: string }).type === 'entity.verify.failed'
          ? problems.malformed('The form is not valid percent-encoded UTF-8.')
          : transportProblem(err, 0)
        : !req.is('application/x-www-form-urlencoded') || typeof req.body !== 'object' || req.body === null
          ? problems.malformed('This page accepts a form only.')
          : nulProblem(req.body as Record<string, unknown>);
      if (!refusal) return next(err);
      if (forms.wantsJson(req)) return sendJsonProblem(res, refusal);
      const detail = refusal.options.errors?.length ? `${refusal.options.detail ?? ''} ${refusal.options.errors.map((e) => `${e.pointer?.slice(1) ?? ''}: ${e.message}`).join('; ')}` : (refusal.options.detail ?? refusal.title);
      sendHtml(res.status(refusal.status), errorPage(forms.shellOf(req), 'Not sent', detail.trim(), <p>Nothing was saved. Go back, correct the text and send it again.</p>));
    });
  const ownOrigin = new URL(config.publicBaseUrl).origin;

  const contract = contractDocument();
  const ajv = createAjv();
  ajv.addSchema(contract, 'openapi.json');
  const validDraftFields = ajv.compile<Schemas['DraftFields']>({ $ref: 'openapi.json#/components/schemas/DraftFields' });
  const validCorrection = ajv.compile<Schemas['EventContributionUpdateRequest']>({ $ref: 'openapi.json#/components/schemas/EventContributionUpdateRequest' });
  const validDeclaration = ajv.compile<Schemas['PosterDeclaration']>({ $ref: 'openapi.json#/components/schemas/PosterDeclaration' });
  const schemaProblem = (errors: { instancePath: string; message?: string }[] | null | undefined, prefix = '') =>
    problems.validation((errors ?? []).map((e) => ({ pointer: `${prefix}${e.instancePath}`, message: e.message ?? 'is invalid' })));

  const bodyOf = (req: Request) => req.body as Record<string, unknown>;
  /** A second operation a form performs (paste: save, then extract), counted only when it does. */
  const alsoAdmit = (operationId: Parameters<SessionForms['admit']>[0], when: (req: Request) => boolean) => {
    const admit = forms.admit(operationId);
    return (req: Request, res: Response, next: NextFunction) => (when(req) ? admit(req, res, next) : next());
  };
  const newKey = () => `k${crypto.randomBytes(6).toString('hex')}`;
  const errorsOf = (err: AppError): FieldMessages => fieldMessages(err, formFieldOf);

  router.use(['/contribute', '/account/contributions/:slug/edit'], headers, loadUser);
  // An address holding text no draft or event address has (NUL, a lone surrogate): a readable page (the problem, for the editor script).
  for (const name of ['draftId', 'slug']) {
    router.param(name, (req: SessionRequest, res, next, value: unknown) => {
      const message = typeof value === 'string' ? unstorableText(value) : undefined;
      if (!message) return next();
      if (forms.wantsJson(req)) return sendJsonProblem(res, problems.validation([{ parameter: name, message }]));
      sendHtml(res.status(400), errorPage(forms.shellOf(req), 'Not found', `This address holds characters no ${name === 'slug' ? 'event' : 'draft'} address has.`, <p><a href="/contribute">Contribute an event</a></p>));
    });
  }

  const notFound = (req: SessionRequest, res: Response, what: string) => sendHtml(res.status(404), errorPage(forms.shellOf(req), 'Not found', what, <p><a href="/contribute">Contribute an event</a></p>));
  /** The readable page of a refusal that names no field (429 from a quota, 503, …), or next(err). */
  const otherwise = (req: SessionRequest, res: Response, next: NextFunction, err: unknown) => {
    if (!(err instanceof AppError)) return next(err);
    if (forms.wantsJson(req)) return sendJsonProblem(res, err);
    if (err.options.retryAfterSeconds !== undefined) res.setHeader('Retry-After', String(err.options.retryAfterSeconds));
    if (err.status === 404) return notFound(req, res, 'No such draft or event of yours.');
    sendHtml(res.status(err.status), errorPage(forms.shellOf(req), err.status === 503 ? 'Unavailable for a moment' : 'Not done', err.options.detail ?? err.title, <p><a href="/contribute">Contribute an event</a></p>));
  };
  /** The problem as the API gives it, each error naming the form field (`field`) it concerns. */
  const sendJsonProblem = (res: Response, err: AppError) => {
    const p = toProblem(err);
    if (Array.isArray(p.body.errors)) p.body.errors = (p.body.errors as { pointer?: string; parameter?: string }[]).map((e) => ({ ...e, field: e.pointer !== undefined ? formFieldOf(e.pointer) ?? '' : e.parameter ?? '' }));
    for (const [name, value] of Object.entries(p.headers)) res.setHeader(name, value);
    res.status(p.status).type(p.contentType).send(JSON.stringify(p.body));
  };

  // ---- extraction into a draft -------------------------------------------------------------

  /** Runs extraction on the draft and keeps its answer as the draft's suggestions and questions. */
  const extractInto = async (req: SessionRequest, draftId: string, input: { sourceText?: string; posterAssetId?: string } = {}) => {
    const actor = forms.actorOf(req);
    const answer = await services.extraction.extract(actor, draftId, input);
    const draft = await services.drafts.read(actor, draftId);
    const { tentative, questions } = tentativeOf(answer);
    // Only what the contributor has not filled in is proposed.
    const stored = formValuesOf(draft.fields);
    const proposed: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(tentative)) if (!groupFilled(k as FormGroup, stored)) proposed[k] = v;
    await services.drafts.update(actor, draftId, draft.version, { tentative: Object.keys(proposed).length ? (proposed as EventFields) : null, questions: questions.length ? questions : null });
  };

  /** The evidence behind each proposal: the extraction read again (text only; posters are not read twice). */
  const evidenceOf = async (req: SessionRequest, draft: Draft): Promise<Extraction['evidence']> => {
    const t = draft.fields.tentative;
    if (!t || !Object.keys(t).length || draft.fields.posterSourceId || !draft.fields.sourceText) return [];
    try {
      return (await services.extraction.extract(forms.actorOf(req), draft.draftId, {})).evidence;
    } catch {
      return [];
    }
  };

  // ---- the start page ----------------------------------------------------------------------

  const startPage = (req: SessionRequest, res: Response, status = 200, state: { errors?: FieldMessages; sourceText?: string } = {}) =>
    sendHtml(res.status(status), ContributeStart({ shell: forms.shellOf(req), ...state }));

  router.get('/contribute', requireUser, (req: SessionRequest, res) => startPage(req, res));

  router.post('/contribute', requireUser, sameOrigin, fields, forms.admit('saveEventIntakeDraft'), alsoAdmit('extractEventIntakeDraft', (req) => bodyOf(req).start === 'text'), async (req: SessionRequest, res, next) => {
    const body = bodyOf(req);
    try {
      const start = body.start;
      const sourceText = typeof body.sourceText === 'string' ? body.sourceText.replace(/\r\n/g, '\n') : undefined;
      if (start === 'text') {
        if (typeof body.sourceText !== 'string') return startPage(req, res, 400, { errors: { sourceText: 'Send the announcement once, as text.' } });
        if (!sourceText?.trim()) return startPage(req, res, 400, { errors: { sourceText: 'Paste the announcement first.' } });
        if (sourceText.length > SOURCE_TEXT_MAX) return startPage(req, res, 400, { errors: { sourceText: `The announcement is longer than ${SOURCE_TEXT_MAX} characters; paste the part about the event.` }, sourceText: sourceText.slice(0, SOURCE_TEXT_MAX) });
      } else if (start !== 'blank') {
        return startPage(req, res, 400, { errors: { '': 'Choose how to start: paste an announcement, upload a poster or start with an empty form.' } });
      }
      const { draftId } = await services.drafts.save(forms.actorOf(req), { patch: start === 'text' ? { sourceText } : {} });
      if (start === 'text') await extractInto(req, draftId);
      res.redirect(303, `/contribute/${encodeURIComponent(draftId)}`);
    } catch (err) {
      if (err instanceof AppError && err.status === 400) return startPage(req, res, 400, { errors: errorsOf(err), sourceText: typeof body.sourceText === 'string' ? body.sourceText : undefined });
      otherwise(req, res, next, err);
    }
  });

  // ---- posters -----------------------------------------------------------------------------

  const declarationOf = (bytes: Buffer, contentType: string) => ({
    contentType: contentType as 'image/png' | 'image/jpeg' | 'image/webp',
    byteLength: bytes.length,
    sha256: crypto.createHash('sha256').update(bytes).digest('hex'),
  });

  /** The checked poster kept on the draft, then read into suggestions. */
  const attachPoster = async (req: SessionRequest, draftId: string, posterAssetId: string, declaration: Schemas['PosterDeclaration']) => {
    const actor = forms.actorOf(req);
    await services.posters.complete(actor, draftId, posterAssetId);
    const draft = await services.drafts.read(actor, draftId);
    await services.drafts.update(actor, draftId, draft.version, { posterSourceId: posterAssetId, posterDeclaration: declaration });
    await extractInto(req, draftId, { posterAssetId });
  };

  /** Sends the bytes to the transfer target: in-process for the embedded store, else as the browser would. */
  const store = async (transfer: { url: string; fields: Record<string, string> }, bytes: Buffer, contentType: string) => {
    if (new URL(transfer.url).origin === ownOrigin) return services.posters.receiveUpload(transfer.fields, { bytes }, false);
    const form = new FormData();
    for (const [k, v] of Object.entries(transfer.fields)) form.append(k, v);
    form.append('file', new Blob([new Uint8Array(bytes)], { type: contentType }), 'poster');
    const answer = await fetch(transfer.url, { method: 'POST', body: form });
    if (!answer.ok) throw problems.responseUnavailable('The poster could not be stored; try again shortly.');
  };

  router.post('/contribute/poster', requireUser, sameOrigin, forms.admit('beginEventIntakePosterUpload'), forms.admit('completeEventIntakePosterUpload'), async (req: SessionRequest, res, next) => {
    try {
      const upload = await readUploadForm(req, { maxFileBytes: POSTER_MAX_BYTES });
      const file = upload.file;
      if (!file || !file.bytes.length) return startPage(req, res, 400, { errors: { file: 'Choose a poster image to upload.' } });
      if (upload.truncated) return startPage(req, res, 400, { errors: { file: 'The image is larger than 12 MiB.' } });
      const contentType = file.mimeType ?? '';
      if (!ACCEPTED_POSTERS.has(contentType)) return startPage(req, res, 400, { errors: { file: 'Choose a PNG, JPEG or WebP image.' } });
      const actor = forms.actorOf(req);
      const declaration = declarationOf(file.bytes, contentType);
      const { draftId } = await services.drafts.save(actor, { patch: {} });
      const begun = await services.posters.begin(actor, draftId, declaration);
      await store(begun.transfer, file.bytes, contentType);
      try {
        await attachPoster(req, draftId, begun.posterAssetId, declaration);
      } catch (err) {
        // The draft stays (empty) and opens with the reason: the poster itself was refused.
        if (err instanceof AppError && err.status === 400) return startPage(req, res, 400, { errors: { file: `This image was refused: ${err.options.errors?.[0]?.message ?? err.options.detail ?? err.title}` } });
        throw err;
      }
      res.redirect(303, `/contribute/${encodeURIComponent(draftId)}`);
    } catch (err) {
      if (err instanceof AppError && err.status === 400) return startPage(req, res, 400, { errors: { file: err.options.errors?.[0]?.message ?? err.options.detail ?? err.title } });
      otherwise(req, res, next, err);
    }
  });

  router.post('/contribute/poster/begin', requireUser, sameOrigin, fields, forms.admit('beginEventIntakePosterUpload'), async (req: SessionRequest, res, next) => {
    try {
      const body = bodyOf(req);
      const declaration = { contentType: body.contentType, byteLength: /^\d{1,9}$/.test(String(body.byteLength)) ? Number(body.byteLength) : body.byteLength, sha256: body.sha256 };
      if (!validDeclaration(declaration)) throw schemaProblem(validDeclaration.errors);
      const actor = forms.actorOf(req);
      const draftId = typeof body.draftId === 'string' && body.draftId ? body.draftId : (await services.drafts.save(actor, { patch: {} })).draftId;
      const begun = await services.posters.begin(actor, draftId, declaration as Schemas['PosterDeclaration']);
      res.json({ draftId, ...begun, complete: { url: '/contribute/poster/complete', fields: { draftId, posterAssetId: begun.posterAssetId, ...declaration, byteLength: String(declaration.byteLength) } } });
    } catch (err) {
      if (err instanceof AppError) return sendJsonProblem(res, err);
      next(err);
    }
  });

  router.post('/contribute/poster/complete', requireUser, sameOrigin, fields, forms.admit('completeEventIntakePosterUpload'), async (req: SessionRequest, res, next) => {
    try {
      const body = bodyOf(req);
      const [draftId, posterAssetId] = [body.draftId, body.posterAssetId].map((v) => (typeof v === 'string' ? v : ''));
      if (!draftId || !posterAssetId) throw problems.validation([{ pointer: '/posterAssetId', message: 'draftId and posterAssetId are required' }]);
      // The declaration is kept on the draft as sent back: it must be one the contract accepts.
      const declaration = { contentType: body.contentType, byteLength: /^\d{1,9}$/.test(String(body.byteLength)) ? Number(body.byteLength) : body.byteLength, sha256: body.sha256 };
      if (!validDeclaration(declaration)) throw schemaProblem(validDeclaration.errors);
      await attachPoster(req, draftId, posterAssetId, declaration);
      res.json({ redirect: `/contribute/${encodeURIComponent(draftId)}` });
    } catch (err) {
      if (err instanceof AppError) return sendJsonProblem(res, err);
      next(err);
    }
  });

  // ---- the draft form ----------------------------------------------------------------------

  /** What the form shows of a stored draft: its fields, with suggestions where nothing is filled in. */
  const shownValues = (draft: Draft): FormValues => {
    const values = formValuesOf(draft.fields);
    const tentative = formValuesOf(draft.fields.tentative);
    for (const group of FORM_GROUPS) {
      if (draft.fields.tentative?.[group as keyof EventFields] == null || groupFilled(group, values)) continue;
      for (const [k, v] of Object.entries(tentative)) if (k === group || k.startsWith(`${group}.`)) values[k] = v;
    }
    return values;
  };

  const draftPage = async (req: SessionRequest, res: Response, draft: Draft, status: number, state: Partial<DraftPageState> = {}) => {
    const evidence = await evidenceOf(req, draft);
    sendHtml(res.status(status), DraftPage({ shell: forms.shellOf(req), draft, values: state.values ?? shownValues(draft), evidence, idempotencyKey: crypto.randomBytes(16).toString('hex'), ...state }));
  };

  router.get('/contribute/:draftId', requireUser, forms.admit('getEventIntakeDraft'), async (req: SessionRequest, res, next) => {
    try {
      const draft = await services.drafts.read(forms.actorOf(req), String(req.params.draftId));
      await draftPage(req, res, draft, 200, { notice: req.query.saved === '1' ? 'Saved.' : undefined });
    } catch (err) {
      otherwise(req, res, next, err);
    }
  });

  /**
   * The patch a saved form makes: the fields as typed. Sending the form (Save, or a lineup
   * button) confirms what it shows; the autosave keeps a suggestion left as it was a suggestion,
   * so only the contributor's own choice publishes it. Clear drops one.
   */
  const draftPatch = (draft: Draft, values: FormValues, op: string, answers: Record<string, string>, autosave: boolean): Schemas['DraftFields'] => {
    const t = (draft.fields.tentative ?? {}) as Record<string, unknown>;
    const suggested = formValuesOf(draft.fields.tentative);
    const stored = formValuesOf(draft.fields);
    const typed = fieldsOf(values, () => newKey());
    const left: Record<string, unknown> = { ...t };
    const patch: Record<string, unknown> = {};
    for (const group of FORM_GROUPS) {
      if (t[group] == null) {
        patch[group] = typed[group];
        continue;
      }
      if (op === `clear:${group}`) patch[group] = null;
      else if (!autosave || op === 'acceptAll' || op === `accept:${group}` || groupFilled(group, stored) || !sameGroup(group, values, suggested)) patch[group] = typed[group];
      else continue; // still only a suggestion: stays tentative, the field stays empty
      delete left[group];
    }
    // The page names each question by its place in the list (`answer.<i>`), and an autosave does
    // not re-render it: an answered question stays until the form is sent, so every autosave
    // applies its answer again (the field it fills still shows the old value on that page).
    const questions = autosave ? (draft.fields.questions ?? []) : (draft.fields.questions ?? []).filter((_q, i) => !(answers[i] ?? '').trim());
    patch.tentative = Object.keys(left).length ? left : null;
    patch.questions = questions.length ? questions : null;
    return patch as Schemas['DraftFields'];
  };

  router.post('/contribute/:draftId', requireUser, sameOrigin, fields, forms.admit('updateEventIntakeDraft'), async (req: SessionRequest, res, next) => {
    const draftId = String(req.params.draftId);
    const json = forms.wantsJson(req);
    let typed: FormValues = {};
    try {
      const actor = forms.actorOf(req);
      const draft = await services.drafts.read(actor, draftId);
      const { values, extra, error } = readFormValues(bodyOf(req));
      const op = extra.op ?? '';
      // Answers to questions are typed into the field each names.
      const answers: Record<string, string> = {};
      for (const [k, v] of Object.entries(extra)) {
        const m = /^answer\.(\d{1,3})$/.exec(k);
        if (!m || !v.trim()) continue;
        answers[+m[1]] = v;
        const target = questionField(questionParts(draft.fields.questions?.[+m[1]] ?? '').path);
        if (target && /^(title|eventDate|timezone|venueLabel|summary|sourceUrl|worldSlug|communitySlug|(start|end|doors)\.time|lineup\.\d+\.\w+)$/.test(target)) values[target] = v.trim();
      }
      typed = /^(add|(remove|up|down):\d{1,3})$/.test(op) ? applyRowOp(values, op, newKey) : values;
      if (error) throw error;
      const version = /^\d{1,15}$/.test(extra.expectedVersion ?? '') ? Number(extra.expectedVersion) : NaN;
      if (!(version > 0)) throw problems.validation([{ pointer: '/expectedVersion', message: 'is required: reload the draft' }]);
      const patch = draftPatch(draft, typed, op, answers, extra.autosave === '1');
      if (!validDraftFields(patch)) throw schemaProblem(validDraftFields.errors);
      const saved = await services.drafts.update(actor, draftId, version, patch);
      if (json) return res.json({ version: saved.version, savedAt: new Date(services.clock.now()).toISOString() });
      res.redirect(303, `/contribute/${encodeURIComponent(draftId)}?saved=1${op.startsWith('accept') || op.startsWith('clear') ? '' : /^(add|remove|up|down)/.test(op) ? '#lineup' : ''}`);
    } catch (err) {
      if (!(err instanceof AppError) || json || (err.status !== 400 && err.status !== 409)) return otherwise(req, res, next, err);
      try {
        const latest = await services.drafts.read(forms.actorOf(req), draftId);
        if (err.status === 409) {
          // Changed elsewhere (or published): the latest stored values, the typed ones beside them.
          return draftPage(req, res, latest, 409, { mine: typed, conflict: true });
        }
        await draftPage(req, res, latest, 400, { values: typed, errors: errorsOf(err) });
      } catch (again) {
        otherwise(req, res, next, again);
      }
    }
  });

  router.post('/contribute/:draftId/extract', requireUser, sameOrigin, fields, forms.admit('extractEventIntakeDraft'), async (req: SessionRequest, res, next) => {
    const draftId = String(req.params.draftId);
    try {
      const body = bodyOf(req);
      const actor = forms.actorOf(req);
      const draft = await services.drafts.read(actor, draftId);
      if (typeof body.sourceText !== 'string' || body.sourceText.length > SOURCE_TEXT_MAX) {
        throw problems.validation([{ pointer: '/sourceText', message: `must be one text of at most ${SOURCE_TEXT_MAX} characters` }]);
      }
      const sourceText = body.sourceText.replace(/\r\n/g, '\n');
      if (sourceText !== (draft.fields.sourceText ?? '')) await services.drafts.update(actor, draftId, draft.version, { sourceText: sourceText.trim() ? sourceText : null });
      await extractInto(req, draftId);
      res.redirect(303, `/contribute/${encodeURIComponent(draftId)}`);
    } catch (err) {
      if (err instanceof AppError && (err.status === 400 || err.status === 409)) {
        try {
          return await draftPage(req, res, await services.drafts.read(forms.actorOf(req), draftId), err.status, { errors: { sourceText: fieldMessages(err)['sourceText'] ?? Object.values(fieldMessages(err))[0] }, conflict: err.status === 409 });
        } catch (again) {
          return otherwise(req, res, next, again);
        }
      }
      otherwise(req, res, next, err);
    }
  });

  router.post('/contribute/:draftId/publish', requireUser, sameOrigin, fields, forms.admit('publishEventIntakeDraft'), async (req: SessionRequest, res, next) => {
    const draftId = String(req.params.draftId);
    const body = bodyOf(req);
    const key = typeof body.idempotencyKey === 'string' ? body.idempotencyKey : '';
    try {
      const actor = forms.actorOf(req);
      let version = typeof body.expectedVersion === 'string' && /^\d{1,15}$/.test(body.expectedVersion) ? Number(body.expectedVersion) : NaN;
      if (!(version > 0) || !IDEMPOTENCY_KEY.test(key)) throw problems.validation([{ pointer: '/expectedVersion', message: 'this publish form is incomplete: reload the draft and publish again' }]);
      const acks = ([] as unknown[]).concat(body.ack ?? []).filter((a): a is string => typeof a === 'string' && a.length > 0 && a.length <= 200);
      if (acks.length) {
        // The acknowledgements are saved on the draft first (the API's way), then the same attempt publishes.
        const draft = await services.drafts.read(actor, draftId);
        const known = new Set(draft.fields.duplicateAcknowledgements ?? []);
        if (!draft.publishedReceiptId && acks.some((a) => !known.has(a))) {
          version = (await services.drafts.update(actor, draftId, version, { duplicateAcknowledgements: [...new Set([...known, ...acks])].slice(0, 100) })).version;
        }
      }
      const published = await services.publishing.publish(actor, draftId, version, key);
      res.redirect(303, eventPagePath(published.eventPath.split('/').pop()!));
    } catch (err) {
      if (!(err instanceof AppError) || (err.status !== 400 && err.status !== 409)) return otherwise(req, res, next, err);
      try {
        const latest = await services.drafts.read(forms.actorOf(req), draftId);
        const choices: Choice[] | undefined = err.options.code === 'NEAR_DUPLICATE' ? (err.options.choices ?? []).map((c) => ({ ...c, slug: c.eventPath.split('/').pop()! })) : undefined;
        await draftPage(req, res, latest, err.status, {
          errors: choices || err.options.code === 'STALE_VERSION' ? undefined : errorsOf(err),
          choices,
          // The same attempt goes on with its key after a near-duplicate; otherwise a new one.
          idempotencyKey: choices && IDEMPOTENCY_KEY.test(key) ? key : undefined,
          // The draft was saved since the publish form was shown (the autosave, another window):
          // the latest version is shown to check, with a new attempt.
          notice: err.options.code === 'STALE_VERSION' ? 'The draft was saved since this page was shown, so nothing was published. Check it below and publish again.' : undefined,
        });
      } catch (again) {
        otherwise(req, res, next, again);
      }
    }
  });

  // ---- correcting a published contribution -------------------------------------------------

  const correctionPage = (req: SessionRequest, res: Response, slug: string, record: Schemas['EventContributionRecord'], status: number, state: { values?: FormValues; errors?: FieldMessages; mine?: FormValues; conflict?: boolean; choices?: Choice[]; notice?: string } = {}) =>
    sendHtml(res.status(status), CorrectionPage({ shell: forms.shellOf(req), slug, record, values: state.values ?? formValuesOf(record.fields), ...state }));

  router.get('/account/contributions/:slug/edit', requireUser, forms.admit('getEventContribution'), async (req: SessionRequest, res, next) => {
    try {
      const slug = String(req.params.slug);
      correctionPage(req, res, slug, await services.publishing.contribution(forms.actorOf(req), slug), 200);
    } catch (err) {
      if (err instanceof AppError && err.status === 403) return notFound(req, res, 'No such event of yours.');
      otherwise(req, res, next, err);
    }
  });

  router.post('/account/contributions/:slug/edit', requireUser, sameOrigin, fields, forms.admit('updateEventContribution'), async (req: SessionRequest, res, next) => {
    const slug = String(req.params.slug);
    let typed: FormValues = {};
    try {
      const actor = forms.actorOf(req);
      const record = await services.publishing.contribution(actor, slug);
      const { values, extra, error } = readFormValues(bodyOf(req));
      const op = extra.op ?? '';
      typed = values;
      if (error) throw error;
      if (/^(add|(remove|up|down):\d{1,3})$/.test(op)) return correctionPage(req, res, slug, record, 200, { values: applyRowOp(values, op, newKey) });
      const { communitySlug: _fixed, ...patch } = fieldsOf(values, () => newKey());
      const acks = ([] as unknown[]).concat(bodyOf(req).ack ?? []).filter((a): a is string => typeof a === 'string');
      const request = {
        expectedUpdatedAt: /^\d{1,16}$/.test(extra.expectedUpdatedAt ?? '') ? Number(extra.expectedUpdatedAt) : extra.expectedUpdatedAt,
        patch,
        ...(acks.length ? { duplicateAcknowledgements: acks } : {}),
      };
      if (!validCorrection(request)) throw schemaProblem(validCorrection.errors);
      await services.publishing.correct(actor, slug, request);
      res.redirect(303, eventPagePath(slug));
    } catch (err) {
      if (!(err instanceof AppError) || (err.status !== 400 && err.status !== 409)) {
        if (err instanceof AppError && err.status === 403) return notFound(req, res, 'No such event of yours.');
        return otherwise(req, res, next, err);
      }
      try {
        const latest = await services.publishing.contribution(forms.actorOf(req), slug);
        if (err.options.code === 'STALE_VERSION') return correctionPage(req, res, slug, latest, 409, { mine: typed, conflict: true });
        const choices: Choice[] | undefined = err.options.code === 'NEAR_DUPLICATE' ? (err.options.choices ?? []).map((c) => ({ ...c, slug: c.eventPath.split('/').pop()! })) : undefined;
        correctionPage(req, res, slug, latest, err.status, { values: typed, errors: choices ? undefined : errorsOf(err), choices });
      } catch (again) {
        otherwise(req, res, next, again);
      }
    }
  });

  return router;
}
