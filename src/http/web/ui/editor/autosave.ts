/**
 * Forms marked `data-autosave="<key>"` save themselves while the person types: about 1.5 s after
 * the last input, and when a field loses focus, the form's fields are POSTed to its `action`
 * (`application/x-www-form-urlencoded`, plus `autosave=1`, `Accept: application/json`).
 *
 * - 200 `{version, savedAt}`: the version input (`data-version-input`, default `expectedVersion`)
 *   takes the new version (and so do the inputs of that name in the page's forms whose action is
 *   under this form's, such as publish), `[data-autosave-status]` says "Saved" with the time, and the form gets
 *   a `marquee:saved` event (the unsaved-changes warning listens for it).
 * - 409 problem: "Changed elsewhere" with a link to `data-reload-href` (the latest version). The
 *   values typed since the last save are kept in `sessionStorage` under the form's key and, after
 *   the reload, shown beside their fields ("Your unsaved text: …") with a "Use mine" button.
 * - 400 problem: each `errors[].field` message next to the field of that name, in the same shape
 *   the server renders (`.field-error` `#field-<name>-error`, `aria-invalid`, `aria-describedby`).
 * - No answer: "Not saved — offline? Retrying", tried again on the next input or when the browser
 *   is back online.
 *
 * Nothing is autosaved once the form is being sent; a send that starts while a save is under way
 * waits for it, so it carries the version that save returned.
 */
