import { Worker } from 'node:worker_threads';
import { LRUCache } from 'lru-cache';
import type { QrDone, QrJob } from './qr-thread.js';

/** Run from the TypeScript sources (tests): the thread loads them through tsx; built: the compiled file. */
const FROM_SOURCE = import.meta.url.endsWith('.ts');
const THREAD_ENTRY = new URL(FROM_SOURCE ? './qr-thread-from-source.mjs' : './qr-thread.js', import.meta.url);
/** Drawn PNGs kept, by bytes (a 2048 px code is ~40 kB). */
const CACHE_BYTES = 32 * 1024 * 1024;

/**
 * QR PNGs drawn on one worker thread and cached (docs/security.md "QR codes"): 16 simultaneous 2048 px PNGs drawn
 * on the event loop held every other request for 1.6 s. The thread starts on the first PNG and does not keep the
 * process alive; requests queue in its message port, so at most one image is drawn at a time.
 */
export class QrRenderer {
  private thread: Worker | null = null;
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (png: Buffer) => void; reject: (err: Error) => void }>();
  private readonly cache = new LRUCache<string, Buffer>({ maxSize: CACHE_BYTES, sizeCalculation: (png) => png.length });

  async png(text: string, size: number): Promise<Buffer> {
    const key = `${size}:${text}`;
    const cached = this.cache.get(key);
    if (cached) return cached;
    const png = await this.draw(text, size);
    this.cache.set(key, png);
    return png;
  }

  async close(): Promise<void> {
    const thread = this.thread;
    this.thread = null;
    if (thread) await thread.terminate();
  }

  private draw(text: string, size: number): Promise<Buffer> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.start().postMessage({ id, text, size } satisfies QrJob);
    });
  }

  private start(): Worker {
    if (this.thread) return this.thread;
    const thread = new Worker(THREAD_ENTRY);
    thread.unref();
    thread.on('message', (m: QrDone) => {
      const waiter = this.pending.get(m.id);
      this.pending.delete(m.id);
      if ('png' in m) waiter?.resolve(Buffer.from(m.png));
      else waiter?.reject(new Error(m.error));
    });
    const failAll = (err: Error) => {
      if (this.thread === thread) this.thread = null;
      for (const w of this.pending.values()) w.reject(err);
      this.pending.clear();
    };
    thread.on('error', failAll);
    thread.on('exit', () => failAll(new Error('the QR thread stopped')));
    this.thread = thread;
    return thread;
  }
}
