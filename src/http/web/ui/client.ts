/**
 * The pages' one script, and all it does: enhance what the server already rendered. Pages work
 * without it; with it,
 * - every `<time data-local>` (rendered in the event's own zone) gains the same instant in the
 *   viewer's zone (`data-local="time"`: the weekday and time only, for lineups), and
 *   "starts in 2 h" when `data-relative` is set;
 * - every `<time data-ago>` (rendered as "3 days ago" against the server's clock) says it again
 *   against the viewer's clock, titled with the viewer's own time;
 * - every `button[data-copy]` (hidden until the script runs) copies its `data-copy` text, or the
 *   text of the element `data-copy-from` names, and says so in its live region.
 *
 * It is written in TypeScript and served as this function's compiled source (assets.ts), so it is
 * type-checked with the rest and needs no build step.
 */
export function enhancePage(): void {
  const now = Date.now();
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const fmt = new Intl.DateTimeFormat(undefined, { weekday: 'short', day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' });
  const short = new Intl.DateTimeFormat(undefined, { weekday: 'short', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' });
  const rel = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });
  const relative = (ms: number): string => {
    const minutes = Math.round((ms - now) / 60000);
    if (Math.abs(minutes) < 60) return rel.format(minutes, 'minute');
    const hours = Math.round(minutes / 60);
    if (Math.abs(hours) < 48) return rel.format(hours, 'hour');
    // The same steps as formatRelative (format.ts), which wrote the server's text.
    const days = Math.round(hours / 24);
    if (Math.abs(days) < 60) return rel.format(days, 'day');
    const months = Math.round(days / 30.44);
    if (Math.abs(months) < 24) return rel.format(months, 'month');
    return rel.format(Math.round(days / 365.25), 'year');
  };
  document.querySelectorAll<HTMLTimeElement>('time[data-ago]').forEach((el) => {
    const at = Date.parse(el.dateTime);
    if (Number.isNaN(at)) return;
    el.textContent = Math.round((at - now) / 60000) === 0 ? 'just now' : relative(at);
    el.title = fmt.format(at);
  });
  document.querySelectorAll<HTMLTimeElement>('time[data-local]').forEach((el) => {
    const at = Date.parse(el.dateTime);
    if (Number.isNaN(at)) return;
    const out = document.createElement('span');
    out.className = 'local';
    const sameZone = el.dataset.zone === zone;
    const parts = [sameZone ? '' : `Your time: ${(el.dataset.local === 'time' ? short : fmt).format(at)}`];
    if (el.dataset.relative !== undefined) parts.push(at > now ? `starts ${relative(at)}` : '');
    const text = parts.filter(Boolean).join(' · ');
    if (!text) return;
    out.textContent = text;
    out.dataset.viewerZone = zone;
    el.after(out);
  });
  document.querySelectorAll<HTMLButtonElement>('button[data-copy],button[data-copy-from]').forEach((button) => {
    button.hidden = false;
    const status = document.createElement('span');
    status.setAttribute('role', 'status');
    status.className = 'small muted';
    button.after(status);
    button.addEventListener('click', async () => {
      const from = button.dataset.copyFrom ? document.getElementById(button.dataset.copyFrom) : null;
      const text = from ? (from.textContent ?? '') : (button.dataset.copy ?? '');
      try {
        await navigator.clipboard.writeText(text);
        status.textContent = ' Copied.';
      } catch {
        status.textContent = ' Copy failed: select the text instead.';
      }
    });
  });
}
