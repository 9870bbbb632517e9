/**
 * `<form data-direct-upload data-begin="<url>" data-complete="<url>">` with an `<input type=file>`:
 * without the script the form posts the file to its own `action` and the server does everything.
 * With it, sending the form
 * 1. POSTs `data-begin` (`application/x-www-form-urlencoded`, `Accept: application/json`): the
 *    form's other fields plus `fileName`, `contentType`, `byteLength` and `sha256` (hex; when the
 *    browser can compute it). The page answers `{"transfer": {"url", "fields"?, "fileField"?,
 *    "headers"?}, "complete": {…}}`.
 * 2. Sends the file with XHR to `transfer.url` as `multipart/form-data`: every `fields` entry in
 *    order, then the file under `fileField` (default `file`), with `headers` set; a `<progress>`
 *    and a status line show how far it is, and a "Cancel upload" button stops it.
 * 3. POSTs `data-complete` with the members of `complete` (form-encoded, `Accept: application/json`)
 *    — or, when `complete` is `{"url", "fields": {…}}`, the members of `fields` to `url` (same
 *    origin only; else to `data-complete`) — and follows the answer's `redirect` (same origin only).
 * A refusal with a problem (4xx `application/problem+json`) is shown next to the file input (or
 * the field its `errors[].field` names); anything else going wrong (no answer, a 5xx, an answer
 * that is not the JSON expected, a storage the page may not reach) sends the form the ordinary
 * way instead.
 */
