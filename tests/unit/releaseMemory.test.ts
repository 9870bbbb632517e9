import { releaseMemory } from '../../src/lib/releaseMemory.js';

// The collection asked for after a burst: it runs (an object nothing holds any more is gone, and
// its cleanup callback is called), and requests made together share one collection.

/** An object only a weak reference and a finalization registry know of, made in a job of its own. */
async function unreachable(registry: FinalizationRegistry<string>) {
  await new Promise((resolve) => setImmediate(resolve));
  const target = { payload: new Array(10_000).fill('x') };
  registry.register(target, 'collected');
  return new WeakRef(target);
}

test('when memory is released, then an object nothing holds is collected and its cleanup runs', async () => {
  const cleaned: string[] = [];
  const registry = new FinalizationRegistry<string>((held) => cleaned.push(held));
  const ref = await unreachable(registry);
  // A weak reference keeps its target until the job that made it ends.
  await new Promise((resolve) => setImmediate(resolve));
  expect(ref.deref()).toBeDefined();
  await releaseMemory();
  expect(ref.deref()).toBeUndefined();
  // Cleanup callbacks are called in a task of their own after the collection.
  for (let i = 0; i < 100 && !cleaned.length; i++) await new Promise((resolve) => setImmediate(resolve));
  expect(cleaned).toEqual(['collected']);
});

test('when several ask at once (each worker exiting), then they share one collection', async () => {
  const first = releaseMemory();
  const second = releaseMemory();
  expect(second).toBe(first);
  await first;
  // Once done, the next request starts a collection of its own.
  const third = releaseMemory();
  expect(third).not.toBe(first);
  await third;
});