export function autosaveForms(): void {
  const forms = Array.from(document.querySelectorAll<HTMLFormElement>('form[data-autosave]'));
  if (!forms.length) return;
  const DELAY_MS = 1500;
  const TEXT_TYPES = ['text', 'search', 'url', 'email', 'tel', 'number', 'date', 'time', 'datetime-local', 'month', 'week'];
  type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
  type Problem = { status?: number; title?: string; detail?: string; errors?: { field?: string; message?: string }[] };

  const sentence = (s: string) => (s ? `${s[0].toUpperCase()}${s.slice(1)}${/[.!?]$/.test(s) ? '' : '.'}` : s);
  const controlsNamed = (form: HTMLFormElement, name: string): Control[] =>
    Array.from(form.elements).filter((el): el is Control => (el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement) && el.name === name);
  const isTextual = (el: Control) => el instanceof HTMLTextAreaElement || (el instanceof HTMLInputElement && TEXT_TYPES.includes(el.type));
  const labelOf = (el: Control) => (el.labels && el.labels[0] ? (el.labels[0].textContent ?? '').trim() : el.name);

  /** The message beside a field, as the server renders it: the span after the field, the field invalid and described by it. */
  const showFieldError = (el: Control, message: string) => {
    const id = `field-${el.name}-error`;
    let span = document.getElementById(id);
    if (!span) {
      span = document.createElement('span');
      span.id = id;
      span.className = 'field-error error';
      // A field inside its label (`<label>Title <input></label>`) gets the message after the label.
      const anchor = el.parentElement instanceof HTMLLabelElement ? el.parentElement : el;
      anchor.after(span);
    }
    span.dataset.autosaveError = '';
    span.textContent = message;
    el.setAttribute('aria-invalid', 'true');
    const described = (el.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
    if (!described.includes(id)) el.setAttribute('aria-describedby', [...described, id].join(' '));
  };
  const clearFieldError = (form: HTMLFormElement, span: HTMLElement) => {
    const name = span.id.replace(/^field-/, '').replace(/-error$/, '');
    for (const el of controlsNamed(form, name)) {
      el.removeAttribute('aria-invalid');
      const described = (el.getAttribute('aria-describedby') ?? '').split(/\s+/).filter((t) => t && t !== span.id);
      if (described.length) el.setAttribute('aria-describedby', described.join(' '));
      else el.removeAttribute('aria-describedby');
    }
    span.remove();
  };

  forms.forEach((form, formIndex) => {
    const key = form.dataset.autosave || `autosave:${form.getAttribute('action') ?? location.pathname}`;
    const versionName = form.dataset.versionInput || 'expectedVersion';
    const versionInput = () => controlsNamed(form, versionName)[0] as HTMLInputElement | undefined;
    let status = form.querySelector<HTMLElement>('[data-autosave-status]');
    if (!status) {
      status = document.createElement('p');
      status.dataset.autosaveStatus = '';
      status.className = 'autosave-status small muted';
      form.append(status);
    }
    status.setAttribute('role', 'status');
    status.setAttribute('aria-live', 'polite');
    const statusEl = status;
    const say = (...parts: (string | Node)[]) => statusEl.replaceChildren(...parts);

    /** What the form would send, without the version (which only the server moves) or files. */
    const values = (): [string, string][] =>
      Array.from(new FormData(form).entries()).filter((e): e is [string, string] => typeof e[1] === 'string' && e[0] !== versionName && e[0] !== 'autosave');
    const snapshot = () => new URLSearchParams(values()).toString();
    let saved = snapshot();
    let savedValues = new Map(values());
    let timer: ReturnType<typeof setTimeout> | undefined;
    let inFlight: Promise<void> | undefined;
    let submitting = false;
    let conflicted = false;
    let retryWhenOnline = false;

    /** The fields typed since the last save, kept for after the reload (a 409). */
    const keepUnsaved = () => {
      const fields: Record<string, string> = {};
      for (const [name, value] of values()) if (savedValues.get(name) !== value && controlsNamed(form, name).length === 1) fields[name] = value;
      try {
        sessionStorage.setItem(key, JSON.stringify({ fields }));
      } catch {
        // Storage full or refused (private mode): the values stay on this page until it is left.
      }
    };

    const save = async (): Promise<void> => {
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      if (submitting || conflicted) return;
      if (inFlight) {
        // One save at a time; what was typed meanwhile goes in the next one.
        await inFlight;
        return save();
      }
      const current = snapshot();
      if (current === saved) return;
      const body = new URLSearchParams(Array.from(new FormData(form).entries()).filter((e): e is [string, string] => typeof e[1] === 'string' && e[0] !== 'autosave'));
      body.set('autosave', '1');
      const sentValues = new Map(values());
      say('Saving…');
      inFlight = (async () => {
        let res: Response;
        try {
          res = await fetch(form.action, {
            method: 'POST',
            credentials: 'same-origin',
            headers: { Accept: 'application/json', 'Content-Type': 'application/x-www-form-urlencoded;charset=UTF-8' },
            body,
          });
        } catch {
          retryWhenOnline = true;
          say('Not saved — offline? Retrying');
          return;
        }
        retryWhenOnline = false;
        let answer: unknown;
        try {
          answer = await res.json();
        } catch {
          answer = undefined;
        }
        form.querySelectorAll<HTMLElement>('[data-autosave-error]').forEach((span) => clearFieldError(form, span));
        if (res.ok && answer && typeof answer === 'object') {
          const { version, savedAt } = answer as { version?: unknown; savedAt?: unknown };
          const input = versionInput();
          if (input && (typeof version === 'number' || typeof version === 'string')) {
            input.value = String(version);
            // The page's other forms of the same record (publish, re-read: actions under this
            // form's) name the version they act on too; they move with it.
            document.querySelectorAll<HTMLInputElement>(`form[action^="${CSS.escape(`${form.getAttribute('action') ?? ''}/`)}"] input[name="${CSS.escape(versionName)}"]`).forEach((other) => {
              other.value = String(version);
            });
          }
          saved = current;
          savedValues = sentValues;
          try {
            sessionStorage.removeItem(key);
          } catch {
            // Nothing kept.
          }
          const at = typeof savedAt === 'string' && !Number.isNaN(Date.parse(savedAt)) ? new Date(savedAt) : new Date();
          const time = document.createElement('time');
          time.dateTime = at.toISOString();
          time.textContent = new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' }).format(at);
          say('Saved at ', time);
          form.dispatchEvent(new CustomEvent('marquee:saved', { detail: { version, savedAt } }));
          return;
        }
        const problem = (answer && typeof answer === 'object' ? answer : {}) as Problem;
        if (res.status === 409) {
          conflicted = true;
          keepUnsaved();
          const link = document.createElement('a');
          link.href = form.dataset.reloadHref || location.href;
          link.textContent = 'Reload the latest version';
          say('Changed elsewhere — not saved. ', link, ' (what you typed is kept and shown beside each field).');
          return;
        }
        if (res.status === 400 && Array.isArray(problem.errors)) {
          const byField = new Map<string, string[]>();
          const unnamed: string[] = [];
          for (const e of problem.errors) {
            const message = sentence(typeof e.message === 'string' ? e.message : '');
            if (!message) continue;
            const field = typeof e.field === 'string' ? e.field : '';
            if (field && controlsNamed(form, field).some((el) => el.type !== 'hidden')) byField.set(field, [...(byField.get(field) ?? []), message]);
            else unnamed.push(message);
          }
          byField.forEach((messages, field) => showFieldError(controlsNamed(form, field).filter((el) => el.type !== 'hidden').slice(-1)[0], messages.join(' ')));
          const count = byField.size;
          const lead = count === 1 ? 'Not saved: one field needs your attention.' : count > 1 ? `Not saved: ${count} fields need your attention.` : 'Not saved.';
          say([lead, ...unnamed].join(' '));
          return;
        }
        // A 2xx that is not the JSON asked for is a page (the sign-in page after a redirect, most likely).
        const why =
          typeof problem.detail === 'string' ? problem.detail : typeof problem.title === 'string' ? problem.title : res.ok ? 'you may have been signed out; sign in again in another tab' : `the server answered ${res.status}`;
        say(`Not saved: ${sentence(why)} Your text is still here; it is tried again as you type.`);
      })();
      try {
        await inFlight;
      } finally {
        inFlight = undefined;
      }
    };

    const schedule = () => {
      if (submitting) return;
      if (conflicted) return keepUnsaved();
      if (timer !== undefined) clearTimeout(timer);
      timer = setTimeout(() => void save(), DELAY_MS);
      if (retryWhenOnline) void save();
    };
    form.addEventListener('input', (event) => {
      if (event.target instanceof HTMLInputElement && event.target.type === 'file') return;
      schedule();
    });
    form.addEventListener('change', (event) => {
      // Checkboxes, radios and selects change without typing.
      if (event.target instanceof HTMLInputElement && event.target.type === 'file') return;
      if (!(event.target instanceof HTMLInputElement) || !TEXT_TYPES.includes(event.target.type)) schedule();
    });
    form.addEventListener('focusout', (event) => {
      const left = event.target;
      const to = event.relatedTarget;
      if (!(left instanceof HTMLInputElement || left instanceof HTMLTextAreaElement || left instanceof HTMLSelectElement) || !left.name) return;
      // Moving to a suggestion list or a button of the same form is not leaving the field for good.
      if (to instanceof HTMLElement && to.getAttribute('role') === 'option') return;
      if (timer !== undefined || snapshot() !== saved) void save();
    });
    window.addEventListener('online', () => {
      if (retryWhenOnline) void save();
    });
    form.addEventListener('submit', (event) => {
      if (event.defaultPrevented) return;
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      if (inFlight && !submitting) {
        // Send once the save under way has answered, with the version it returned.
        event.preventDefault();
        const submitter = (event as SubmitEvent).submitter;
        submitting = true;
        say('Saving before sending…');
        void inFlight.finally(() => form.requestSubmit(submitter && form.contains(submitter) ? submitter : undefined));
        return;
      }
      submitting = true;
      // Another part of the page may take the send over (preventDefault after this listener).
      setTimeout(() => {
        if (event.defaultPrevented) submitting = false;
      }, 0);
    });
    window.addEventListener('pageshow', (event) => {
      // Back to a page kept in the browser's memory: its form is being edited again.
      if (event.persisted) submitting = false;
    });

    // After a reload for a conflict: what was typed and not saved, beside each field, to take back.
    let kept: { fields?: Record<string, unknown> } | undefined;
    try {
      const raw = sessionStorage.getItem(key);
      kept = raw ? (JSON.parse(raw) as { fields?: Record<string, unknown> }) : undefined;
    } catch {
      kept = undefined;
    }
    if (kept && kept.fields && typeof kept.fields === 'object') {
      let offered = 0;
      for (const [name, value] of Object.entries(kept.fields)) {
        if (typeof value !== 'string') continue;
        const matching = controlsNamed(form, name);
        const el = matching.length === 1 ? matching[0] : undefined;
        if (!el || !isTextual(el) || el.value === value) continue;
        offered++;
        const box = document.createElement('div');
        box.className = 'unsaved-offer';
        box.dataset.unsavedFor = name;
        const text = document.createElement('p');
        const quote = document.createElement('q');
        quote.textContent = value;
        text.append('Your unsaved text: ', quote);
        const use = document.createElement('button');
        use.type = 'button';
        use.className = 'btn';
        use.textContent = 'Use mine';
        use.setAttribute('aria-label', `Use mine for ${labelOf(el)}`);
        use.id = `unsaved-${formIndex}-${offered}`;
        use.addEventListener('click', () => {
          el.value = value;
          box.remove();
          el.focus();
          el.dispatchEvent(new Event('input', { bubbles: true }));
        });
        box.append(text, use);
        const anchor = el.parentElement instanceof HTMLLabelElement ? el.parentElement : el;
        // After the field's own message, if it has one.
        const after = anchor.nextElementSibling && anchor.nextElementSibling.classList.contains('field-error') ? anchor.nextElementSibling : anchor;
        after.after(box);
      }
      if (offered) say(offered === 1 ? 'This is the latest version. What you typed before reloading is shown beside its field.' : `This is the latest version. What you typed before reloading is shown beside ${offered} fields.`);
    }
  });
}
