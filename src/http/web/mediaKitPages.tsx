import express, { type NextFunction, type Request, type Response, Router } from 'express';
import type { Config } from '../../config.js';
import type { Services } from '../../services/index.js';
import type { Schemas } from '../../contract/types.js';
import { createAjv } from '../../contract/ajv.js';
import { contractDocument } from '../../contract/document.js';
import { AppError, problems } from '../../services/errors.js';
import { unstorableText } from '../../services/sanitize.js';
import { sniffAsset } from '../../services/directory/assetImages.js';
import { PROFILE_ASSET_MAX_BYTES } from '../../services/directory/profileAssets.js';
import type { MediaKitState } from '../../services/directory/profileMedia.js';
import { readUploadForm, type UploadForm } from '../multipart.js';
import { sendHtml } from '../encoding.js';
import { sendProblem } from '../problem.js';
import { readForm } from '../requestGuards.js';
import type { PageGuards } from './accountPages.js';
import { pageHeaders } from './pageHeaders.js';
import { errorPage, formPage } from './pages/Account.js';
import { kitPath, MediaKitBody, PLACEMENTS, rowsOf, UPLOAD_PLACEMENTS, type KitRow, type MediaKitPageData } from './pages/MediaKit.js';
import { sendNotFound } from './publicPages.js';
import { fieldMessages, type FieldMessages, type SessionForms, type SessionRequest } from './sessionForms.js';

type CreateRequest = Schemas['ApiProfileAssetUploadIntentCreateRequest'];
type UploadMimeType = Schemas['UploadMimeType'];
type Placement = Schemas['AssetPlacement'];

