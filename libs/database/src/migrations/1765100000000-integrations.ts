import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * docs/product.md#api-keys, docs/product.md#webhooks, docs/product.md#imports-and-exports. api_keys (identity: only the key's SHA-256), webhooks and webhook_deliveries (integrations:
 * the delivery rows are the outbox that BullMQ jobs deliver; `payload` is sent byte for byte on every attempt),
 * imports (integrations: status, counters and skipped rows of a background import).
 */
export class Integrations1765100000000 implements MigrationInterface {
  name = 'Integrations1765100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE api_keys (
        id           uuid PRIMARY KEY,
        owner_id     uuid NOT NULL,
        name         text NOT NULL,
        scopes       text[] NOT NULL,
        key_hash     text NOT NULL UNIQUE,
        created_at   timestamptz NOT NULL DEFAULT now(),
        expires_at   timestamptz,
        last_used_at timestamptz
      );
      CREATE INDEX api_keys_owner ON api_keys (owner_id, created_at);

      CREATE TABLE webhooks (
        id         uuid PRIMARY KEY,
        owner_id   uuid NOT NULL,
        url        text NOT NULL,
        events     text[] NOT NULL,
        secret     text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX webhooks_owner ON webhooks (owner_id);

      CREATE TABLE webhook_deliveries (
        id              uuid PRIMARY KEY,
        webhook_id      uuid NOT NULL REFERENCES webhooks (id) ON DELETE CASCADE,
        event           text NOT NULL,
        payload         text NOT NULL,
        status          text NOT NULL DEFAULT 'pending',
        attempts        integer NOT NULL DEFAULT 0,
        response_status integer,
        error           text,
        created_at      timestamptz NOT NULL DEFAULT now(),
        delivered_at    timestamptz
      );
      CREATE INDEX webhook_deliveries_recent ON webhook_deliveries (webhook_id, created_at DESC);
      CREATE INDEX webhook_deliveries_pending ON webhook_deliveries (created_at) WHERE status = 'pending';

      CREATE TABLE imports (
        id         uuid PRIMARY KEY,
        owner_id   uuid NOT NULL,
        format     text NOT NULL,
        domain_id  uuid,
        status     text NOT NULL DEFAULT 'running',
        total      integer NOT NULL DEFAULT 0,
        processed  integer NOT NULL DEFAULT 0,
        created    integer NOT NULL DEFAULT 0,
        skipped    jsonb NOT NULL DEFAULT '[]',
        error      text,
        content    text,
        created_at timestamptz NOT NULL DEFAULT now(),
        finished_at timestamptz
      );
      CREATE INDEX imports_owner ON imports (owner_id);
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE imports; DROP TABLE webhook_deliveries; DROP TABLE webhooks; DROP TABLE api_keys;');
  }
}
