import fs from 'node:fs';
import path from 'node:path';

/**
 * Migrations are history: what a migration does must not change after it ships, so a migration
 * imports only libraries and the frozen copies under src/db/migrations/frozen/ (code as of a
 * migration's date), never the live repositories, services or helpers, whose later changes would
 * silently change what an old migration does on a fresh install.
 */
const DIR = path.join(import.meta.dirname, '../../src/db/migrations');
const LIBRARIES = new Set(['knex', 'luxon']);

const importsOf = (file: string) =>
  [...fs.readFileSync(file, 'utf8').matchAll(/^\s*import\s+(type\s+)?[^'"]*?from\s+['"]([^'"]+)['"]/gm)].map((m) => ({ typeOnly: !!m[1], from: m[2] }));

const allowed = (from: string, file: string) => {
  if (LIBRARIES.has(from)) return true;
  if (!from.startsWith('.')) return false;
  const target = path.resolve(path.dirname(file), from);
  return target.startsWith(path.join(DIR, 'frozen') + path.sep) || (path.basename(file) === 'index.ts' && path.dirname(target) === DIR);
};

describe('migrations', () => {
  const files = [...fs.readdirSync(DIR).filter((f) => f.endsWith('.ts')).map((f) => path.join(DIR, f)), ...fs.readdirSync(path.join(DIR, 'frozen')).map((f) => path.join(DIR, 'frozen', f))];

  test('when a migration or a frozen copy imports something, then it is a library, a frozen copy or (for the index) a migration', () => {
    expect(files.length).toBeGreaterThan(30);
    const live = files.flatMap((file) => importsOf(file).filter((i) => !i.typeOnly && !allowed(i.from, file)).map((i) => `${path.relative(DIR, file)} imports ${i.from}`));
    expect(live).toEqual([]);
  });

  test('when the rule is checked against an import of live code, then it is refused', () => {
    const file = path.join(DIR, '20990101000000_example.ts');
    expect(allowed('../../repositories/search.js', file)).toBe(false);
    expect(allowed('../../lib/eventWindow.js', file)).toBe(false);
    expect(allowed('./frozen/searchProjection20261125.js', file)).toBe(true);
    expect(allowed('./20261125000200_create_search_documents.js', file)).toBe(false);
    expect(allowed('knex', file)).toBe(true);
    expect(allowed('sharp', file)).toBe(false);
  });
});
