/** A click as minted by the redirector; `id` is unique and makes re-delivery harmless. */
export interface ClickEvent {
  id: string;
  linkId: string;
  /** ISO instant of the redirect. */
  at: string;
  ip: string;
  userAgent: string;
  referer: string;
  host: string;
}
/** One BullMQ job on queue `clicks` carries one micro-batch. */
export interface ClickBatchJob {
  clicks: ClickEvent[];
}
export const QUEUE_CLICKS = 'clicks';
export const QUEUE_MAINTENANCE = 'maintenance';
/** What the redirector needs to answer, as cached in Redis and the LRU. */
export interface CachedLink {
  id: string;
  url: string;
  ogTitle: string | null;
  ogDescription: string | null;
  ogImage: string | null;
}
