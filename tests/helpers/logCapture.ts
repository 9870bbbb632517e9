import { pino } from 'pino';
import type { Logger } from '../../src/http/observability/logger.js';

/** A JSON logger at `info` whose lines are kept in memory, to read what the app logged. */
export function capturedLog(): { logger: Logger; lines: string[] } {
  const lines: string[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(line.trimEnd()) });
  return { logger, lines };
}
