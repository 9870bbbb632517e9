import crypto from 'node:crypto';
import { errorFields } from '../../src/lib/eventLog.js';

describe('errorFields: an error as the event log shows it', () => {
  const b64 = (n: number) => crypto.randomBytes(n).toString('base64url');

  test('when an error message carries a personal token, a client secret or a JWT, then each is masked and the rest kept', () => {
    const token = `service_${b64(32)}`;
    const secret = `mqcs_${b64(32)}`;
    const jwt = `eyJ${b64(12)}.${b64(24)}.${b64(32)}`;
    const fields = errorFields(new Error(`lookup of ${token} (client ${secret}, bearer ${jwt}) failed in service_list_upcoming_events`));
    const message = String(fields.errorMessage);
    for (const credential of [token, secret, jwt]) expect(message).not.toContain(credential);
    expect(message).toBe('lookup of [masked] (client [masked], bearer [masked]) failed in service_list_upcoming_events');
  });

  test('when an error has a code, a long message and a stack, then its name, code, a bounded message and the frames are kept, and a thrown non-error only by its type', () => {
    const err = Object.assign(new TypeError('x'.repeat(2000)), { code: '22021' });
    const fields = errorFields(err);
    expect(fields).toMatchObject({ errorName: 'TypeError', errorCode: '22021' });
    expect(String(fields.errorMessage)).toHaveLength(500);
    expect(fields.stack).toEqual(expect.arrayContaining([expect.stringMatching(/^at /)]));
    expect(errorFields('a string')).toEqual({ errorType: 'string' });
  });
});
