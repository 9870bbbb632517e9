import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ConfigError, loadConfig } from '../../src/config.js';

/** OCR_WORKER_IDLE_SECONDS (README's environment table): a minute by default, 0 never, anything else refused at start. */
describe('OCR_WORKER_IDLE_SECONDS', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-ocr-config-'));
  const env = { NODE_ENV: 'test', MARQUEE_DATA_DIR: dir, MARQUEE_SECRET_KEY: crypto.randomBytes(32).toString('base64url') };
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  test('when unset, empty, 0 or a whole number, then it is read: 60 by default, 0 for never', () => {
    expect(loadConfig(env).ocrWorkers.idleSeconds).toBe(60);
    expect(loadConfig({ ...env, OCR_WORKER_IDLE_SECONDS: '' }).ocrWorkers.idleSeconds).toBe(60);
    expect(loadConfig({ ...env, OCR_WORKER_IDLE_SECONDS: '0' }).ocrWorkers.idleSeconds).toBe(0);
    expect(loadConfig({ ...env, OCR_WORKER_IDLE_SECONDS: '15' }).ocrWorkers.idleSeconds).toBe(15);
  });

  test.each(['-1', '1.5', 'soon', '1e400', ' 60s'])('when it is %p, then the configuration is refused with the setting named', (value) => {
    expect(() => loadConfig({ ...env, OCR_WORKER_IDLE_SECONDS: value })).toThrow(ConfigError);
    expect(() => loadConfig({ ...env, OCR_WORKER_IDLE_SECONDS: value })).toThrow(/OCR_WORKER_IDLE_SECONDS/);
  });
});
