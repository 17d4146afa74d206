import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { WEBHOOK_DELIVERY_HEADER, WEBHOOK_EVENT_HEADER, WEBHOOK_SIGNATURE_HEADER } from '@app/contracts';
import { publicAddresses, type LookupAll } from './webhook-address.js';
import { deliveryError } from './delivery-error.js';
import { signWebhook } from './signature.js';
import type { DeliveryToSend } from './webhook-store.js';

export interface SendOptions {
  timeoutMs: number;
  allowPrivate: boolean;
  lookup: LookupAll;
}
export interface SendOutcome {
  ok: boolean;
  responseStatus: number | null;
  error: string | null;
}

/**
 * One attempt: POST the stored payload, signed now. The connection goes only to addresses checked at this moment
 * (the lookup hook refuses private ones, so a DNS answer that changed since the webhook was created — rebinding —
 * is refused too). Redirects are not followed (a 3xx is a failure), so they cannot lead inside either.
 */
export async function sendDelivery(d: DeliveryToSend, options: SendOptions): Promise<SendOutcome> {
  const url = new URL(d.url);
  const bare = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(bare)) {
    // An IP literal never reaches the lookup hook: check it here.
    try {
      await publicAddresses(bare, options.lookup, options.allowPrivate);
    } catch (err) {
      return { ok: false, responseStatus: null, error: deliveryError(err) };
    }
  }
  return post(url, d, options);
}

function post(url: URL, d: DeliveryToSend, options: SendOptions): Promise<SendOutcome> {
  const client = url.protocol === 'https:' ? https : http;
  const guardedLookup: LookupFunction = (host, opts, cb) => {
    publicAddresses(host, options.lookup, options.allowPrivate).then(
      (addrs) => {
        const all = addrs.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
        if ((opts as { all?: boolean }).all) (cb as unknown as (e: null, a: typeof all) => void)(null, all);
        else cb(null, all[0].address, all[0].family);
      },
      (err: Error) => cb(err as NodeJS.ErrnoException, '', 4),
    );
  };
  return new Promise((resolve) => {
    let settled = false;
    const finish = (outcome: SendOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(outcome);
    };
    const req = client.request(
      url,
      {
        method: 'POST',
        lookup: guardedLookup,
        headers: {
          'content-type': 'application/json',
          'user-agent': 'LinkPulse-Webhooks/1',
          [WEBHOOK_EVENT_HEADER]: d.event,
          [WEBHOOK_DELIVERY_HEADER]: d.id,
          [WEBHOOK_SIGNATURE_HEADER]: signWebhook(d.secret, d.payload),
        },
      },
      (res) => {
        res.resume();
        const status = res.statusCode ?? 0;
        const ok = status >= 200 && status < 300;
        const error = ok ? null : status >= 300 && status < 400 ? `HTTP ${status}: redirects are not followed` : `HTTP ${status}`;
        res.on('end', () => finish({ ok, responseStatus: status, error }));
        res.on('error', () => finish({ ok, responseStatus: status, error }));
      },
    );
    const timer = setTimeout(() => {
      req.destroy();
      finish({ ok: false, responseStatus: null, error: `No answer within ${options.timeoutMs / 1000} s` });
    }, options.timeoutMs);
    req.on('error', (err) => finish({ ok: false, responseStatus: null, error: deliveryError(err) }));
    req.end(d.payload);
  });
}
