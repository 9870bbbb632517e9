// Worker-thread entry of the parse pool (parsePool.ts): loaded inside each worker thread, it runs the pure engine, nothing else.
import { parseTimeExpression } from './engine/index.js';
import type { EngineInput } from './jobs.js';

export default function parse(input: EngineInput) {
  return parseTimeExpression(input);
}
