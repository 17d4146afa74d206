/** docs/product.md#api-keys, docs/product.md#webhooks, docs/product.md#imports-and-exports: API keys, webhooks, imports and exports. */

/** §2 scopes a key may carry. */
export const API_KEY_SCOPES = ['links:read', 'links:write', 'analytics:read', 'domains:read', 'domains:write'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];
/** Every key starts with this; the rest is random base64url. */
export const API_KEY_PREFIX = 'lp_';

export interface CreateApiKeyRequest {
  name: string;
  scopes: ApiKeyScope[];
  /** ISO date-time in the future, or absent/null for a key that never expires. */
  expiresAt?: string | null;
}
/** `GET /api/api-keys` item (never the key itself). */
export interface ApiKeyDto {
  id: string;
  name: string;
  scopes: ApiKeyScope[];
  createdAt: string;
  expiresAt: string | null;
  lastUsedAt: string | null;
}
/** `POST /api/api-keys` → 201: the only response that carries `key`. */
export interface CreatedApiKeyDto extends ApiKeyDto {
  key: string;
}

/** §3 events a webhook may subscribe to. */
export const WEBHOOK_EVENTS = ['link.created', 'link.updated', 'link.deleted', 'link.clicked'] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number];
export const WEBHOOK_SIGNATURE_HEADER = 'X-LinkPulse-Signature';
export const WEBHOOK_EVENT_HEADER = 'X-LinkPulse-Event';
export const WEBHOOK_DELIVERY_HEADER = 'X-LinkPulse-Delivery';

export interface CreateWebhookRequest {
  url: string;
  events: WebhookEventType[];
}
/** `active`, or `paused` after WEBHOOK_PAUSE_AFTER failed attempts in a row: nothing is sent until it is resumed. */
export type WebhookStatus = 'active' | 'paused';
/** `GET /api/webhooks` item (never the secret). */
export interface WebhookDto {
  id: string;
  url: string;
  events: WebhookEventType[];
  status: WebhookStatus;
  /** When it was paused; null while active. */
  pausedAt: string | null;
  createdAt: string;
}
/** `POST /api/webhooks` → 201: the only response that carries `secret`. */
export interface CreatedWebhookDto extends WebhookDto {
  secret: string;
}
/** `paused`: held while its webhook is paused; resuming the webhook sends it. */
export type WebhookDeliveryStatus = 'pending' | 'delivered' | 'failed' | 'paused';
/** `GET /api/webhooks/{id}/deliveries`: the last 50, newest first. */
export interface WebhookDeliveryDto {
  id: string;
  event: WebhookEventType;
  status: WebhookDeliveryStatus;
  attempts: number;
  /** HTTP status of the last attempt; null when it never got an answer (timeout, refused, blocked). */
  responseStatus: number | null;
  createdAt: string;
  deliveredAt: string | null;
  /** Why the last attempt failed; null when delivered or not tried yet. */
  error: string | null;
  /** When a failed attempt is tried again (pending deliveries with attempts left); null otherwise. */
  nextAttemptAt: string | null;
}
/** The JSON body POSTed to a webhook URL. */
export interface WebhookPayload<D = unknown> {
  id: string;
  type: WebhookEventType;
  createdAt: string;
  data: D;
}
/** One click as the API shows it (webhook `link.clicked` data, and the base of a raw-clicks export row). */
export interface WebhookClick {
  id: string;
  at: string;
  country: string | null;
  city: string | null;
  device: string | null;
  browser: string | null;
  os: string | null;
  referrer: string | null;
}
export interface LinkClickedData {
  linkId: string;
  clicks: WebhookClick[];
}

/** §4 import formats. */
export const IMPORT_FORMATS = ['csv', 'bitly', 'yourls', 'kutt', 'shlink', 'dub'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];
export interface CreateImportRequest {
  format: ImportFormat;
  content: string;
  domainId?: string;
  /** true: nothing is created; the answer is the preview (`ImportPreviewDto`, 200). */
  dryRun?: boolean;
}
/** Something kept but changed on a row (a title shortened, tags dropped), or about the whole file (row 0). */
export interface ImportNote {
  row: number;
  note: string;
}
/** `POST /api/imports` with `dryRun: true` → 200: what an import of the file would do, changing nothing. */
export interface ImportPreviewDto {
  total: number;
  wouldCreate: number;
  skipped: ImportSkippedRow[];
  notes: ImportNote[];
  /** Which product's file it was read as (e.g. "Bitly dashboard CSV export"). */
  shape: string;
}
/** `POST /api/imports` → 202. */
export interface ImportAcceptedDto {
  id: string;
}
export type ImportStatus = 'running' | 'done' | 'failed';
export interface ImportSkippedRow {
  /** 1-based data row (the header row is not counted). */
  row: number;
  reason: string;
}
/** `GET /api/imports/{id}`. `processed` (extra) counts rows handled so far, for the progress bar. */
export interface ImportResultDto {
  id: string;
  status: ImportStatus;
  total: number;
  created: number;
  skipped: ImportSkippedRow[];
  processed: number;
  /** Why the whole import failed (status "failed"), else null. */
  error: string | null;
  /** Rows kept with a change (title shortened, tags dropped), and notes on the whole file (row 0). */
  notes: ImportNote[];
}
/** socket.io `/live` event (server → the importing user's sockets) while an import runs and when it ends. */
export const LIVE_EVENT_IMPORT = 'import-progress';
export interface ImportProgressEvent {
  id: string;
  status: ImportStatus;
  total: number;
  processed: number;
  created: number;
  skipped: number;
}

/** §4 export formats of `GET /api/links/export` and `GET /api/links/{id}/clicks`. */
export const LINK_EXPORT_FORMATS = ['csv', 'json'] as const;
export type LinkExportFormat = (typeof LINK_EXPORT_FORMATS)[number];
/** One raw click in `GET /api/links/{id}/clicks` (JSON array items; CSV columns in this order). */
export interface RawClickDto extends WebhookClick {
  /** Primary tag of the visitor's Accept-Language (`en`), null when none was sent. */
  language: string | null;
  isBot: boolean;
}
