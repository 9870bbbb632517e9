/** Dialect-neutral row helpers: SQLite returns booleans as 0/1 and we keep JSON in TEXT columns. */
export const bool = (value: unknown): boolean => value === true || value === 1 || value === '1';
export const json = <T>(value: unknown, fallback: T): T => {
  if (value === null || value === undefined) return fallback;
  if (typeof value !== 'string') return value as T;
  try {
    return JSON.parse(value) as T;
  } catch {
    return fallback;
  }
};
export const optional = <T>(value: T | null | undefined): T | undefined => (value === null ? undefined : value);
