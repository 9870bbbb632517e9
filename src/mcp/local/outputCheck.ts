/**
 * Every `structuredContent` is checked against the tool's output schema before it is returned,
 * and every input against its input schema before anything is sent: one Ajv (the project's
 * draft 2020-12 setup) compiling each schema once.
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { ValidateFunction } from 'ajv';
import { createAjv } from '../../contract/ajv.js';
import type { JsonSchema, ToolBase } from '../tool.js';
import { failure } from './results.js';

type Named = Pick<ToolBase, 'name' | 'inputSchema' | 'outputSchema'>;

export class OutputCheck {
  private readonly ajv = createAjv();
  private readonly compiled = new Map<JsonSchema, ValidateFunction>();

  private validator(schema: JsonSchema): ValidateFunction {
    let fn = this.compiled.get(schema);
    if (!fn) {
      fn = this.ajv.compile(schema);
      this.compiled.set(schema, fn);
    }
    return fn;
  }

  private static words(fn: ValidateFunction): string {
    return (fn.errors ?? [])
      .slice(0, 10)
      .map((e) => `${e.instancePath || '/'} ${e.message ?? 'is invalid'}`)
      .join('; ');
  }

  /** Undefined when `input` satisfies the tool's input schema, else an `isError` result naming the failing members. */
  input(tool: Named, input: unknown): CallToolResult | undefined {
    const fn = this.validator(tool.inputSchema);
    if (fn(input)) return undefined;
    return failure(`${tool.name} input is invalid: ${OutputCheck.words(fn)}.`);
  }

  /**
   * `ok()` when `output` satisfies the output schema. Otherwise an `isError` result; for an
   * accepted write (`accepted`) it says so, since the change happened whatever the answer's shape.
   */
  checked(tool: Named, output: unknown, ok: () => CallToolResult, accepted = false): CallToolResult {
    const fn = this.validator(tool.outputSchema);
    if (fn(output)) return ok();
    const why = OutputCheck.words(fn);
    if (accepted) {
      return failure(
        `${tool.name} was accepted, but its answer does not match the tool's output schema (${why}): ${JSON.stringify(output)}. ` +
          'Do not retry this mutation automatically; inspect the saved object first.',
      );
    }
    return failure(`${tool.name}: the API's answer does not match the tool's output schema (${why}). Is the configured API a Marquee of this version?`);
  }
}
