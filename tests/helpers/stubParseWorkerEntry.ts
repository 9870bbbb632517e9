// A stand-in for parseWorkerEntry.ts in pool tests: answers with the thread it ran on.
import { threadId } from 'node:worker_threads';

export default function parse(input: { text: string; referenceInstant: number }) {
  if (input.text === 'throw') throw new Error('boom');
  return { status: 'no_plan', reason: `${input.text} on thread ${threadId}` };
}
