import request from 'supertest';
import type { TestApp } from './testApp.js';
import { makeUser } from './factories.js';

// The HTML form pages are outside the API contract: they are driven with raw supertest.

/** The session cookie (`name=value`) an answer sets, if any. */
export const sessionCookie = (res: request.Response): string | undefined =>
  ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((c) => c.startsWith('marquee_session='))?.split(';')[0];

/** A new user signed in through the sign-in form, and the session cookie it got. */
export async function signedInUser(t: TestApp, next = '/developer') {
  const user = await makeUser(t.services);
  const res = await request(t.app).post('/login').type('form').send({ email: user.email, password: 'correct horse battery staple', next });
  return { user, cookie: sessionCookie(res)! };
}

/** An `application/x-www-form-urlencoded` body with repeated fields kept in order. */
export const formBody = (fields: [string, string][]) => fields.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
