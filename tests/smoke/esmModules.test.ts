// Marquee is native ES modules ("type": "module", NodeNext), run by tsx in the server and CLI and by
// jest's vm-modules with swc here. These tests are about loading OUR module graph: importing the
// composition root, the handler map and the CLI must start nothing, and an app built from them must
// serve requests in-process and leave nothing running once closed. Modules under test are imported
// dynamically inside the tests, so that nothing loads them before the measurement.
import { createHook } from 'node:async_hooks';
import { callOp, expectStatus } from '../helpers/contractClient.js';

/** Handles that keep a process alive: servers, sockets, pipes, timers, worker threads. */
const HANDLE = /^(TCPSERVERWRAP|TCPWRAP|PIPESERVERWRAP|PIPEWRAP|UDPWRAP|Timeout|WORKER|MESSAGEPORT)$/;

/**
 * Records the handles created from now on and not yet destroyed (async_hooks), so that handles of
 * jest or of earlier tests, which come and go on their own, do not blur the measurement. Unref'd
 * timers (the in-memory rate-limit store's key expiry) hold no process open and are not counted.
 */
function trackHandles() {
  const live = new Map<number, { type: string; resource: { hasRef?: () => boolean } }>();
  const hook = createHook({
    init(id, type, _trigger, resource) {
      if (HANDLE.test(type)) live.set(id, { type, resource: resource as { hasRef?: () => boolean } });
    },
    destroy(id) {
      live.delete(id);
    },
  }).enable();
  return {
    open: () => [...live.values()].filter(({ resource }) => resource.hasRef?.() !== false).map(({ type }) => type).sort(),
    stop: () => void hook.disable(),
    /** Waits `ms` on a timer of the measurement itself (a timer's number is its async id), which is not counted. */
    sleep: (ms: number) =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, ms);
        live.delete(Number(timer));
      }),
  };
}

describe("Marquee's ES-module graph", () => {
  test('when the composition root, the handler map and the CLI are imported, then nothing starts and the CLI does not run', async () => {
    const handles = trackHandles();
    const exitCode = process.exitCode;
    const [app, handlerMap, cli] = await Promise.all([import('../../src/app.js'), import('../../src/handlers/index.js'), import('../../src/cli.js')]).finally(handles.stop);
    expect(typeof app.buildApp).toBe('function');
    expect(Object.keys(handlerMap.handlers).length).toBeGreaterThan(0);
    expect(typeof cli.buildCli).toBe('function');
    // No listening server, socket, timer or worker thread came with the imports, and no command ran.
    expect(handles.open()).toEqual([]);
    expect(process.exitCode).toBe(exitCode);
  });

  test('when an app is built, serves its contract in-process and is closed, then it never listened and leaves no handle behind', async () => {
    const { createTestApp } = await import('../helpers/testApp.js');
    const handles = trackHandles();
    const t = await createTestApp();
    try {
      expect(handles.open()).not.toContain('TCPSERVERWRAP');
      const res = await callOp(t.app, 'getOpenApiDocument');
      expectStatus(res, 200);
      expect(res.body.openapi).toBe('3.1.0');
    } finally {
      await t.close();
    }
    // supertest's own ephemeral server and client socket close asynchronously after the response;
    // wait (a bounded time) for them, so that only what the app left behind remains.
    try {
      for (let i = 0; i < 50 && handles.open().length > 0; i++) await handles.sleep(20);
      expect(handles.open()).toEqual([]);
    } finally {
      handles.stop();
    }
  });
});
