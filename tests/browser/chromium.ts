import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser } from 'playwright-core';

/** Debian's Chromium, installed by `make browser`; playwright-core downloads no browser of its own. */
export const CHROMIUM = '/usr/bin/chromium';

/**
 * Headless Chromium with the flags this machine needs (no sandbox as root; no background
 * connections, which the closed network refuses). Playwright gives every launch a fresh,
 * empty --user-data-dir of its own and removes it on close.
 *
 * A missing browser is a failure with its remedy, never a silent skip.
 */
export async function launchChromium(): Promise<Browser> {
  try {
    fs.accessSync(CHROMIUM, fs.constants.X_OK);
  } catch {
    throw new Error(`The browser tests need Chromium at ${CHROMIUM} and it is not there: run \`make browser\` (installs Debian's chromium package).`);
  }
  try {
    return await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
  } catch (err) {
    throw new Error(`Chromium at ${CHROMIUM} could not be launched: ${(err as Error).message}`);
  }
}

/** A client application's redirect endpoint on loopback: it records every request and answers a small page. */
export interface CallbackServer {
  /** `http://127.0.0.1:<port>/callback`, registered as the app's redirect URI (RFC 8252 loopback). */
  redirectUri: string;
  received: URL[];
  close(): Promise<void>;
}

export async function startCallbackServer(): Promise<CallbackServer> {
  const received: URL[] = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', `http://${req.headers.host}`);
    if (url.pathname === '/callback') received.push(url);
    res.writeHead(url.pathname === '/callback' ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
    res.end('<!doctype html><title>Example client</title><p>Back in the client application.</p>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    redirectUri: `http://127.0.0.1:${(server.address() as AddressInfo).port}/callback`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
