import { pino } from 'pino';
import type { Logger } from '../../src/http/observability/logger.js';
import { useEventLog, type EventSink } from '../../src/lib/eventLog.js';

/** A JSON logger at `info` whose lines are kept in memory, to read what the app logged. */
export function capturedLog(): { logger: Logger; lines: string[] } {
  const lines: string[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(line.trimEnd()) });
  return { logger, lines };
}

/**
 * The operational events (src/lib/eventLog.ts) logged until `restore()`, each as the JSON object
 * its line holds (level, event name and fields), instead of wherever the last app sent them.
 */
export function capturedEvents(): { events: Record<string, unknown>[]; restore(): void } {
  const events: Record<string, unknown>[] = [];
  const record = (level: string) => (fields: object) => void events.push(JSON.parse(JSON.stringify({ level, ...fields })));
  const before = useEventLog({ error: record('error'), warn: record('warn'), info: record('info') } as EventSink);
  return { events, restore: () => void useEventLog(before) };
}
