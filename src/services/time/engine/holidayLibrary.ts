import { createRequire } from 'node:module';
import type HolidaysLibrary from 'date-holidays';

type HolidaysClass = typeof HolidaysLibrary;
let loaded: HolidaysClass | undefined;

/**
 * The holiday library (date-holidays), loaded on the first holiday the engine looks up rather than
 * with the engine: its rules for every country hold some 40 MB resident, which a server whose
 * parses name no holiday (and each idle parse worker) would otherwise carry. Its CommonJS build is
 * the same code as its ES module, and can be loaded synchronously where the engine needs it.
 */
export function holidayLibrary(): HolidaysClass {
  loaded ??= createRequire(import.meta.url)('date-holidays') as HolidaysClass;
  return loaded;
}
