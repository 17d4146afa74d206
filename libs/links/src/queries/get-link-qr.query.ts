import type { OnModuleDestroy } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import QRCode from 'qrcode';
import { AppError, LINK_LIMITS, QR_FORMATS, qrUrlFor, type QrFormat } from '@app/contracts';
import type { Actor } from '../commands/actor.js';
import { LinkReader } from './link-reader.js';
import { QrRenderer } from '../qr/qr-renderer.js';

export interface QrImage {
  contentType: string;
  body: Buffer | string;
}

/** GET /api/links/{id}/qr: the link's short URL with `?qr=1` as an SVG or PNG (404 when not the caller's). */
export class GetLinkQrQuery extends Query<QrImage> {
  constructor(
    readonly actor: Actor,
    readonly linkId: string,
    readonly format: string | undefined,
    readonly size: string | undefined,
  ) {
    super();
  }
}

const bad = (field: string, rule: string) => new AppError(400, `${field}: ${rule}`, 'INVALID_QR_REQUEST');

function parseQrOptions(format: string | undefined, size: string | undefined): { format: QrFormat; size: number } {
  const f = (format ?? 'svg') as QrFormat;
  if (!QR_FORMATS.includes(f)) throw bad('format', 'must be svg or png.');
  const { qrSizeMin: min, qrSizeMax: max, qrSizeDefault } = LINK_LIMITS;
  const n = size === undefined || size === '' ? qrSizeDefault : /^\d{1,5}$/.test(size) ? Number(size) : NaN;
  if (!Number.isInteger(n) || n < min || n > max) throw bad('size', `must be a whole number of pixels from ${min} to ${max}.`);
  return { format: f, size: n };
}

@QueryHandler(GetLinkQrQuery)
export class GetLinkQrHandler implements IQueryHandler<GetLinkQrQuery>, OnModuleDestroy {
  /** PNGs off the event loop, cached (docs/security.md "QR codes"); SVG is text and cheap at any size. */
  private readonly renderer = new QrRenderer();

  constructor(private readonly links: LinkReader) {}

  async execute(q: GetLinkQrQuery): Promise<QrImage> {
    const link = await this.links.one(q.actor, q.linkId);
    const { format, size } = parseQrOptions(q.format, q.size);
    const text = qrUrlFor(link.shortUrl);
    const options = { errorCorrectionLevel: 'M' as const, margin: 2, width: size };
    if (format === 'png') return { contentType: 'image/png', body: await this.renderer.png(text, size) };
    return { contentType: 'image/svg+xml', body: await QRCode.toString(text, { ...options, type: 'svg' }) };
  }

  async onModuleDestroy(): Promise<void> {
    await this.renderer.close();
  }
}
