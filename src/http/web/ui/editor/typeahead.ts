/**
 * `<input data-typeahead="community|world|person">` holds a slug; the script makes it an ARIA 1.2
 * combobox (`role=combobox`, `aria-expanded`, `aria-controls`, `aria-activedescendant`) with a
 * listbox of suggestions from the public search (`GET /api/v0/search?q=…&type=…&limit=8`,
 * anonymous, same origin): each shows the name and the slug. Down/Up move through them, Enter
 * takes one, Escape closes the list. Taking one fills the slug, and the input named by
 * `data-label-input` with the name when that one is still empty. Text that matches nothing stays
 * as typed. Inputs added later (a new lineup row) are enhanced when they first get focus.
 */
export function typeaheadInputs(): void {
  const SELECTOR = 'input[data-typeahead]';
  const inTemplates = Array.from(document.querySelectorAll('template')).some((t) => t.content.querySelector(SELECTOR));
  if (!document.querySelector(SELECTOR) && !inTemplates) return;
  const DELAY_MS = 250;
  const LIMIT = '8';
  type Result = { title?: unknown; slug?: unknown; subtitle?: unknown };
  let counter = 0;

  const enhance = (input: HTMLInputElement) => {
    if (input.dataset.typeaheadReady !== undefined) return;
    input.dataset.typeaheadReady = '';
    const n = ++counter;
    const type = input.dataset.typeahead || 'all';
    const list = document.createElement('ul');
    list.id = `typeahead-${n}-list`;
    list.className = 'typeahead-list';
    list.setAttribute('role', 'listbox');
    list.dataset.scriptAdded = '';
    const label = input.labels && input.labels[0] ? (input.labels[0].textContent ?? '').trim() : '';
    list.setAttribute('aria-label', label ? `Suggestions for ${label}` : 'Suggestions');
    list.hidden = true;
    const status = document.createElement('span');
    status.className = 'visually-hidden';
    status.setAttribute('role', 'status');
    status.dataset.scriptAdded = '';
    input.setAttribute('role', 'combobox');
    input.setAttribute('aria-autocomplete', 'list');
    input.setAttribute('aria-expanded', 'false');
    input.setAttribute('aria-controls', list.id);
    input.setAttribute('autocomplete', 'off');
    input.after(list, status);

    let results: { title: string; slug: string; subtitle: string }[] = [];
    let active = -1;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let controller: AbortController | undefined;
    let asked = 0;

    const close = () => {
      list.hidden = true;
      input.setAttribute('aria-expanded', 'false');
      input.removeAttribute('aria-activedescendant');
      active = -1;
    };
    const highlight = (i: number) => {
      active = i;
      Array.from(list.children).forEach((li, j) => li.setAttribute('aria-selected', j === i ? 'true' : 'false'));
      if (i < 0) return input.removeAttribute('aria-activedescendant');
      const option = list.children[i] as HTMLElement;
      input.setAttribute('aria-activedescendant', option.id);
      option.scrollIntoView({ block: 'nearest' });
    };
    const open = () => {
      if (!results.length) return;
      list.hidden = false;
      input.setAttribute('aria-expanded', 'true');
    };
    const choose = (i: number) => {
      const r = results[i];
      if (!r) return;
      input.value = r.slug;
      const labelName = input.dataset.labelInput;
      const form = input.form;
      const labelInput = labelName && form ? form.elements.namedItem(labelName) : null;
      const filled: HTMLInputElement[] = [input];
      if (labelInput instanceof HTMLInputElement && !labelInput.value.trim()) {
        labelInput.value = r.title;
        filled.push(labelInput);
      }
      close();
      status.textContent = `${r.title} chosen.`;
      // Other parts of the page (autosave, the unsaved-changes warning) learn of the change.
      for (const el of filled) el.dispatchEvent(new CustomEvent('input', { bubbles: true, detail: 'typeahead' }));
    };
    const render = () => {
      list.replaceChildren(
        ...results.map((r, i) => {
          const li = document.createElement('li');
          li.id = `typeahead-${n}-option-${i}`;
          li.setAttribute('role', 'option');
          li.setAttribute('aria-selected', 'false');
          const name = document.createElement('span');
          name.className = 'typeahead-name';
          name.textContent = r.title;
          const slug = document.createElement('span');
          slug.className = 'typeahead-slug small muted';
          slug.textContent = r.slug;
          li.append(name, ' ', slug);
          return li;
        }),
      );
      active = -1;
      input.removeAttribute('aria-activedescendant');
    };
    const ask = async () => {
      const q = input.value.trim();
      if (controller) controller.abort();
      controller = undefined;
      if (!/[\p{L}\p{N}]/u.test(q)) {
        results = [];
        render();
        close();
        return;
      }
      const mine = ++asked;
      const thisRequest = new AbortController();
      controller = thisRequest;
      try {
        const res = await fetch(`/api/v0/search?${new URLSearchParams({ q, type, limit: LIMIT })}`, {
          headers: { Accept: 'application/json' },
          credentials: 'omit',
          signal: thisRequest.signal,
        });
        if (!res.ok) throw new Error(`search answered ${res.status}`);
        const body = (await res.json()) as { results?: Result[] };
        if (mine !== asked || document.activeElement !== input) return;
        results = (Array.isArray(body.results) ? body.results : [])
          .filter((r) => typeof r.slug === 'string' && typeof r.title === 'string')
          .map((r) => ({ title: r.title as string, slug: r.slug as string, subtitle: typeof r.subtitle === 'string' ? r.subtitle : '' }));
        render();
        if (results.length) {
          open();
          status.textContent = results.length === 1 ? '1 suggestion. Use the down arrow to hear it.' : `${results.length} suggestions. Use the down arrow to hear them.`;
        } else {
          close();
          status.textContent = 'No suggestions; what you typed stays.';
        }
      } catch {
        // Aborted by a newer question, or the search is unavailable: the text stays as typed.
        if (mine === asked) {
          results = [];
          close();
        }
      }
    };

    input.addEventListener('input', (event) => {
      if (event instanceof CustomEvent && event.detail === 'typeahead') return;
      if (timer !== undefined) clearTimeout(timer);
      timer = setTimeout(() => void ask(), DELAY_MS);
    });
    input.addEventListener('keydown', (event) => {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        if (!results.length) return;
        event.preventDefault();
        if (list.hidden) {
          open();
          return highlight(event.key === 'ArrowDown' ? 0 : results.length - 1);
        }
        const step = event.key === 'ArrowDown' ? 1 : -1;
        highlight(active < 0 ? (step > 0 ? 0 : results.length - 1) : (active + step + results.length) % results.length);
      } else if (event.key === 'Enter') {
        if (list.hidden || active < 0) return;
        event.preventDefault();
        choose(active);
      } else if (event.key === 'Escape') {
        if (list.hidden) return;
        event.preventDefault();
        close();
      }
    });
    input.addEventListener('blur', () => {
      if (timer !== undefined) clearTimeout(timer);
      if (controller) controller.abort();
      close();
    });
    // Pressing an option keeps the focus in the input (so the list does not close first), then takes it.
    list.addEventListener('mousedown', (event) => event.preventDefault());
    list.addEventListener('click', (event) => {
      const option = event.target instanceof Element ? event.target.closest('[role=option]') : null;
      if (!option) return;
      choose(Array.from(list.children).indexOf(option));
      input.focus();
    });
  };

  document.querySelectorAll<HTMLInputElement>(SELECTOR).forEach(enhance);
  document.addEventListener('focusin', (event) => {
    if (event.target instanceof HTMLInputElement && event.target.matches(SELECTOR)) enhance(event.target);
  });
}
