import dns from 'node:dns';
import type { IncomingMessage } from 'node:http';
import https from 'node:https';
import type { LookupFunction, Socket } from 'node:net';
import { isIpLiteral, judgeAddress, type AddressRefusal } from './addresses.js';

/**
 * The one way Marquee fetches a URL a third party names (client metadata documents, imported
 * images). Every guard fails closed with a `GuardedFetchError`:
 * https only, no userinfo, bounded URL length; every resolved address public (resolved once,
 * through an injectable resolver), and the connection made to that validated address while TLS
 * checks the certificate against the URL's host name; GET only, no cookies or credentials; no
 * redirects; a byte cap enforced while streaming; one absolute deadline over DNS, connect, TLS,
 * headers and body.
 */

export type GuardedFetchErrorCode =
  | 'url' // not a URL at all
  | 'url_too_long'
  | 'scheme' // anything but https
  | 'userinfo' // user or password in the URL
  | 'dns' // resolution failed or found nothing
  | 'address_refused' // a resolved (or literal) address is not public
  | 'connect' // TCP connection failed on every validated address
  | 'tls' // handshake or certificate verification failed
  | 'timeout' // the absolute deadline passed
  | 'redirect' // any 3xx
  | 'status' // any other non-2xx
  | 'encoding' // a content coding the fetcher did not ask for
  | 'too_large' // announced or streamed body above the cap
  | 'network'; // the connection broke after the handshake

/** A refused fetch. Its message names the guard, never response content. */
export class GuardedFetchError extends Error {
  override readonly name = 'GuardedFetchError';
  constructor(
    readonly code: GuardedFetchErrorCode,
    message: string,
    readonly details: { status?: number; addressRefusal?: AddressRefusal } = {},
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export interface ResolvedAddress {
  address: string;
  family: number;
}

/** Resolves a host name to every address it has. */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolver: Resolver = (hostname) => dns.promises.lookup(hostname, { all: true });

export interface GuardedFetchRequest {
  /** The `Accept` header sent. */
  accept: string;
  /** Largest body accepted, in bytes. */
  maxBytes: number;
  /** One deadline, in milliseconds, over resolution, connection, handshake, headers and body. */
  deadlineMs: number;
}

export interface GuardedFetchResponse {
  /** Always 2xx: anything else is refused. */
  status: number;
  contentType: string | null;
  body: Buffer;
  /** The URL fetched, normalized. */
  url: string;
}

export interface GuardedFetchNetwork {
  resolver?: Resolver;
  /** Longest URL accepted, in characters. Default 2048. */
  maxUrlLength?: number;
  /**
   * Tests only: permits specific addresses the public-address policy refuses (a local test
   * server's loopback address). Production code never sets it.
   */
  allowAddress?: (address: string) => boolean;
  /** Tests only: trust anchors replacing the system's, to trust a test certificate authority. */
  ca?: string | Buffer | (string | Buffer)[];
}

export type GuardedFetch = (url: string, request: GuardedFetchRequest) => Promise<GuardedFetchResponse>;

export const DEFAULT_MAX_URL_LENGTH = 2048;
const USER_AGENT = 'Marquee';

interface Target {
  url: URL;
  /** Host name as TLS and SNI see it; an IP literal without brackets. */
  hostname: string;
  literal: boolean;
  port: number;
}

function parseTarget(raw: string, maxUrlLength: number): Target {
  if (typeof raw !== 'string') throw new GuardedFetchError('url', 'The URL is not a string.');
  if (raw.length > maxUrlLength) {
    throw new GuardedFetchError('url_too_long', `The URL is longer than ${maxUrlLength} characters.`);
  }
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new GuardedFetchError('url', 'The URL cannot be parsed.');
  }
  if (url.protocol !== 'https:') throw new GuardedFetchError('scheme', 'Only https URLs are fetched.');
  if (url.username !== '' || url.password !== '') {
    throw new GuardedFetchError('userinfo', 'URLs with a user name or password are not fetched.');
  }
  if (url.href.length > maxUrlLength) {
    throw new GuardedFetchError('url_too_long', `The URL is longer than ${maxUrlLength} characters.`);
  }
  const bracketed = url.hostname.startsWith('[');
  const hostname = bracketed ? url.hostname.slice(1, -1) : url.hostname;
  if (hostname === '') throw new GuardedFetchError('url', 'The URL has no host.');
  return { url, hostname, literal: bracketed || isIpLiteral(hostname), port: url.port === '' ? 443 : Number(url.port) };
}

function refusal(reason: AddressRefusal): GuardedFetchError {
  return new GuardedFetchError('address_refused', `The host resolves to a refused address (${reason}).`, {
    addressRefusal: reason,
  });
}

/** Every address the host has, each one checked; the connect addresses in resolver order. */
async function validatedAddresses(
  target: Target,
  resolver: Resolver,
  allowAddress: ((address: string) => boolean) | undefined,
): Promise<string[]> {
  let resolved: ResolvedAddress[];
  if (target.literal) {
    resolved = [{ address: target.hostname, family: target.hostname.includes(':') ? 6 : 4 }];
  } else {
    try {
      resolved = await resolver(target.hostname);
    } catch (e) {
      throw new GuardedFetchError('dns', 'The host name could not be resolved.', {}, { cause: e });
    }
    if (!Array.isArray(resolved) || resolved.length === 0) {
      throw new GuardedFetchError('dns', 'The host name resolved to no address.');
    }
  }
  const connect: string[] = [];
  for (const { address } of resolved) {
    const verdict = typeof address === 'string' ? judgeAddress(address) : ({ allowed: false, reason: 'unparseable' } as const);
    if (verdict.allowed) connect.push(verdict.connectAddress);
    else if (allowAddress?.(address)) connect.push(address);
    else throw refusal(verdict.reason);
  }
  return [...new Set(connect)];
}

const TLS_ERROR_CODES = new Set([
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'CERT_REVOKED',
  'CERT_UNTRUSTED',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'HOSTNAME_MISMATCH',
  'EPROTO',
]);

function isTlsError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (TLS_ERROR_CODES.has(code) || code.startsWith('ERR_TLS_') || code.startsWith('ERR_SSL_'));
}

