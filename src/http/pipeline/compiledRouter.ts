import { createRequire } from 'node:module';
import type { OpenAPIBackend, Operation, ParsedRequest, Request as BackendRequest } from 'openapi-backend';

// The cookie parser openapi-backend itself uses (its own dependency), so parsed cookies match.
const backendRequire = createRequire(createRequire(import.meta.url).resolve('openapi-backend'));
const { parse: parseCookies } = backendRequire('cookie') as { parse(header: string): Record<string, string | undefined> };

/**
 * openapi-backend's router rebuilds the list of operations from the document (a lodash chain
 * over every path) and compiles a RegExp per path template on every request, twice. The
 * document never changes once the backend is initialised, so this swaps in the same matching
 * rules, computed once: the operations listed once; an exact path and method first; otherwise
 * the templates that match the path, most specific (longest literal part) first, then the
 * method; no path is a 404 and a path without the method a 405, thrown as openapi-backend's
 * router throws them. Request parsing (run twice a request: before and after routing) keeps
 * openapi-backend's result too, with each operation's path parameters read by a pattern compiled
 * once instead of on every call; requests its fast path does not cover (a query string rather
 * than parsed query, a body not yet parsed, query parameters with `content` or `explode: false`)
 * go to openapi-backend's own parser.
 */
const parsedParts = new WeakMap<object, Omit<ParsedRequest, 'params'>>();

export function compileRouting(api: OpenAPIBackend): void {
  const router = api.router;
  // Kept private by its typings, used as openapi-backend uses it.
  const underApiRoot = (path: string) => (router as unknown as { isUnderApiRoot(p: string): boolean }).isUnderApiRoot(path);
  const operations = router.getOperations();
  const byId = new Map(operations.map((op) => [op.operationId, op]));
  const exact = new Map(operations.map((op) => [`${op.method} ${op.path}`, op]));
  const literalLength = (path: string) => path.replace(/\{.*?\}/g, '').length;
  const segments = (path: string) => path.split('/').length;
  // A template parameter never spans a `/`: only templates of as many segments can match a path.
  const templatesBySegments = new Map<number, { op: Operation; pattern: RegExp }[]>();
  operations
    .map((op) => ({ op, pattern: new RegExp(pathPattern(op.path)), specificity: literalLength(op.path) }))
    // A stable sort, as lodash's orderBy: equally specific templates keep the document's order.
    .sort((a, b) => b.specificity - a.specificity)
    .forEach((t) => {
      const n = segments(t.op.path);
      templatesBySegments.set(n, [...(templatesBySegments.get(n) ?? []), t]);
    });

  const parse = router.parseRequest.bind(router);
  const pathParams = new Map(operations.filter((op) => !specialQueryParameters(op)).map((op) => [op, pathParamsReader(op.path)]));
  router.parseRequest = (req: BackendRequest, operation?: Operation): ParsedRequest => {
    const readParams = operation ? pathParams.get(operation) : undefined;
    if (typeof req.query !== 'object' || (req.body && typeof req.body !== 'object') || (operation && !readParams)) return parse(req, operation);
    // openapi-backend parses the same request before and after routing: the parts that do not
    // depend on the operation are worked out once per request object.
    let parsed = parsedParts.get(req);
    if (!parsed) {
      const normalized = router.normalizeRequest(req);
      const headers: Record<string, string | string[]> = {};
      for (const [name, value] of Object.entries(req.headers)) headers[name.toLowerCase()] = value;
      const cookie = headers.cookie;
      const query: Record<string, string | string[]> = {};
      for (const [name, value] of Object.entries(req.query as Record<string, string | string[]>)) query[name] = Array.isArray(value) ? [...value] : value;
      parsed = { ...normalized, headers, query, cookies: cookie === undefined ? {} : parseCookies(([] as string[]).concat(cookie).join('; ')), requestBody: req.body } as Omit<ParsedRequest, 'params'>;
      parsedParts.set(req, parsed);
    }
    const params = readParams ? (readParams(router.normalizePath(parsed.path)) ?? {}) : {};
    return { ...parsed, params } as ParsedRequest;
  };

  router.getOperations = () => operations;
  router.getOperation = (operationId: string) => byId.get(operationId);
  router.matchOperation = ((req: BackendRequest, strict?: boolean): Operation | undefined => {
    const normalized = router.normalizeRequest(req);
    if (!underApiRoot(normalized.path)) return miss(strict, '404-notFound: no route matches request');
    const path = router.normalizePath(normalized.path);
    const method = normalized.method;
    const found = exact.get(`${method} ${path}`);
    if (found) return found;
    let pathMatched = false;
    for (const t of templatesBySegments.get(segments(path)) ?? []) {
      if (!t.pattern.test(path)) continue;
      if (t.op.method === method) return t.op;
      pathMatched = true;
    }
    return miss(strict, pathMatched ? '405-methodNotAllowed: this method is not registered for the route' : '404-notFound: no route matches request');
  }) as typeof router.matchOperation;
}

/** Query parameters openapi-backend decodes itself (JSON content, non-exploded lists). */
function specialQueryParameters(op: Operation): boolean {
  return (op.parameters ?? []).some((p) => !('$ref' in p) && p.in === 'query' && (!!p.content?.['application/json'] || p.explode === false));
}

/**
 * A template's path parameters, as openapi-backend's parser (bath) reads them: each `{name}` is
 * any run of characters but `/`, percent-decoded; no match gives null.
 */
function pathParamsReader(template: string): (path: string) => Record<string, string> | null {
  const names = [...template.matchAll(/\{([A-Za-z0-9_-]+)\}/g)].map((m) => m[1]);
  const pattern = new RegExp('^' + template.replace(/\{[A-Za-z0-9_-]+\}/g, '([^\\/]*)') + '$');
  return (path) => {
    const m = pattern.exec(path);
    if (!m) return null;
    const params: Record<string, string> = {};
    names.forEach((name, i) => (params[name] = decodeURIComponent(m[i + 1])));
    return params;
  };
}

function miss(strict: boolean | undefined, message: string): undefined {
  if (strict) throw new Error(message);
  return undefined;
}

/** openapi-backend's own translation of a path template: `{name}` matches one segment. */
function pathPattern(path: string): string {
  return `^${path
    .replace(/\{[^}]+\}/g, '\0')
    .split('\0')
    .map((literal) => literal.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('[^/]+')}$`;
}
