import crypto from 'node:crypto';
import sharp from 'sharp';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { bodyOf, callOp, contractErrors } from '../helpers/contractClient.js';
import { makeContributor, makeToken, makeUser, saveDraft, stubPosterReader } from '../helpers/factories.js';
import { operations } from '../../src/generated/contract.js';
import { Rng } from './generator.js';

/**
 * Seeded fuzzing of the media-kit upload transport past its single-use intent: every case gets
 * a fresh, valid intent (so nothing is refused at the door), then sends bytes derived from real
 * images (PNG, JPEG, WebP, GIF, SVG) with mutations (bit flips, truncation, chunks spliced from
 * another format, dimensions in the header far beyond the pixels, appended payloads, hostile
 * SVG markup, empty and random bytes) in a multipart form that is sometimes malformed too
 * (doubled or missing fields, a second file, a wrong file field, a cut boundary). Every answer
 * must be below 500, a problem the operation declares or a success matching its schema; a
 * refused upload stores no asset and no object; an accepted one stores exactly one asset.
 *
 * FUZZ_SEED picks the seed (a fixed one by default) and FUZZ_CASES the case budget.
 */
const SEED = (Number(process.env.FUZZ_SEED ?? 20261121) ^ 0x71e5) >>> 0;
const CASES = Math.max(120, Math.floor(Number(process.env.FUZZ_CASES ?? (process.env.DATABASE_URL ? 3000 : 5000)) / 25));

let t: TestApp;
let token: string;
/** A contributor's token, for the poster cases. */
let posterToken: string;
let slug: string;
let profileId: string;
let seeds: { mimeType: 'image/png' | 'image/jpeg' | 'image/webp' | 'image/svg+xml'; bytes: Buffer }[];

beforeAll(async () => {
  t = await createTestApp({ rateLimitScale: 100_000 }, { posterReader: stubPosterReader() });
  posterToken = (await makeContributor(t)).token;
  const user = await makeUser(t.services, { verified: true });
  token = (await makeToken(t.services, user.id, ['assets:write'])).value;
  const profile = await t.services.directory.createProfile({ profileType: 'community', displayName: 'Upload Fuzz Crew', ownerUserId: user.id });
  slug = profile.slug;
  profileId = profile.id;
  const canvas = () => sharp({ create: { width: 37, height: 23, channels: 4, background: { r: 200, g: 30, b: 120, alpha: 0.5 } } });
  seeds = [
    { mimeType: 'image/png', bytes: await canvas().png().toBuffer() },
    { mimeType: 'image/jpeg', bytes: await canvas().jpeg().toBuffer() },
    { mimeType: 'image/webp', bytes: await canvas().webp().toBuffer() },
    { mimeType: 'image/png', bytes: await canvas().gif().toBuffer() },
    {
      mimeType: 'image/svg+xml',
      bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10" fill="#f0c"/><text x="1" y="8">hi</text></svg>'),
    },
  ];
}, 60_000);

afterAll(() => t.close());

const counts = async () => {
  const assets = Number((await t.db('profile_assets').where({ profile_id: profileId }).count({ n: '*' }).first())?.n ?? 0);
  return { assets };
};

