import type { AppError } from '../../src/services/errors.js';

/** Awaits a service call; resolves to the AppError it threw, or null when it succeeded. */
export async function refusal(p: Promise<unknown>): Promise<AppError | null> {
  try {
    await p;
    return null;
  } catch (e) {
    return e as AppError;
  }
}