const TEXT_FIELDS = ['label', 'altText', 'caption', 'credit', 'creditUrl'] as const;
const BY_EXTENSION: Record<string, UploadMimeType> = { png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', webp: 'image/webp', svg: 'image/svg+xml' };
const ACCEPTED = new Set<string>(Object.values(BY_EXTENSION));
const CONTROLS = /[\u0000-\u001f\u007f]/g;

/** A field's messages when the whole of an upload refers to the file. */
const uploadFieldOf = (pointer: string): string | undefined => {
  const name = pointer.split('/').filter(Boolean)[0];
  if (!name || ['file', 'byteSize', 'mimeType', 'originalFileName', 'bytes'].includes(name)) return 'file';
  if (name === 'placements') return 'placement';
  return (TEXT_FIELDS as readonly string[]).includes(name) ? name : undefined;
};

/**
 * The media kit of a profile its signed-in owner manages (`/manage/{slug}/media`, decisions §3):
 * the current assets with previews (the public asset file URLs), their placements, order, label
 * and description, remove and restore, and an upload form. The page is a third door into the
 * services of the API and the MCP media tools: uploads go through `assetUploads` (an upload
 * intent, then the one-time transport with its size limit, image re-encoding and SVG cleaning),
 * the list's changes through `profileMedia.manage` (with the kit's media revision, 409 when the
 * kit changed meanwhile). A person who does not own the profile gets the one 404 page.
 *
 * Rate limits: an upload (either way) counts as `createCurrentUserProfileAssetUploadIntent`
 * (class `asset_upload_intent`); a change of the list as `updateCurrentUserProfile` (class
 * `public_write`, where the hosted media tool's writes count too).
 *
 * Direct upload with progress (the editor script's `data-direct-upload`), this page's protocol:
 * 1. `POST {kit}/begin` (`Accept: application/json`; the form's fields other than the file, as
 *    `application/x-www-form-urlencoded` or `multipart/form-data`, plus `fileName`, `contentType`,
 *    `byteLength` of the chosen file, as the editor script sends them) creates the upload intent and answers `200`
 *    `{"intentId", "expiresAt", "transfer": {"method": "POST", "url", "fields": {}, "fileField": "file",
 *    "headers": {"x-service-upload-token": "…"}}, "complete": {"intentId"}}`,
 *    or a `400` problem whose `errors[].field` names the form field (`file`, `label`, …).
 * 2. The script sends the file to `transfer.url` as multipart with `transfer.fields` (none) and the
 *    file under `transfer.fileField`, setting every header of `transfer.headers` (the transport's
 *    credential is the `x-service-upload-token` header, contract 4.7, never a form field); no
 *    cookie or bearer is needed there. A refusal there is a problem whose `errors[].pointer`
 *    `/file` is the form's `file` field.
 * 3. `POST {kit}/complete` (the form's `data-complete`) with the members of `complete` as the
 *    editor script sends them (form-encoded: `intentId`; JSON is read too, and `intentId` may also
 *    be in the query) answers `{"redirect": "/manage/{slug}/media?uploaded=1"}` once the
 *    transport stored the image, or a `409` problem while it has not.
 * The page's `connect-src` allows its own origin and the origin of the transport's URL.
 */
export function mediaKitRoutes(config: Config, services: Services, guards: PageGuards, forms: SessionForms): Router {
  const router = Router();
  const { noStore, loadUser, requireUser, sameOrigin } = guards;
  const fields = readForm('64kb');
  const json = express.json({ limit: '4kb' });
  const transportOrigin = new URL(config.publicBaseUrl).origin;
  const headers = pageHeaders({ noStore: true, connect: ["'self'", transportOrigin] });
  const contract = contractDocument();
  const ajv = createAjv();
  ajv.addSchema(contract, 'openapi.json');
  const validIntent = ajv.compile<CreateRequest>({ $ref: 'openapi.json#/components/schemas/ApiProfileAssetUploadIntentCreateRequest' });

  const slugOf = (req: Request) => String(req.params.slug);
  const bodyOf = (req: Request) => (typeof req.body === 'object' && req.body !== null ? (req.body as Record<string, unknown>) : {});
  const text = (v: unknown) => (typeof v === 'string' ? v : Array.isArray(v) && typeof v[0] === 'string' ? v[0] : '');
  const many = (v: unknown) => (Array.isArray(v) ? v : v === undefined ? [] : [v]).filter((x): x is string => typeof x === 'string');

  /** The kit as its owner sees it; undefined (the 404 page is sent) for anyone else. */
  const kitOf = async (req: SessionRequest, res: Response): Promise<MediaKitState | undefined> => {
    try {
      return await services.profileMedia.manage(forms.actorOf(req), { slug: slugOf(req), action: 'get' });
    } catch (err) {
      if (err instanceof AppError && (err.status === 404 || err.status === 403)) {
        sendNotFound(req, res, config.publicBaseUrl);
        return undefined;
      }
      throw err;
    }
  };

  const render = (req: SessionRequest, res: Response, status: number, data: Omit<MediaKitPageData, 'now' | 'slug'>) =>
    sendHtml(res.status(status), formPage(forms.shellOf(req), 'Media kit', <MediaKitBody data={{ ...data, slug: data.state.slug, now: services.clock.now() }} />, { wide: true, editor: true }));

  /** A write that failed for a reason of ours or of the moment: a readable page, never a problem document. */
  const failed = (req: SessionRequest, res: Response, err: unknown, next: NextFunction) => {
    if (err instanceof AppError && err.status === 503) {
      res.status(503).setHeader('Retry-After', String(err.options.retryAfterSeconds ?? 5));
      return sendHtml(res, errorPage(forms.shellOf(req), 'Media kit', 'The media kit cannot be changed for a moment. Try again shortly.', <p><a href={kitPath(slugOf(req))}>Back to the media kit</a></p>));
    }
    next(err);
  };

  router.use('/manage/:slug/media', noStore, headers, loadUser);
  router.param('slug', (req, res, next, value: unknown) => (typeof value === 'string' && unstorableText(value) ? sendNotFound(req, res, config.publicBaseUrl) : next()));

  router.get('/manage/:slug/media', requireUser, async (req: SessionRequest, res, next) => {
    try {
      const state = await kitOf(req, res);
      if (!state) return;
      const notice = req.query.uploaded !== undefined ? 'The image is uploaded and in the media kit.' : req.query.saved !== undefined ? 'The media kit is saved.' : undefined;
      render(req, res, 200, { state, notice });
    } catch (err) {
      failed(req, res, err, next);
    }
  });

  /** The upload form's metadata as the intent's request members (blank members left out). */
  const metadataOf = (values: Record<string, string>): { request: Partial<CreateRequest>; errors: FieldMessages } => {
    const errors: FieldMessages = {};
    const request: Partial<CreateRequest> = {};
    for (const k of TEXT_FIELDS) {
      const v = (values[k] ?? '').trim();
      const bad = unstorableText(v);
      if (bad) errors[k] = 'Holds characters that are not text.';
      else if (v) request[k] = v;
    }
    const placement = values.placement ?? 'none';
    if (!(UPLOAD_PLACEMENTS as readonly string[]).includes(placement)) errors.placement = 'Choose one of the places offered.';
    else if (placement !== 'none') request.placements = [placement as Placement];
    return { request, errors };
  };

  /** The intent's request checked against the contract's schema, as the API's door checks it. */
  const checked = (candidate: Partial<CreateRequest>): CreateRequest => {
    if (validIntent(candidate)) return candidate;
    const errors = (validIntent.errors ?? [])
      .filter((e) => e.keyword !== 'oneOf' && e.keyword !== 'required')
      .map((e) => ({ pointer: e.instancePath || '/file', message: e.instancePath === '/byteSize' ? `must be at most ${PROFILE_ASSET_MAX_BYTES} bytes (12 MB)` : e.message ?? 'is not valid' }));
    throw problems.validation(errors.length ? errors : [{ pointer: '/file', message: 'choose an image file' }], 'The upload is not valid.');
  };

  const fileName = (name: string | undefined) => (name ?? '').replace(CONTROLS, '').trim().slice(0, 180);

  /** Without the script: the file comes to the page, which creates the intent and calls the transport itself. */
  router.post('/manage/:slug/media/upload', requireUser, sameOrigin, forms.admit('createCurrentUserProfileAssetUploadIntent'), async (req: SessionRequest, res, next) => {
    let values: Record<string, string> = {};
    const refuse = async (errors: FieldMessages, status = 400) => {
      const state = await kitOf(req, res);
      if (state) render(req, res, status, { state, upload: { values, errors } });
    };
    try {
      let form: UploadForm;
      try {
        form = await readUploadForm(req, { maxFileBytes: PROFILE_ASSET_MAX_BYTES, maxFieldBytes: 4096 });
      } catch (err) {
        if (err instanceof AppError && err.status === 400) return await refuse({ file: `${err.options.detail ?? err.title} Choose the image again and send the form.` });
        throw err;
      }
      values = Object.fromEntries(Object.entries(form.fields).map(([k, v]) => [k, v.replace(/\u0000/g, '')]));
      const { request, errors } = metadataOf(values);
      const file = form.file;
      if (!file || file.bytes.length === 0) errors.file = 'Choose an image file: PNG, SVG, JPEG or WebP, up to 12 MB.';
      if (Object.keys(errors).length) return await refuse(errors);
      // The file's own bytes say what it is; the transport checks that again and refuses anything else.
      const sniffed = sniffAsset(file!.bytes).type;
      const declared = file!.mimeType && ACCEPTED.has(file!.mimeType) ? (file!.mimeType as UploadMimeType) : undefined;
      const actor = forms.actorOf(req);
      try {
        const intent = await services.assetUploads.createIntent(
          actor,
          slugOf(req),
          checked({ ...request, originalFileName: fileName(file!.filename) || 'upload', mimeType: sniffed ?? declared ?? 'image/png' }),
        );
        await services.assetUploads.complete(intent.intentId, intent.uploadToken, {
          present: true,
          multipart: true,
          read: async () => ({ fields: {}, file: file!, truncated: form.truncated }),
        });
      } catch (err) {
        if (err instanceof AppError && (err.status === 404 || err.status === 403)) return sendNotFound(req, res, config.publicBaseUrl);
        if (err instanceof AppError && err.status >= 400 && err.status < 500 && err.status !== 429) return await refuse(fieldMessages(err, uploadFieldOf), err.status === 409 ? 409 : 400);
        throw err;
      }
      res.redirect(303, `${kitPath(slugOf(req))}?uploaded=1#kit`);
    } catch (err) {
      failed(req, res, err, next);
    }
  });

  /** The fields of a begin request: a form (urlencoded) or a multipart form without its file. */
  const beginFields = async (req: Request): Promise<Record<string, string>> => {
    if (req.is('multipart/form-data')) {
      // Only the fields are read: a file part sent along is cut at its first byte.
      const form = await readUploadForm(req, { maxFileBytes: 1, maxFieldBytes: 4096 });
      return { ...form.fields, ...(form.file ? { fileName: form.file.filename ?? '', fileType: form.file.mimeType ?? '' } : {}) };
    }
    await new Promise<void>((resolve, reject) => fields(req, req.res!, (err?: unknown) => (err ? reject(err) : resolve())));
    if (req.res!.headersSent) throw problems.malformed('The form could not be read.');
    return Object.fromEntries(Object.entries(bodyOf(req)).map(([k, v]) => [k, text(v)]));
  };

  /** With the script: the intent, and what the browser needs to send the file to the transport. */
  router.post('/manage/:slug/media/begin', requireUser, sameOrigin, forms.admit('createCurrentUserProfileAssetUploadIntent'), async (req: SessionRequest, res, next) => {
    try {
      const values = await beginFields(req);
      const { request, errors } = metadataOf(values);
      const name = fileName(values.fileName);
      // The editor script names them `contentType` and `byteLength`; `fileType`/`fileSize` are kept as aliases.
      const size = Number(values.byteLength ?? values.fileSize);
      const declared = values.contentType ?? values.fileType ?? '';
      const type = ACCEPTED.has(declared) ? (declared as UploadMimeType) : BY_EXTENSION[/\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase() ?? ''];
      if (!name) errors.file = 'Choose an image file: PNG, SVG, JPEG or WebP, up to 12 MB.';
      else if (!type) errors.file = 'Is not a PNG, SVG, JPEG or WebP image.';
      else if (Number.isFinite(size) && size > PROFILE_ASSET_MAX_BYTES) errors.file = `Is larger than ${PROFILE_ASSET_MAX_BYTES} bytes (12 MB).`;
      if (Object.keys(errors).length) {
        // Each error names its form field (`field`) beside its pointer, as the editor script reads them.
        const named = Object.entries(errors).map(([field, message]) => ({ pointer: `/${field}`, message, field }));
        return sendProblem(res, problems.validation(named, 'The upload is not valid.'));
      }
      const intent = await services.assetUploads.createIntent(
        forms.actorOf(req),
        slugOf(req),
        checked({ ...request, originalFileName: name, mimeType: type!, ...(Number.isSafeInteger(size) && size > 0 ? { byteSize: size } : {}) }),
      );
      res.setHeader('Cache-Control', 'no-store');
      res.status(200).json({
        intentId: intent.intentId,
        expiresAt: intent.expiresAt,
        transfer: { method: 'POST', url: intent.uploadUrl, fields: {}, fileField: 'file', headers: { [intent.uploadTokenHeader]: intent.uploadToken } },
        // Posted as they are, form-encoded, to the form's data-complete (the editor script's step 3).
        complete: { intentId: intent.intentId },
      });
    } catch (err) {
      if (err instanceof AppError && err.status < 500) return sendProblem(res, withFields(err));
      next(err);
    }
  });

  /** The problem of a refused begin with each error's form field named (`field`), as the script reads it. */
  const withFields = (err: AppError): AppError => {
    if (!err.options.errors?.length) return err;
    const named = err.options.errors.map((e) => ({ ...e, field: (e.pointer !== undefined ? uploadFieldOf(e.pointer) : undefined) ?? '' }));
    return problems.validation(named, err.options.detail ?? err.title);
  };

  /** After the transport stored the file: where the browser goes next. */
  router.post('/manage/:slug/media/complete', requireUser, sameOrigin, async (req: SessionRequest, res, next) => {
    const finish = async () => {
      const intentId = text(req.query.intentId) || text(bodyOf(req).intentId);
      if (!intentId || unstorableText(intentId)) throw problems.validation([{ pointer: '/intentId', message: 'is required' }]);
      const state = await kitOf(req, res);
      if (!state) return;
      const outcome = await services.assetUploads.intentOutcome(forms.actorOf(req), intentId);
      if (outcome.profileId !== state.profileId) throw problems.notFound('No upload intent of yours for this profile.');
      if (outcome.status !== 'consumed') throw problems.idempotencyConflict('The image has not arrived yet: send it to the upload address first.');
      const redirect = `${kitPath(state.slug)}?uploaded=1#kit`;
      if (forms.wantsJson(req)) res.status(200).json({ redirect });
      else res.redirect(303, redirect);
    };
    const parse = req.is('application/json') ? json : req.is('application/x-www-form-urlencoded') ? fields : (_q: Request, _s: Response, n: NextFunction) => n();
    parse(req, res, (perr?: unknown) => {
      if (perr) return next(perr);
      finish().catch((err: unknown) => {
        if (err instanceof AppError && err.status < 500) return sendProblem(res, err);
        next(err);
      });
    });
  });

  /** The list form's rows, in the order sent. */
  const rowsFrom = (body: Record<string, unknown>): KitRow[] => {
    const rows: KitRow[] = [];
    for (let i = 0; i < 500 && body[`assets.${i}.assetId`] !== undefined; i++) {
      rows.push({
        assetId: text(body[`assets.${i}.assetId`]),
        label: text(body[`assets.${i}.label`]),
        altText: text(body[`assets.${i}.altText`]),
        placements: many(body[`assets.${i}.placements`]).filter((p): p is Placement => (PLACEMENTS as string[]).includes(p)),
      });
    }
    return rows;
  };

  const staleMessage = 'The media kit changed in another window or app since this page was loaded. The list below is the current one; make your change again.';

  /** The list form: a move (re-rendered, nothing saved) or "save" (each changed asset updated, in order). */
  router.post('/manage/:slug/media/kit', requireUser, fields, sameOrigin, forms.admit('updateCurrentUserProfile'), async (req: SessionRequest, res, next) => {
    try {
      const state = await kitOf(req, res);
      if (!state) return;
      const body = bodyOf(req);
      const rows = rowsFrom(body);
      const op = text(body.op);
      const move = /^(up|down):(\d{1,4})$/.exec(op);
      if (move) {
        const i = Number(move[2]);
        const j = move[1] === 'up' ? i - 1 : i + 1;
        if (i < rows.length && j >= 0 && j < rows.length) [rows[i], rows[j]] = [rows[j], rows[i]];
        return render(req, res, 200, { state, rows: { rows } });
      }
      const actor = forms.actorOf(req);
      let revision = text(body.mediaRevision);
      if (revision !== state.mediaRevision) return render(req, res, 409, { state, rows: { rows: rowsOf(state.assets), errors: { '': staleMessage } } });
      const current = new Map(state.assets.map((a) => [a.assetId ?? '', a]));
      const listed = rows.filter((r) => current.has(r.assetId));
      const same = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x) => b.includes(x));
      const order = state.assets.map((a) => a.assetId);
      const reordered = listed.some((r, i) => order[i] !== r.assetId);
      for (const [i, row] of listed.entries()) {
        const a = current.get(row.assetId)!;
        const change: { label?: string; altText?: string; placements?: Placement[]; position?: number } = {};
        if (reordered) change.position = i;
        if (row.label.trim() !== (a.label ?? '')) change.label = row.label;
        if (row.altText.trim() !== (a.altText ?? '')) change.altText = row.altText;
        if (!same(row.placements, a.placements ?? [])) change.placements = row.placements;
        if (!Object.keys(change).length) continue;
        try {
          revision = (await services.profileMedia.manage(actor, { slug: state.slug, action: 'update', assetId: row.assetId, mediaRevision: revision, ...change })).mediaRevision;
        } catch (err) {
          if (!(err instanceof AppError) || err.status >= 500 || err.status === 429) throw err;
          if (err.status === 404 || err.status === 403) return sendNotFound(req, res, config.publicBaseUrl);
          const fresh = (await kitOf(req, res))!;
          if (err.status === 409) return render(req, res, 409, { state: fresh, rows: { rows: rowsOf(fresh.assets), errors: { '': staleMessage } } });
          const errors = fieldMessages(err, (pointer) => {
            const name = pointer.split('/').filter(Boolean)[0];
            return name && ['label', 'altText', 'placements'].includes(name) ? `assets.${i}.${name}` : undefined;
          });
          if (i > 0) errors[''] = `${errors[''] ? `${errors['']} ` : ''}The images above it were saved.`;
          return render(req, res, 400, { state: fresh, rows: { rows: listed, errors } });
        }
      }
      res.redirect(303, `${kitPath(state.slug)}?saved=1#kit`);
    } catch (err) {
      failed(req, res, err, next);
    }
  });

  /** Remove (from the list form's per-row button) and restore: one asset, with the kit's revision. */
  for (const action of ['remove', 'restore'] as const) {
    router.post(`/manage/:slug/media/${action}`, requireUser, fields, sameOrigin, forms.admit('updateCurrentUserProfile'), async (req: SessionRequest, res, next) => {
      try {
        const state = await kitOf(req, res);
        if (!state) return;
        const body = bodyOf(req);
        const assetId = text(action === 'remove' ? body.remove : body.assetId);
        try {
          await services.profileMedia.manage(forms.actorOf(req), { slug: state.slug, action, assetId, mediaRevision: text(body.mediaRevision) });
        } catch (err) {
          if (!(err instanceof AppError) || err.status >= 500 || err.status === 429) throw err;
          if (err.status === 403) return sendNotFound(req, res, config.publicBaseUrl);
          const fresh = (await kitOf(req, res))!;
          const message =
            err.status === 409
              ? staleMessage
              : action === 'remove'
                ? 'That image is not in the media kit any more.'
                : 'That image cannot be restored: it is not among the removed ones any more.';
          if (action === 'remove') return render(req, res, err.status === 409 ? 409 : 400, { state: fresh, rows: { rows: rowsOf(fresh.assets), errors: { '': message } } });
          return render(req, res, err.status === 409 ? 409 : 400, { state: fresh, restoreError: message });
        }
        res.redirect(303, `${kitPath(state.slug)}?saved=1#${action === 'remove' ? 'removed' : 'kit'}`);
      } catch (err) {
        failed(req, res, err, next);
      }
    });
  }

  return router;
}
