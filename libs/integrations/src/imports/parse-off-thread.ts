import { Worker } from 'node:worker_threads';
import { AppError, type ImportFormat } from '@app/contracts';
import { IntegrationsErrors } from '../integrations.errors.js';
import type { ParsedImport } from './parse-import.js';
import type { ParseThreadInput, ParseThreadOutput } from './parse-thread.js';

/** Run from the TypeScript sources (tests): the thread loads them through tsx; built: the compiled file. */
const FROM_SOURCE = import.meta.url.endsWith('.ts');
const THREAD_ENTRY = new URL(FROM_SOURCE ? './parse-thread-from-source.mjs' : './parse-thread.js', import.meta.url);

/** A file no export resembles (millions of tiny records) is given up after this long, and the thread's heap is capped. */
export const IMPORT_PARSE_TIMEOUT_MS = 60_000;
const PARSE_HEAP_MB = 768;

/**
 * parseImport on a thread of its own (docs/security.md "Imports"): a 20 MB file, however hostile, never holds the
 * api's event loop — other requests (and /api/health/live) are answered meanwhile. One thread per import; the
 * caller allows one import per workspace (the import's owner) at a time.
 */
export function parseOffThread(format: ImportFormat, content: string | Uint8Array): Promise<ParsedImport> {
  return new Promise((resolve, reject) => {
    let settled = false;
    const thread = new Worker(THREAD_ENTRY, {
      workerData: { format, content } satisfies ParseThreadInput,
      resourceLimits: { maxOldGenerationSizeMb: PARSE_HEAP_MB },
    });
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      fn();
      void thread.terminate();
    };
    const timer = setTimeout(() => settle(() => reject(IntegrationsErrors.importTooSlow())), IMPORT_PARSE_TIMEOUT_MS);
    thread.once('message', (m: ParseThreadOutput) =>
      settle(() => (m.ok ? resolve(m.result) : reject(new AppError(m.statusCode, m.message, m.code)))),
    );
    thread.once('error', (err: Error & { code?: string }) =>
      settle(() => reject(err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? IntegrationsErrors.importTooSlow() : err)),
    );
    thread.once('exit', (code) => settle(() => reject(new Error(`import parse thread exited with code ${code}`))));
  });
}
