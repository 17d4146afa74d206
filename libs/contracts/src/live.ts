/** Live updates: the worker publishes one LiveSummary per processed batch on redisKeys().liveChannel. */
export interface LiveLinkSummary {
  linkId: string;
  ownerId: string;
  clicks: number;
  lastClick: string;
}
export interface LiveSummary {
  links: LiveLinkSummary[];
}
/** socket.io namespace and events (server → client). */
export const LIVE_NAMESPACE = '/live';
export const LIVE_EVENT_CLICKS = 'clicks';
export interface LiveClicksEvent {
  links: { linkId: string; clicks: number; lastClick: string }[];
}
