/**
 * `<fieldset data-rows="<list>" data-max="80">` with rows `[data-row]` whose fields are named
 * `<list>.<i>.<field>` (ids, label `for`s and `aria-*` references carrying the same
 * `<list>.<i>.`), and no-JS buttons `name="op" value="add|remove:<i>|up:<i>|down:<i>"` that send
 * the form for the server to redraw it. With the script the same buttons work in place: add
 * clones `<template data-row-template>` (any index in its names), remove, up and down move the
 * row; every row is renumbered in order (names, ids, `for`, `aria-describedby`/`-labelledby`/
 * `-controls`, the buttons' values, and the text of `[data-row-number]`, one-based). Focus stays
 * on the button pressed (or moves to the new row's first field, or to the nearest row after a
 * removal) and a live region says what happened ("Row 3 moved up to row 2").
 */
export function editRows(): void {
  const sets = Array.from(document.querySelectorAll<HTMLFieldSetElement>('fieldset[data-rows]'));
  if (!sets.length) return;
  const REFERENCES = ['id', 'for', 'name', 'aria-describedby', 'aria-labelledby', 'aria-controls', 'list'];
  const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const focusable = 'input:not([type=hidden]):not([disabled]), select:not([disabled]), textarea:not([disabled]), button:not([disabled])';

  sets.forEach((set) => {
    const template = set.querySelector<HTMLTemplateElement>('template[data-row-template]');
    const max = Number(set.dataset.max) > 0 ? Number(set.dataset.max) : Infinity;
    const rows = () => Array.from(set.querySelectorAll<HTMLElement>('[data-row]')).filter((row) => row.closest('fieldset[data-rows]') === set);
    const firstName = (root: ParentNode) => root.querySelector<HTMLElement>('[name]:not([name=op])')?.getAttribute('name') ?? '';
    const list = set.dataset.rows || (firstName(set).match(/^([^.]+)\./) ?? [])[1] || (template ? (firstName(template.content).match(/^([^.]+)\./) ?? [])[1] : '') || '';
    if (!list) return;
    const indexed = new RegExp(`(^|[^\\w])${escape(list)}\\.[^.\\s]+\\.`, 'g');

    const live = document.createElement('p');
    live.className = 'visually-hidden';
    live.setAttribute('role', 'status');
    live.dataset.scriptAdded = '';
    set.append(live);
    const say = (text: string) => {
      live.textContent = text;
    };
    const addButton = () => set.querySelector<HTMLButtonElement>('button[name=op][value=add]');

    /** Every row's names and references carry its place; buttons say which row they act on. */
    const renumber = () => {
      rows().forEach((row, i) => {
        row.dataset.row = String(i);
        for (const el of [row, ...Array.from(row.querySelectorAll<HTMLElement>('*'))]) {
          for (const attr of REFERENCES) {
            const value = el.getAttribute(attr);
            if (value !== null && value.includes(`${list}.`)) el.setAttribute(attr, value.replace(indexed, `$1${list}.${i}.`));
          }
          if (el instanceof HTMLButtonElement && el.name === 'op') {
            const op = /^(remove|up|down):/.exec(el.value);
            if (op) el.value = `${op[1]}:${i}`;
          }
          if (el.dataset.rowNumber !== undefined) el.textContent = String(i + 1);
        }
      });
      const add = addButton();
      if (add) add.disabled = rows().length >= max;
    };
    const changed = () => set.dispatchEvent(new Event('input', { bubbles: true }));
    const refocus = (row: HTMLElement | undefined, op: string) => {
      const target = row?.querySelector<HTMLElement>(`button[name=op][value^="${op}:"]`) ?? row?.querySelector<HTMLElement>(focusable);
      target?.focus();
    };

    const add = () => {
      const all = rows();
      if (all.length >= max) return say(`At most ${max} rows.`);
      let row: HTMLElement | null = null;
      if (template) {
        const fragment = template.content.cloneNode(true) as DocumentFragment;
        row = fragment.querySelector<HTMLElement>('[data-row]') ?? (fragment.firstElementChild as HTMLElement | null);
      } else if (all.length) {
        // No template: a copy of the last row, emptied, without what the script added to it.
        row = all[all.length - 1].cloneNode(true) as HTMLElement;
        row.querySelectorAll('[data-script-added]').forEach((el) => el.remove());
        row.querySelectorAll<HTMLElement>('[data-typeahead-ready]').forEach((el) => {
          for (const attr of ['data-typeahead-ready', 'role', 'aria-expanded', 'aria-controls', 'aria-activedescendant', 'aria-autocomplete']) el.removeAttribute(attr);
        });
        row.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input:not([type=hidden]):not([type=checkbox]):not([type=radio]), textarea').forEach((el) => (el.value = ''));
        row.querySelectorAll('.field-error').forEach((el) => el.remove());
        row.querySelectorAll('[aria-invalid]').forEach((el) => el.removeAttribute('aria-invalid'));
      }
      if (!row) return;
      if (row.dataset.row === undefined) row.dataset.row = '';
      const last = all[all.length - 1];
      // The first row goes into the rows' list (`[data-row-list]`, or the list just before the
      // template), so a list item never lands outside its list.
      const prior = template?.previousElementSibling;
      const container = set.querySelector<HTMLElement>('[data-row-list]') ?? (prior && /^(UL|OL)$/.test(prior.tagName) ? (prior as HTMLElement) : null);
      if (last) last.after(row);
      else if (container) container.append(row);
      else if (template) template.before(row);
      else return;
      renumber();
      const number = rows().indexOf(row) + 1;
      say(`Row ${number} added.`);
      row.querySelector<HTMLElement>(focusable)?.focus();
      changed();
    };
    const remove = (i: number) => {
      const all = rows();
      const row = all[i];
      if (!row) return;
      row.remove();
      renumber();
      const left = rows();
      say(`Row ${i + 1} removed.${left.length ? '' : ' No rows left.'}`);
      const next = left[Math.min(i, left.length - 1)];
      if (next) next.querySelector<HTMLElement>(focusable)?.focus();
      else addButton()?.focus();
      changed();
    };
    const move = (i: number, by: -1 | 1) => {
      const all = rows();
      const row = all[i];
      const other = all[i + by];
      const op = by < 0 ? 'up' : 'down';
      if (!row) return;
      if (!other) {
        say(by < 0 ? `Row ${i + 1} is already first.` : `Row ${i + 1} is already last.`);
        return;
      }
      if (by < 0) other.before(row);
      else other.after(row);
      renumber();
      say(`Row ${i + 1} moved ${op} to row ${i + by + 1}.`);
      refocus(row, op);
      changed();
    };

    set.addEventListener('click', (event) => {
      const button = event.target instanceof Element ? event.target.closest('button[name=op]') : null;
      if (!(button instanceof HTMLButtonElement) || button.closest('fieldset[data-rows]') !== set) return;
      const [op, at] = button.value.split(':');
      if (!['add', 'remove', 'up', 'down'].includes(op)) return;
      event.preventDefault();
      // Enter in a text field "clicks" the form's first submit button; when that is a row's
      // button it was not pressed, so nothing happens to the rows.
      if (event instanceof MouseEvent && event.detail === 0 && document.activeElement !== button) return;
      const i = Number(at);
      if (op === 'add') return add();
      if (!Number.isInteger(i)) return;
      if (op === 'remove') return remove(i);
      move(i, op === 'up' ? -1 : 1);
    });
    renumber();
  });
}
