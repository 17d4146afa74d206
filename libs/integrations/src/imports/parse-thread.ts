import { parentPort, workerData } from 'node:worker_threads';
import type { ImportFormat } from '@app/contracts';
import { parseImport } from './parse-import.js';

/** workerData of the parse thread, and what it posts back once (then it ends). */
export interface ParseThreadInput {
  format: ImportFormat;
  content: string | Uint8Array;
}
export type ParseThreadOutput =
  { ok: true; result: ReturnType<typeof parseImport> } | { ok: false; statusCode: number; message: string; code?: string };

const input = workerData as ParseThreadInput;
let output: ParseThreadOutput;
try {
  output = { ok: true, result: parseImport(input.format, input.content) };
} catch (err) {
  const e = err as { statusCode?: number; message?: string; code?: string };
  output = e.statusCode
    ? { ok: false, statusCode: e.statusCode, message: String(e.message), code: e.code }
    : { ok: false, statusCode: 500, message: String(e.message) };
}
parentPort!.postMessage(output);