test('when uploads past a valid intent carry mutated images and malformed forms, then none answers 5xx, each answer is declared, and only accepted uploads store an asset', async () => {
  const rng = new Rng(SEED);
  const SVG_HOSTILE = [
    '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>',
    '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg xmlns="http://www.w3.org/2000/svg"><text>&x;</text></svg>',
    `<?xml version="1.0"?><!DOCTYPE l [<!ENTITY a "${'a'.repeat(50)}"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;">]><svg xmlns="http://www.w3.org/2000/svg"><text>&c;&c;&c;</text></svg>`,
    `<svg xmlns="http://www.w3.org/2000/svg">${'<g>'.repeat(5000)}${'</g>'.repeat(5000)}</svg>`,
    '<svg xmlns="http://www.w3.org/2000/svg" width="100000000" height="100000000"><rect width="100%" height="100%"/></svg>',
    '<svg><foreignObject><iframe src="javascript:alert(1)"/></foreignObject></svg>',
    '<html><body>not an svg</body></html>',
    '<svg xmlns="http://www.w3.org/2000/svg"><use href="https://evil.example/x.svg#a"/><style>@import url(//evil.example/a.css)</style></svg>',
    '<svg xmlns="http://www.w3.org/2000/svg"><text>\u0000\ud800\u202e</text></svg>',
    '<svg',
  ];
  /** Bytes to send, and the media type the intent declares. */
  const payload = (): { mimeType: string; bytes: Buffer } => {
    const seed = rng.pick(seeds);
    let bytes = Buffer.from(seed.bytes);
    const mutate = rng.pick<() => void>([
      () => undefined,
      () => {
        for (let i = rng.int(1, 12); i > 0; i--) {
          const at = rng.int(0, bytes.length - 1);
          bytes[at] ^= 1 << rng.int(0, 7);
        }
      },
      () => (bytes = bytes.subarray(0, rng.int(0, bytes.length - 1))),
      () => (bytes = Buffer.concat([bytes.subarray(0, rng.int(0, bytes.length)), rng.pick(seeds).bytes.subarray(rng.int(0, 40))])),
      () => (bytes = Buffer.concat([bytes, Buffer.from('<html><script>alert(1)</script></html>PK\x03\x04'), crypto.randomBytes(rng.int(0, 4096))])),
      () => {
        // A PNG header claiming enormous dimensions (IHDR width and height at offsets 16 and 20).
        if (seed.mimeType === 'image/png' && bytes.length > 24) {
          bytes.writeUInt32BE(rng.pick([0, 1, 65535, 100_000, 0x7fffffff, 0xffffffff]), 16);
          bytes.writeUInt32BE(rng.pick([0, 1, 65535, 100_000, 0x7fffffff]), 20);
        }
      },
      () => (bytes = Buffer.from(rng.pick(SVG_HOSTILE))),
      () => (bytes = crypto.randomBytes(rng.int(0, 2048))),
      () => (bytes = Buffer.alloc(0)),
    ]);
    if (rng.chance(0.7)) mutate();
    const mimeType = rng.chance(0.85) ? seed.mimeType : rng.pick(['image/png', 'image/jpeg', 'image/webp', 'image/svg+xml']);
    return { mimeType, bytes };
  };

  const failures: string[] = [];
  let accepted = 0;
  for (let i = 0; i < CASES; i++) {
    const { mimeType, bytes } = payload();
    const declareSize = rng.chance(0.2);
    const created = await callOp(t.app, 'createCurrentUserProfileAssetUploadIntent', {
      params: { slug },
      token,
      body: { originalFileName: rng.pick(['logo.png', 'logo', '..\\..\\x.svg', 'é.webp']), mimeType, ...(declareSize && bytes.length ? { byteSize: rng.chance(0.8) ? bytes.length : bytes.length + 1 } : {}), placements: rng.pick([['additional_logo'], ['primary_logo'], ['banner'], []]) } as never,
    });
    if (created.status !== 200) {
      failures.push(`upload #${i}: the intent itself was refused (${created.status}): ${JSON.stringify(created.body).slice(0, 300)}`);
      continue;
    }
    const intent = bodyOf(created, 200);
    const before = await counts();
    // The form: usually the intent's own, sometimes broken.
    const fields: Record<string, string> = {};
    const file = { field: 'file', bytes, contentType: rng.pick([mimeType, 'application/octet-stream', 'text/html']), filename: rng.pick(['upload.bin', 'a.svg', '']) };
    const form = rng.pick<() => { fields: Record<string, string>; file?: typeof file; raw?: string; rawType?: string }>([
      ...Array.from({ length: 10 }, () => () => ({ fields, file })),
      () => ({ fields: { note: 'x'.repeat(rng.int(1, 20_000)) }, file }),
      () => ({ fields, file: { ...file, field: 'image' } }),
      () => ({ fields }),
      () => ({ fields: Object.fromEntries(Array.from({ length: 15 }, (_, k) => [`f${k}`, 'v'])), file }),
      () => ({ fields, raw: `--b\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n${bytes.subarray(0, 64).toString('latin1')}`, rawType: 'multipart/form-data; boundary=b' }),
      () => ({ fields, raw: '--b\r\nContent-Disposition: form-data; name="file"\r\n\r\nnot a file part\r\n--b--\r\n', rawType: 'multipart/form-data; boundary=b' }),
      () => ({ fields, raw: bytes.toString('latin1'), rawType: rng.pick(['multipart/form-data', 'multipart/form-data; boundary=', mimeType, 'application/json']) }),
    ])();
    const line = `upload #${i} mime=${mimeType} bytes=${bytes.length} (${bytes.subarray(0, 12).toString('hex')}) file=${form.file ? `${form.file.field}/${form.file.contentType}/${form.file.filename}` : 'none'} raw=${form.raw !== undefined ? form.rawType : 'no'}`;
    try {
      const res =
        form.raw !== undefined
          ? await callOp(t.app, 'completeProfileAssetUploadIntent', { params: { intentId: intent.intentId }, headers: { 'x-service-upload-token': intent.uploadToken!, 'Content-Type': form.rawType! }, rawBody: form.raw } as never)
          : await callOp(t.app, 'completeProfileAssetUploadIntent', {
              params: { intentId: intent.intentId },
              headers: { 'x-service-upload-token': intent.uploadToken! },
              multipart: { fields: form.fields, ...(form.file ? { file: form.file } : {}) },
            } as never);
      const after = await counts();
      const { errors } = contractErrors({ method: 'post', path: operations.completeProfileAssetUploadIntent.path }, res as never);
      if (res.status >= 500 && res.status !== 503) failures.push(`${line}\n    → status ${res.status}: ${JSON.stringify(res.body).slice(0, 300)}`);
      else if (errors.length) failures.push(`${line}\n    → ${res.status} breaks the contract: ${errors.slice(0, 3).join('; ')}`);
      else if (res.status === 200) {
        accepted++;
        if (after.assets !== before.assets + 1) failures.push(`${line}\n    → accepted but stored ${after.assets - before.assets} assets`);
      } else if (after.assets !== before.assets) failures.push(`${line}\n    → refused with ${res.status} but stored ${after.assets - before.assets} assets`);
    } catch (err) {
      failures.push(`${line}\n    → request failed: ${(err as Error).message}`);
    }
  }
  if (failures.length) throw new Error(`upload fuzz seed=${SEED}: ${failures.length} of ${CASES} failing (first 30):\n${failures.slice(0, 30).join('\n')}`);
  // The fuzzer reaches past the refusals: some uploads were decoded, re-encoded and stored.
  expect(accepted).toBeGreaterThan(CASES / 25);
}, 600_000);

