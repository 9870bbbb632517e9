/**
 * The link editor's provider host check, as the person types (contract 4.6 rule 4, the same
 * words as the server's refusal): in a `fieldset[data-hosts]` (the provider table of
 * src/lib/linkProviders.ts as JSON, so this function needs nothing else), each row's URL input
 * (`links.<i>.url`) is checked against its row's type (`links.<i>.type`), and the message goes
 * into the row's `[data-host-message]` element (aria-live), which the server fills with its own
 * refusal. An address not yet readable as a URL is left alone while typing and named on change.
 * Rows added later (by the row enhancer) are covered: the listeners sit on the fieldset.
 */
export function checkLinkHosts(): void {
  const sets = Array.from(document.querySelectorAll<HTMLFieldSetElement>('fieldset[data-hosts]'));
  sets.forEach((set) => {
    let table: Record<string, string[]>;
    try {
      table = JSON.parse(set.getAttribute('data-hosts') ?? '{}') as Record<string, string[]>;
    } catch {
      return;
    }
    const problemOf = (type: string, raw: string, settled: boolean): string => {
      const text = raw.trim();
      if (!text) return '';
      let url: URL;
      try {
        url = new URL(text);
      } catch {
        return settled ? 'Must be an https URL without credentials.' : '';
      }
      if (url.protocol !== 'https:' || url.username || url.password || !url.hostname) return settled || url.protocol !== 'http:' ? 'Must be an https URL without credentials.' : '';
      const host = url.hostname.toLowerCase().replace(/\.$/, '');
      const hosts = Object.prototype.hasOwnProperty.call(table, type) ? table[type] : undefined;
      if (hosts && !hosts.some((d) => host === d || host.endsWith(`.${d}`))) return `Must point at ${hosts.join(', ')} for a ${type} link.`;
      return '';
    };
    const check = (row: Element, settled: boolean) => {
      const input = row.querySelector<HTMLInputElement>('input[name$=".url"]');
      const select = row.querySelector<HTMLSelectElement>('select[name$=".type"]');
      const out = row.querySelector<HTMLElement>('[data-host-message]');
      if (!input || !select || !out) return;
      const message = problemOf(select.value, input.value, settled);
      if (out.textContent !== message) out.textContent = message;
      if (message) {
        if (!out.id) out.id = `${input.id || input.name}-live`;
        input.setAttribute('aria-invalid', 'true');
        input.setAttribute('aria-describedby', out.id);
      } else {
        input.removeAttribute('aria-invalid');
        input.removeAttribute('aria-describedby');
      }
    };
    const rowOf = (target: EventTarget | null) => (target instanceof Element ? target.closest('[data-row]') : null);
    set.addEventListener('input', (event) => {
      const row = rowOf(event.target);
      if (row && event.target instanceof HTMLInputElement && event.target.name.endsWith('.url')) check(row, false);
    });
    set.addEventListener('change', (event) => {
      const row = rowOf(event.target);
      if (row) check(row, true);
    });
  });
}
