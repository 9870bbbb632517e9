import request from 'supertest';
import type { TestApp } from './testApp.js';

/** Escapes `text` for use inside a RegExp. */
const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The one-time nonce of the developer page's form whose action is `action`, read from the page
 * as a browser would get it (a fresh GET: each rendering carries fresh nonces).
 */
export async function formNonce(app: TestApp['app'], cookie: string, action: string): Promise<string> {
  const page = await request(app).get('/developer').set('Cookie', cookie);
  const found = new RegExp(`action="${literal(action)}"[^>]*><input type="hidden" name="formNonce" value="([^"]+)"`).exec(page.text);
  if (!found) throw new Error(`no form with action ${action} and a nonce on the developer page`);
  return found[1];
}