export function directUploads(): void {
  const forms = Array.from(document.querySelectorAll<HTMLFormElement>('form[data-direct-upload]'));
  if (!forms.length) return;
  type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
  type Problem = { title?: unknown; detail?: unknown; errors?: { field?: unknown; message?: unknown }[] };
  type Answer = { status: number; problem?: Problem; json?: Record<string, unknown> };

  const sentence = (s: string) => (s ? `${s[0].toUpperCase()}${s.slice(1)}${/[.!?]$/.test(s) ? '' : '.'}` : s);
  const sameOrigin = (url: string) => {
    try {
      return new URL(url, location.href).origin === location.origin;
    } catch {
      return false;
    }
  };
  /** Reads a fetch or XHR answer: its JSON, and whether it is a problem the person should see. */
  const read = (status: number, contentType: string, text: string): Answer => {
    let json: unknown;
    try {
      json = /json/.test(contentType) && text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    const object = json && typeof json === 'object' && !Array.isArray(json) ? (json as Record<string, unknown>) : undefined;
    if (status >= 400 && status < 500 && /problem\+json/.test(contentType) && object) return { status, problem: object as Problem };
    return { status, json: status >= 200 && status < 300 ? object : undefined };
  };
  const post = async (url: string, body: URLSearchParams): Promise<Answer> => {
    const res = await fetch(url, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { Accept: 'application/json', 'Content-Type': 'application/x-www-form-urlencoded;charset=UTF-8' },
      body,
    });
    return read(res.status, res.headers.get('content-type') ?? '', await res.text());
  };
  const hex = (bytes: ArrayBuffer) => Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, '0')).join('');

  forms.forEach((form) => {
    const fileInput = form.querySelector<HTMLInputElement>('input[type=file]');
    const begin = form.dataset.begin;
    const complete = form.dataset.complete;
    if (!fileInput || !begin || !complete || typeof XMLHttpRequest === 'undefined') return;

    let progress = form.querySelector<HTMLProgressElement>('progress');
    if (!progress) {
      progress = document.createElement('progress');
      progress.dataset.scriptAdded = '';
      form.append(progress);
    }
    progress.max = 1;
    progress.value = 0;
    progress.hidden = true;
    if (!progress.hasAttribute('aria-label') && !progress.hasAttribute('aria-labelledby') && !(progress.labels && progress.labels.length)) progress.setAttribute('aria-label', 'Upload progress');
    let status = form.querySelector<HTMLElement>('[data-upload-status]');
    if (!status) {
      status = document.createElement('p');
      status.className = 'upload-status small';
      status.dataset.uploadStatus = '';
      progress.after(status);
    }
    status.setAttribute('role', 'status');
    const cancel = document.createElement('button');
    cancel.type = 'button';
    cancel.className = 'btn';
    cancel.textContent = 'Cancel upload';
    cancel.hidden = true;
    cancel.dataset.scriptAdded = '';
    status.after(cancel);
    const bar = progress;
    const line = status;

    const errorId = (el: Control) => `field-${el.name || el.id || 'file'}-error`;
    const clearErrors = () => {
      form.querySelectorAll<HTMLElement>('[data-upload-error]').forEach((span) => {
        form.querySelectorAll<HTMLElement>('[aria-describedby]').forEach((el) => {
          const rest = (el.getAttribute('aria-describedby') ?? '').split(/\s+/).filter((t) => t && t !== span.id);
          if (rest.length) el.setAttribute('aria-describedby', rest.join(' '));
          else el.removeAttribute('aria-describedby');
          if (!rest.some((t) => document.getElementById(t)?.classList.contains('field-error'))) el.removeAttribute('aria-invalid');
        });
        span.remove();
      });
    };
    const showError = (el: Control, message: string) => {
      const id = errorId(el);
      let span = document.getElementById(id);
      if (!span) {
        span = document.createElement('span');
        span.id = id;
        span.className = 'field-error error';
        (el.parentElement instanceof HTMLLabelElement ? el.parentElement : el).after(span);
      }
      span.dataset.uploadError = '';
      span.textContent = message;
      el.setAttribute('aria-invalid', 'true');
      const described = (el.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
      if (!described.includes(id)) el.setAttribute('aria-describedby', [...described, id].join(' '));
    };
    const showProblem = (problem: Problem) => {
      const general: string[] = [];
      const byField = new Map<Control, string[]>();
      for (const e of Array.isArray(problem.errors) ? problem.errors : []) {
        if (typeof e.message !== 'string' || !e.message) continue;
        const named = typeof e.field === 'string' ? form.elements.namedItem(e.field) : null;
        const el = named instanceof HTMLInputElement || named instanceof HTMLTextAreaElement || named instanceof HTMLSelectElement ? named : fileInput;
        byField.set(el, [...(byField.get(el) ?? []), sentence(e.message)]);
      }
      if (!byField.size) general.push(sentence(typeof problem.detail === 'string' ? problem.detail : typeof problem.title === 'string' ? problem.title : 'The upload was refused.'));
      byField.forEach((messages, el) => showError(el, messages.join(' ')));
      if (general.length) showError(fileInput, general.join(' '));
      line.textContent = 'Not uploaded: see the message next to the field.';
    };

    let busy = false;
    let xhr: XMLHttpRequest | undefined;
    let cancelled = false;
    const submitters = () => Array.from(form.querySelectorAll<HTMLButtonElement | HTMLInputElement>('button[type=submit], button:not([type]), input[type=submit]'));
    const settle = () => {
      busy = false;
      xhr = undefined;
      cancel.hidden = true;
      bar.hidden = true;
      submitters().forEach((b) => (b.disabled = false));
    };
    /** The direct path failed without a verdict: the form goes the ordinary way, the server does everything. */
    const fallBack = () => {
      settle();
      line.textContent = 'Uploading…';
      HTMLFormElement.prototype.submit.call(form);
    };
    cancel.addEventListener('click', () => {
      cancelled = true;
      if (xhr) xhr.abort();
      settle();
      line.textContent = 'Upload cancelled.';
      fileInput.focus();
    });

    form.addEventListener('submit', (event) => {
      const file = fileInput.files && fileInput.files[0];
      if (event.defaultPrevented || !file) return;
      event.preventDefault();
      if (busy) return;
      busy = true;
      cancelled = false;
      clearErrors();
      submitters().forEach((b) => (b.disabled = true));
      bar.value = 0;
      bar.max = file.size || 1;
      bar.hidden = false;
      cancel.hidden = false;
      line.textContent = `Preparing ${file.name}…`;
      void (async () => {
        try {
          const fields = new URLSearchParams();
          for (const [name, value] of new FormData(form).entries()) if (typeof value === 'string') fields.append(name, value);
          fields.set('fileName', file.name);
          fields.set('contentType', file.type);
          fields.set('byteLength', String(file.size));
          if (globalThis.crypto && crypto.subtle) fields.set('sha256', hex(await crypto.subtle.digest('SHA-256', await file.arrayBuffer())));
          if (cancelled) return;
          const began = await post(begin, fields);
          if (cancelled) return;
          if (began.problem) return settle(), showProblem(began.problem);
          const transfer = began.json && (began.json.transfer as { url?: unknown; fields?: unknown; fileField?: unknown; headers?: unknown } | undefined);
          if (!transfer || typeof transfer.url !== 'string' || !began.json || typeof began.json.complete !== 'object' || !began.json.complete) return fallBack();
          const completion = began.json.complete as Record<string, unknown>;
          // `{url, fields}`: the fields go to that address; otherwise the members themselves go to data-complete.
          const nested = completion.fields && typeof completion.fields === 'object' && !Array.isArray(completion.fields) ? (completion.fields as Record<string, unknown>) : undefined;
          const completeUrl = nested && typeof completion.url === 'string' && sameOrigin(completion.url) ? completion.url : complete;
          const completeFields = nested ?? completion;
          const body = new FormData();
          if (transfer.fields && typeof transfer.fields === 'object') for (const [k, v] of Object.entries(transfer.fields as Record<string, unknown>)) body.append(k, String(v));
          body.append(typeof transfer.fileField === 'string' ? transfer.fileField : 'file', file, file.name);
          line.textContent = `Uploading ${file.name}…`;
          const sent = await new Promise<Answer | undefined>((resolve) => {
            const request = new XMLHttpRequest();
            xhr = request;
            request.open('POST', transfer.url as string);
            if (transfer.headers && typeof transfer.headers === 'object') for (const [k, v] of Object.entries(transfer.headers as Record<string, unknown>)) request.setRequestHeader(k, String(v));
            request.upload.addEventListener('progress', (e) => {
              if (!e.lengthComputable) return;
              bar.max = e.total;
              bar.value = e.loaded;
              line.textContent = `Uploading ${file.name}: ${Math.floor((e.loaded / e.total) * 100)}%`;
            });
            request.addEventListener('load', () => resolve(read(request.status, request.getResponseHeader('content-type') ?? '', request.responseText)));
            request.addEventListener('error', () => resolve(undefined));
            request.addEventListener('abort', () => resolve(undefined));
            request.send(body);
          });
          if (cancelled) return;
          if (!sent) return fallBack();
          if (sent.problem) return settle(), showProblem(sent.problem);
          if (sent.status < 200 || sent.status >= 300) return fallBack();
          bar.value = bar.max;
          line.textContent = `Finishing ${file.name}…`;
          const done = await post(completeUrl, new URLSearchParams(Object.entries(completeFields).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)])));
          if (cancelled) return;
          if (done.problem) return settle(), showProblem(done.problem);
          const redirect = done.json && done.json.redirect;
          if (typeof redirect !== 'string' || !sameOrigin(redirect)) return fallBack();
          line.textContent = `${file.name} uploaded.`;
          location.assign(redirect);
        } catch {
          if (!cancelled) fallBack();
        }
      })();
    });
  });
}
