import { RefusedDestinationError } from './webhook-address.js';

/** Network failures by node's error code, in words that name no address or port (docs/security.md#webhooks). */
const NETWORK_FAILURES: Record<string, string> = {
  ECONNREFUSED: 'Connection refused by the destination.',
  ECONNRESET: 'The destination closed the connection.',
  EPIPE: 'The destination closed the connection.',
  ETIMEDOUT: 'The connection timed out.',
  EHOSTUNREACH: 'The destination could not be reached.',
  ENETUNREACH: 'The destination could not be reached.',
  EAI_AGAIN: 'The destination could not be reached.',
  HPE_INVALID_CONSTANT: 'The destination did not answer with HTTP.',
};

/**
 * What a failed attempt records in the delivery log, which the webhook's owner reads. Node's own messages name the
 * address a connection went to (`connect ECONNREFUSED 10.1.2.3:80`) and a refused destination's resolved address was
 * named too: the log keeps the kind of failure only, never this server's view of the network.
 */
export function deliveryError(err: unknown): string {
  if (err instanceof RefusedDestinationError) return `Destination refused: ${err.message}.`;
  const code = (err as NodeJS.ErrnoException | null)?.code ?? '';
  if (NETWORK_FAILURES[code]) return NETWORK_FAILURES[code];
  if (/CERT|TLS|SSL/.test(code)) return `The TLS handshake failed (${code}).`;
  return code ? `The connection failed (${code}).` : 'The connection failed.';
}