type Phase = 'connect' | 'tls' | 'response';

// The socket is opened to an IP address, so Node never resolves; should that change, fail closed.
const refuseLookup: LookupFunction = (_hostname, _options, callback) => {
  callback(new Error('guardedFetch connects to validated addresses only'), '', 4);
};

function failureIn(phase: Phase, error: unknown): GuardedFetchError {
  if (error instanceof GuardedFetchError) return error;
  if (isTlsError(error) || phase === 'tls') {
    return new GuardedFetchError('tls', 'The TLS handshake or certificate check failed.', {}, { cause: error });
  }
  if (phase === 'connect') return new GuardedFetchError('connect', 'The connection failed.', {}, { cause: error });
  return new GuardedFetchError('network', 'The connection broke before the response was complete.', {}, { cause: error });
}

function tooLarge(maxBytes: number): GuardedFetchError {
  return new GuardedFetchError('too_large', `The response is larger than ${maxBytes} bytes.`);
}

/** One GET to one validated address; settles once, destroying the request on any refusal. */
function fetchFrom(
  target: Target,
  address: string,
  request: GuardedFetchRequest,
  ca: GuardedFetchNetwork['ca'],
  signal: AbortSignal,
): Promise<GuardedFetchResponse> {
  return new Promise((resolve, reject) => {
    let phase: Phase = 'connect';
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      signal.removeEventListener('abort', onAbort);
      req.destroy();
      outcome();
    };
    const fail = (error: GuardedFetchError) => settle(() => reject(error));
    const onAbort = () => fail(signal.reason as GuardedFetchError);

    const req = https.request({
      host: address, // the validated address: no second resolution
      port: target.port,
      path: `${target.url.pathname}${target.url.search}`,
      method: 'GET',
      // SNI and the certificate's name check use the URL's host name; an IP literal gets no SNI
      // and is checked against the certificate's IP addresses.
      servername: target.literal ? '' : target.hostname,
      headers: {
        Host: target.url.host,
        'User-Agent': USER_AGENT,
        Accept: request.accept,
        'Accept-Encoding': 'identity',
      },
      agent: false, // no pooled socket: each fetch connects to the address it validated
      ca,
      rejectUnauthorized: true,
      minVersion: 'TLSv1.2',
      maxHeaderSize: 16 * 1024,
      lookup: refuseLookup,
    });
    req.on('socket', (socket: Socket) => {
      socket.once('connect', () => {
        if (phase === 'connect') phase = 'tls';
      });
      socket.once('secureConnect', () => {
        phase = 'response';
      });
    });
    req.on('error', (error) => fail(failureIn(phase, error)));
    req.on('response', (res: IncomingMessage) => {
      phase = 'response';
      const status = res.statusCode ?? 0;
      if (status >= 300 && status < 400) {
        return fail(new GuardedFetchError('redirect', `Redirects are not followed (status ${status}).`, { status }));
      }
      if (status < 200 || status >= 300) {
        return fail(new GuardedFetchError('status', `The server answered status ${status}.`, { status }));
      }
      const coding = res.headers['content-encoding'];
      if (coding !== undefined && coding.trim().toLowerCase() !== 'identity') {
        return fail(new GuardedFetchError('encoding', 'The response uses a content coding that was not asked for.'));
      }
      const announced = res.headers['content-length'];
      if (announced !== undefined && !(/^\d+$/.test(announced) && Number(announced) <= request.maxBytes)) {
        return fail(tooLarge(request.maxBytes));
      }
      const chunks: Buffer[] = [];
      let received = 0;
      res.on('data', (chunk: Buffer) => {
        received += chunk.length;
        if (received > request.maxBytes) return fail(tooLarge(request.maxBytes));
        chunks.push(chunk);
      });
      res.on('error', (error) => fail(failureIn('response', error)));
      // A close before 'end' (the server cut the body short) is a failure; after 'end' a no-op.
      res.on('close', () => fail(failureIn('response', new Error('response closed early'))));
      res.on('end', () => {
        if (!res.complete) return fail(failureIn('response', new Error('incomplete response')));
        const contentType = res.headers['content-type'] ?? null;
        settle(() => resolve({ status, contentType, body: Buffer.concat(chunks, received), url: target.url.href }));
      });
    });
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    req.end();
  });
}

