import { pino, type DestinationStream, type Logger } from 'pino';
import type { Config } from '../../config.js';

export type { Logger };

/**
 * The service log: one JSON object a line on standard output (or `destination`), at the
 * configured level. Callers pass only the fields they mean to record: there are no request,
 * header or body serializers, so nothing reaches a line by accident.
 */
export function createLogger(config: Pick<Config, 'logLevel'>, destination?: DestinationStream): Logger {
  return pino(
    {
      level: config.logLevel,
      base: { service: 'marquee' },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
    },
    destination ?? pino.destination({ dest: 1, sync: false }),
  );
}
