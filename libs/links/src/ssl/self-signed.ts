import { createHash, X509Certificate } from 'node:crypto';
import { generate } from 'selfsigned';
import type { SslMaterial } from '../model/custom-domain.aggregate.js';

const VALID_DAYS = 365;

/**
 * Off the event loop: `selfsigned` 5 generates the key and signs with WebCrypto, whose RSA work runs on libuv's thread
 * pool (domain-ssl-keys.int-spec proves a health check answers during a generation).
 *
 * A real RSA-2048 key pair and a self-signed X.509 certificate (SHA-256, one year) for the domain, CN and DNS SAN
 * set to it, made by the maintained `selfsigned` package on Node's WebCrypto.
 */
export async function generateSelfSigned(domain: string, now = new Date()): Promise<SslMaterial> {
  const notAfterDate = new Date(now.getTime() + VALID_DAYS * 86_400_000);
  const pems = await generate([{ name: 'commonName', value: domain }], {
    keySize: 2048,
    algorithm: 'sha256',
    notBeforeDate: now,
    notAfterDate,
    extensions: [
      { name: 'basicConstraints', cA: false, critical: true },
      { name: 'keyUsage', digitalSignature: true, keyEncipherment: true, critical: true },
      { name: 'extKeyUsage', serverAuth: true },
      { name: 'subjectAltName', altNames: [{ type: 2, value: domain }] },
    ],
  });
  const fingerprint = createHash('sha256').update(new X509Certificate(pems.cert).raw).digest('hex');
  return { certificatePem: pems.cert, privateKeyPem: pems.private, fingerprint };
}
