import { servedDocument } from '../contract/document.js';

const cache = new Map<string, { parsed: Record<string, unknown>; yaml: string }>();

/** The served contract is rendered once per base URL. */
export function servedContract(publicBaseUrl: string) {
  let served = cache.get(publicBaseUrl);
  if (!served) {
    const { json, yaml } = servedDocument(publicBaseUrl);
    served = { parsed: JSON.parse(json) as Record<string, unknown>, yaml };
    cache.set(publicBaseUrl, served);
  }
  return served;
}
