import { parse } from 'yaml';
import request from 'supertest';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { callOp, expectStatus } from '../helpers/contractClient.js';
import { contractDocument } from '../../src/contract/document.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the served contract (contract 9.2)', () => {
  test('when fetched as JSON, then it is OpenAPI 3.1.0, version 0.1.0, served from the configured base URL', async () => {
    const res = await callOp(t.app, 'getOpenApiDocument');
    expectStatus(res, 200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body.openapi).toBe('3.1.0');
    expect((res.body.info as { version?: unknown }).version).toBe('0.1.0');
    expect(res.body.servers).toEqual([{ url: 'http://marquee.test', description: expect.any(String) }]);
    expect(res.body.paths).toEqual(contractDocument().paths);
  });

  test('when fetched as YAML, then it parses to the same document', async () => {
    const json = await callOp(t.app, 'getOpenApiDocument');
    const res = await callOp(t.app, 'getOpenApiYamlDocument');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/yaml/);
    expect(parse(res.text)).toEqual(json.body);
  });

  test('when fetched again with its ETag, then 304 without a body; a stale tag gets the document', async () => {
    const first = await callOp(t.app, 'getOpenApiDocument');
    expect(first.headers.etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    const again = await callOp(t.app, 'getOpenApiDocument', { headers: { 'If-None-Match': `"other", ${first.headers.etag}` } });
    expect(again.status).toBe(304);
    expect(again.text ?? '').toBe('');
    const stale = await callOp(t.app, 'getOpenApiDocument', { headers: { 'If-None-Match': '"stale"' } });
    expect(stale.status).toBe(200);
    const yaml = await callOp(t.app, 'getOpenApiYamlDocument');
    expect(yaml.headers.etag).not.toBe(first.headers.etag);
  });

  test('when asked with HEAD, then the GET answer without a body', async () => {
    // Raw: HEAD is answered from the GET operation by the HTTP layer; the contract declares no HEAD operation.
    const res = await request(t.app).head('/api/v0/openapi.json');
    expect(res.status).toBe(200);
    expect(res.headers.etag).toBeTruthy();
    expect(res.text ?? '').toBe('');
  });

  test('when fetched anonymously, then the anonymous public-read window applies', async () => {
    const res = await callOp(t.app, 'getOpenApiDocument');
    expect(res.headers['ratelimit-limit']).toBe('120');
  });
});
