import { generate } from 'selfsigned';
import type { SslMaterial } from '../domain/domain.aggregate.js';

const VALID_DAYS = 365;

/**
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
  return { certificatePem: pems.cert, privateKeyPem: pems.private };
}
