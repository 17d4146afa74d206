import { createHash, X509Certificate } from 'node:crypto';
import type { MigrationInterface, QueryRunner } from 'typeorm';
import { openSecret, sealSecret, secretsKeyFrom } from '@app/config';

/**
 * SSL private keys leave the event store and the `domains` read model (issue 16 item 7, decision 0005): the current
 * certificate and its key move to `domain_ssl_keys` (owned by the links lib, not a read model: a rebuild keeps it),
 * the key sealed with AES-256-GCM under SECRETS_KEY; `domains` keeps the certificate's SHA-256 fingerprint; and every
 * stored `domain-ssl-generated` event is rewritten to {domainId, fingerprint, label, at}, so no private key stays in
 * history. Reads SECRETS_KEY itself (the key the apps will use): run it with the same environment as the apps.
 */
export class DomainSslKeys1766000000000 implements MigrationInterface {
  name = 'DomainSslKeys1766000000000';

  async up(q: QueryRunner): Promise<void> {
    const key = migrationKey();
    await q.query(`
      CREATE TABLE domain_ssl_keys (
        domain_id          uuid NOT NULL,
        fingerprint        text NOT NULL,
        certificate_pem    text NOT NULL,
        private_key_sealed text NOT NULL,
        created_at         timestamptz NOT NULL,
        PRIMARY KEY (domain_id, fingerprint)
      );
      ALTER TABLE domains ADD COLUMN ssl_fingerprint text;
    `);
    const rows: { id: string; cert: string; key: string; at: Date | null }[] = await q.query(
      `SELECT id, ssl_certificate AS cert, ssl_private_key AS key, ssl_generated_at AS at FROM domains
       WHERE ssl_certificate IS NOT NULL AND ssl_private_key IS NOT NULL`,
    );
    for (const r of rows) {
      const fingerprint = createHash('sha256').update(new X509Certificate(r.cert).raw).digest('hex');
      await q.query(
        `INSERT INTO domain_ssl_keys (domain_id, fingerprint, certificate_pem, private_key_sealed, created_at) VALUES ($1, $2, $3, $4, $5)`,
        [r.id, fingerprint, r.cert, sealSecret(key, r.key, r.id), r.at ?? new Date()],
      );
      await q.query('UPDATE domains SET ssl_fingerprint = $2 WHERE id = $1', [r.id, fingerprint]);
    }
    // The fingerprint of each historical certificate is the SHA-256 of its DER (the PEM body), as the app computes it.
    await q.query(`
      UPDATE events
         SET data = jsonb_build_object(
               'domainId', data->'domainId',
               'fingerprint', encode(sha256(decode(regexp_replace(data->>'certificatePem', '-----[A-Z ]+-----|\\s', '', 'g'), 'base64')), 'hex'),
               'label', 'Self-signed',
               'at', data->'at')
       WHERE type = 'domain-ssl-generated' AND data ? 'certificatePem';
      ALTER TABLE domains DROP COLUMN ssl_certificate, DROP COLUMN ssl_private_key;
    `);
  }

  /** Puts the current certificates and keys back in `domains`; the scrubbed events stay scrubbed (that is the point). */
  async down(q: QueryRunner): Promise<void> {
    const key = migrationKey();
    await q.query(`ALTER TABLE domains ADD COLUMN ssl_certificate text, ADD COLUMN ssl_private_key text`);
    const rows: { id: string; cert: string; sealed: string }[] = await q.query(
      `SELECT d.id, k.certificate_pem AS cert, k.private_key_sealed AS sealed
       FROM domains d JOIN domain_ssl_keys k ON k.domain_id = d.id AND k.fingerprint = d.ssl_fingerprint`,
    );
    for (const r of rows) {
      await q.query('UPDATE domains SET ssl_certificate = $2, ssl_private_key = $3 WHERE id = $1', [r.id, r.cert, openSecret(key, r.sealed, r.id)]);
    }
    await q.query(`ALTER TABLE domains DROP COLUMN ssl_fingerprint; DROP TABLE domain_ssl_keys;`);
  }
}

function migrationKey(): Buffer {
  const key = secretsKeyFrom(process.env.SECRETS_KEY);
  if (!key) throw new Error('Invalid configuration: SECRETS_KEY must be 32 random bytes as 64 hex characters or base64 (openssl rand -hex 32)');
  return key;
}
