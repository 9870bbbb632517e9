import request from 'supertest';
import { createTestApp, type TestApp } from '../helpers/testApp.js';
import { capturedEvents } from '../helpers/logCapture.js';
import { isPrivatePeer } from '../../src/http/clientAddress.js';

// A deployment behind a reverse proxy whose client-address header is not configured keys every
// client by the proxy's address: one client's failures then count for everyone. The service
// cannot know at start that a proxy is in front, so it says so loudly on the first request that
// shows it (production refuses to start without an explicit CLIENT_IP_HEADER: rateLimitStore.test.ts).

const misconfiguredCount = async (app: TestApp, problem: string) => {
  const text = (await request(app.app).get('/metrics')).text;
  const line = text.split('\n').find((l) => l.startsWith(`marquee_client_address_misconfigured_requests_total{problem="${problem}"}`));
  return line ? Number(line.split(' ').pop()) : 0;
};

describe('client address misconfiguration', () => {
  test('when requests carry forwarding headers while the TCP peer keys clients, then one warning event per process and every such request counted', async () => {
    const app = await createTestApp();
    try {
      // Events go to the app's logger once built: capture after building.
      const captured = capturedEvents();
      try {
        expect((await request(app.app).get('/')).status).toBe(200);
        expect(captured.events).toHaveLength(0);
        for (const [name, value] of [['X-Forwarded-For', '198.51.100.7'], ['Forwarded', 'for=198.51.100.8'], ['X-Real-IP', '198.51.100.9']]) {
          await request(app.app).post('/login').set(name, value).type('form').send({ email: 'someone@example.test', password: 'not the password' });
        }
        const warnings = captured.events.filter((e) => e.event === 'client_address_misconfigured');
        expect(warnings).toHaveLength(1);
        expect(warnings[0]).toMatchObject({ level: 'warn', problem: 'proxy_address_used', clientIpSource: 'socket', privatePeer: true });
        expect(String(warnings[0].advice)).toContain('CLIENT_IP_HEADER');
        // Never the forwarded address itself.
        expect(JSON.stringify(warnings)).not.toContain('198.51.100');
        expect(await misconfiguredCount(app, 'proxy_address_used')).toBe(3);
      } finally {
        captured.restore();
      }
    } finally {
      await app.close();
    }
  });

  test('when a configured client-address header is missing, then a warning names it; probes and requests that carry it do not count', async () => {
    const app = await createTestApp({ clientIp: { source: 'header', header: 'x-real-ip' } });
    try {
      const captured = capturedEvents();
      try {
        await request(app.app).get('/').set('X-Real-IP', '203.0.113.5');
        await request(app.app).get('/healthz');
        await request(app.app).get('/readyz');
        expect(captured.events).toHaveLength(0);
        await request(app.app).get('/');
        await request(app.app).get('/').set('X-Real-IP', '203.0.113.5, 10.0.0.1');
        const warnings = captured.events.filter((e) => e.event === 'client_address_misconfigured');
        expect(warnings).toHaveLength(1);
        expect(warnings[0]).toMatchObject({ problem: 'configured_header_missing', clientIpSource: 'header', clientIpHeader: 'x-real-ip' });
        expect(await misconfiguredCount(app, 'configured_header_missing')).toBe(2);
        expect(await misconfiguredCount(app, 'proxy_address_used')).toBe(0);
      } finally {
        captured.restore();
      }
    } finally {
      await app.close();
    }
  });

  test('private, loopback and link-local peers are told from public ones', () => {
    for (const a of ['127.0.0.1', '::ffff:10.1.2.3', '172.20.0.5', '192.168.1.1', '::1', 'fd00::1', 'fe80::1%eth0', '100.64.0.1']) expect([a, isPrivatePeer(a)]).toEqual([a, true]);
    for (const a of ['203.0.113.5', '::ffff:8.8.8.8', '2001:db8::1', '172.32.0.1', undefined, 'garbage']) expect([a, isPrivatePeer(a)]).toEqual([a, false]);
  });
});