test('when posters past a valid begin carry mutated images, then neither the storage target nor completion answers 5xx and each answer is one the contract declares', async () => {
  const rng = new Rng(SEED ^ 0x9e37);
  const cases = Math.max(60, Math.floor(CASES / 2));
  const sha = (b: Buffer) => crypto.createHash('sha256').update(b).digest('hex');
  const posterTypes = { 'image/png': 'png', 'image/jpeg': 'jpeg', 'image/webp': 'webp' } as const;
  const poster = await sharp({ create: { width: 96, height: 128, channels: 3, background: { r: 40, g: 20, b: 90 } } });
  const posterSeeds = await Promise.all((Object.entries(posterTypes) as [keyof typeof posterTypes, 'png' | 'jpeg' | 'webp'][]).map(async ([type, format]) => ({ type, bytes: await poster.clone().toFormat(format).toBuffer() })));
  const failures: string[] = [];
  let completed = 0;
  let draftId = '';
  for (let i = 0; i < cases; i++) {
    // A draft takes 20 posters: a new one every 15 cases; a contributor 20 open drafts: a new one every 19.
    if (i % 15 === 0) {
      if (i > 0 && (i / 15) % 19 === 0) posterToken = (await makeContributor(t)).token;
      draftId = bodyOf(await saveDraft(t, posterToken, { title: `Poster fuzz ${i}` }), 200).draftId;
    }
    const seed = rng.pick(posterSeeds);
    let bytes = Buffer.from(seed.bytes);
    if (rng.chance(0.7)) {
      rng.pick<() => void>([
        () => {
          for (let k = rng.int(1, 12); k > 0; k--) bytes[rng.int(0, bytes.length - 1)] ^= 1 << rng.int(0, 7);
        },
        () => (bytes = bytes.subarray(0, rng.int(1, bytes.length - 1))),
        () => (bytes = Buffer.concat([bytes.subarray(0, rng.int(0, bytes.length)), rng.pick(posterSeeds).bytes.subarray(rng.int(0, 40))])),
        () => (bytes = Buffer.concat([bytes, Buffer.from('<script>x</script>'), crypto.randomBytes(rng.int(0, 2048))])),
        () => (bytes = crypto.randomBytes(rng.int(1, 4096))),
        () => {
          if (seed.type === 'image/png') bytes.writeUInt32BE(rng.pick([0, 100_000, 0x7fffffff]), 16);
        },
      ])();
    }
    const type = rng.chance(0.85) ? seed.type : rng.pick(Object.keys(posterTypes) as (keyof typeof posterTypes)[]);
    const begun = await callOp(t.app, 'beginEventIntakePosterUpload', { token: posterToken, params: { draftId }, body: { contentType: type, byteLength: bytes.length, sha256: sha(bytes) } });
    if (begun.status !== 200) {
      failures.push(`poster #${i}: begin refused (${begun.status}): ${JSON.stringify(begun.body).slice(0, 300)}`);
      continue;
    }
    const { transfer, posterAssetId } = bodyOf(begun, 200);
    const line = `poster #${i} type=${type} bytes=${bytes.length} (${bytes.subarray(0, 12).toString('hex')})`;
    const stored = await callOp(t.app, 'uploadPosterToStorage', { multipart: { fields: transfer.fields, file: { field: 'file', bytes, contentType: rng.chance(0.9) ? transfer.fields['Content-Type'] : 'text/html' } } });
    const completion = await callOp(t.app, 'completeEventIntakePosterUpload', { token: posterToken, params: { draftId }, body: { posterAssetId } });
    for (const [name, res, op] of [
      ['storage', stored, operations.uploadPosterToStorage],
      ['complete', completion, operations.completeEventIntakePosterUpload],
    ] as const) {
      const { errors } = contractErrors({ method: 'post', path: op.path }, res as never);
      if (res.status >= 500 && res.status !== 503) failures.push(`${line}\n    → ${name} ${res.status}: ${JSON.stringify(res.body).slice(0, 300)}`);
      else if (errors.length) failures.push(`${line}\n    → ${name} ${res.status} breaks the contract: ${errors.slice(0, 3).join('; ')}`);
    }
    if (completion.status === 200) completed++;
  }
  if (failures.length) throw new Error(`poster fuzz seed=${SEED}: ${failures.length} of ${cases} failing (first 30):\n${failures.slice(0, 30).join('\n')}`);
  expect(completed).toBeGreaterThan(cases / 10);
}, 600_000);
