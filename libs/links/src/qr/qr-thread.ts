import { parentPort } from 'node:worker_threads';
import QRCode from 'qrcode';

/** Api thread → QR thread: draw `text` as a PNG `size` px wide. */
export interface QrJob {
  id: number;
  text: string;
  size: number;
}
/** QR thread → api thread. */
export type QrDone = { id: number; png: Uint8Array } | { id: number; error: string };

/** The QR thread (qr-renderer.ts): draws PNGs here, so a 2048 px image never holds the api's event loop. */
parentPort?.on('message', (job: QrJob) => {
  QRCode.toBuffer(job.text, { errorCorrectionLevel: 'M', margin: 2, width: job.size, type: 'png' }).then(
    (png) => parentPort!.postMessage({ id: job.id, png } satisfies QrDone),
    (err: unknown) => parentPort!.postMessage({ id: job.id, error: err instanceof Error ? err.message : String(err) } satisfies QrDone),
  );
});
