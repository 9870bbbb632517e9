/**
 * Forms marked `data-unsaved` warn before the page is left with edits not sent: the browser's own
 * "leave site?" prompt, only while a field differs from what the page was rendered with. Sending
 * the form (or the editor's autosave marking it `data-saved`) ends the warning.
 */
export function warnUnsavedChanges(): void {
  const forms = Array.from(document.querySelectorAll<HTMLFormElement>('form[data-unsaved]'));
  if (!forms.length) return;
  const snapshot = (form: HTMLFormElement) => new URLSearchParams(Array.from(new FormData(form).entries()).filter((e): e is [string, string] => typeof e[1] === 'string')).toString();
  const rendered = new Map(forms.map((form) => [form, snapshot(form)]));
  let leaving = false;
  forms.forEach((form) => {
    form.addEventListener('submit', () => {
      leaving = true;
    });
    form.addEventListener('marquee:saved', () => rendered.set(form, snapshot(form)));
  });
  window.addEventListener('beforeunload', (event) => {
    if (leaving) return;
    if (forms.some((form) => snapshot(form) !== rendered.get(form))) event.preventDefault();
  });
}