function checkRequest(request: GuardedFetchRequest): void {
  if (!Number.isSafeInteger(request.maxBytes) || request.maxBytes < 0) throw new TypeError('maxBytes must be a non-negative integer');
  if (!(Number.isFinite(request.deadlineMs) && request.deadlineMs > 0)) throw new TypeError('deadlineMs must be positive');
  if (typeof request.accept !== 'string' || /[\r\n]/.test(request.accept)) throw new TypeError('accept must be a header value');
}

/** Builds the fetcher; the network options are injected once (production passes none). */
export function createGuardedFetch(network: GuardedFetchNetwork = {}): GuardedFetch {
  const resolver = network.resolver ?? systemResolver;
  const maxUrlLength = network.maxUrlLength ?? DEFAULT_MAX_URL_LENGTH;
  return async (rawUrl, request) => {
    checkRequest(request);
    const target = parseTarget(rawUrl, maxUrlLength);

    const controller = new AbortController();
    const timer = setTimeout(
      () => controller.abort(new GuardedFetchError('timeout', `The fetch did not finish within ${request.deadlineMs} ms.`)),
      request.deadlineMs,
    );
    const expired = new Promise<never>((_, reject) => {
      controller.signal.addEventListener('abort', () => reject(controller.signal.reason), { once: true });
    });
    expired.catch(() => undefined);
    try {
      const addresses = await Promise.race([validatedAddresses(target, resolver, network.allowAddress), expired]);
      let lastFailure: GuardedFetchError | undefined;
      for (const address of addresses) {
        try {
          return await Promise.race([fetchFrom(target, address, request, network.ca, controller.signal), expired]);
        } catch (e) {
          // Only a refused or unreachable connection moves on to the host's next address.
          if (!(e instanceof GuardedFetchError) || e.code !== 'connect') throw e;
          lastFailure = e;
        }
      }
      throw lastFailure ?? new GuardedFetchError('connect', 'The connection failed.');
    } finally {
      clearTimeout(timer);
      if (!controller.signal.aborted) controller.abort(new GuardedFetchError('timeout', 'The fetch is over.'));
    }
  };
}

/** The production fetcher: system resolver, system trust anchors, public addresses only. */
export const guardedFetch: GuardedFetch = createGuardedFetch();
