import { publicAddresses, RefusedDestinationError, type LookupAll } from './webhook-address.js';
import { IntegrationsErrors } from '../integrations.errors.js';

const URL_MAX = 2048;

/** A webhook URL at create time: http(s), no credentials, and (unless allowed) resolving only to public addresses. */
export async function checkWebhookUrl(raw: unknown, lookup: LookupAll, allowPrivate: boolean): Promise<string> {
  const value = typeof raw === 'string' ? raw.trim() : '';
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw IntegrationsErrors.webhookUrl();
  }
  if (!value || value.length > URL_MAX || (url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname)
    throw IntegrationsErrors.webhookUrl();
  if (url.username || url.password) throw IntegrationsErrors.webhookUrl();
  try {
    await publicAddresses(url.hostname, lookup, allowPrivate);
  } catch (err) {
    if (err instanceof RefusedDestinationError) throw IntegrationsErrors.webhookUrlRefused(err.message);
    throw err;
  }
  return url.toString();
}
