import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The whole schema. Read models (users, links, domains) can be rebuilt from `events`;
 * sessions, clicks and rollups are not event-sourced, so they carry no foreign keys to read models.
 */
export class InitialSchema1763800000000 implements MigrationInterface {
  name = 'InitialSchema1763800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE events (
        position     bigserial PRIMARY KEY,
        stream_type  text NOT NULL,
        stream_id    uuid NOT NULL,
        version      integer NOT NULL,
        type         text NOT NULL,
        data         jsonb NOT NULL,
        metadata     jsonb NOT NULL DEFAULT '{}',
        occurred_at  timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT events_stream_version UNIQUE (stream_id, version)
      );
      CREATE INDEX events_stream_type ON events (stream_type, position);

      CREATE TABLE users (
        id            uuid PRIMARY KEY,
        username      text NOT NULL,
        password_hash text NOT NULL,
        is_admin      boolean NOT NULL DEFAULT false,
        is_approved   boolean NOT NULL DEFAULT false,
        created_at    timestamptz NOT NULL,
        approved_at   timestamptz
      );
      CREATE UNIQUE INDEX users_username_unique ON users (lower(username));

      CREATE TABLE sessions (
        token_hash   text PRIMARY KEY,
        user_id      uuid NOT NULL,
        created_at   timestamptz NOT NULL DEFAULT now(),
        last_seen_at timestamptz NOT NULL DEFAULT now(),
        expires_at   timestamptz NOT NULL
      );
      CREATE INDEX sessions_user ON sessions (user_id);

      CREATE TABLE domains (
        id              uuid PRIMARY KEY,
        owner_id        uuid NOT NULL,
        domain          text NOT NULL,
        is_active       boolean NOT NULL DEFAULT true,
        created_at      timestamptz NOT NULL,
        ssl_certificate text,
        ssl_private_key text,
        ssl_generated_at timestamptz
      );
      CREATE UNIQUE INDEX domains_domain_unique ON domains (lower(domain));
      CREATE INDEX domains_owner ON domains (owner_id);

      CREATE TABLE links (
        id             uuid PRIMARY KEY,
        owner_id       uuid NOT NULL,
        name           text NOT NULL,
        short_code     text NOT NULL,
        original_url   text NOT NULL,
        domain_id      uuid,
        og_title       text,
        og_description text,
        og_image       text,
        created_at     timestamptz NOT NULL,
        updated_at     timestamptz NOT NULL
      );
      CREATE UNIQUE INDEX links_code_per_domain
        ON links (COALESCE(domain_id, '00000000-0000-0000-0000-000000000000'::uuid), short_code);
      CREATE INDEX links_owner ON links (owner_id, created_at DESC);

      -- Written by the worker, never rebuilt from events.
      CREATE TABLE link_stats (
        link_id       uuid PRIMARY KEY,
        owner_id      uuid NOT NULL,
        click_count   bigint NOT NULL DEFAULT 0,
        last_click_at timestamptz
      );
      CREATE INDEX link_stats_owner ON link_stats (owner_id);

      CREATE TABLE clicks (
        id           uuid PRIMARY KEY,
        link_id      uuid NOT NULL,
        owner_id     uuid NOT NULL,
        clicked_at   timestamptz NOT NULL,
        ip           text NOT NULL,
        country_code text,
        country      text,
        region       text,
        city         text,
        browser      text,
        os           text,
        device       text,
        referrer     text,
        user_agent   text NOT NULL DEFAULT '',
        host         text NOT NULL DEFAULT '',
        is_bot       boolean NOT NULL DEFAULT false
      );
      CREATE INDEX clicks_link_time ON clicks (link_id, clicked_at DESC);
      CREATE INDEX clicks_time ON clicks (clicked_at);

      -- Rollups. bucket = clicked_at floored to 15 minutes (UTC); day = UTC date.
      -- Every real UTC offset is a multiple of 15 minutes, so any local day is a union of buckets.
      CREATE TABLE link_clicks_15m (
        link_id  uuid NOT NULL,
        owner_id uuid NOT NULL,
        bucket   timestamptz NOT NULL,
        clicks   integer NOT NULL,
        PRIMARY KEY (link_id, bucket)
      );
      CREATE INDEX link_clicks_15m_owner ON link_clicks_15m (owner_id, bucket);
      CREATE INDEX link_clicks_15m_bucket ON link_clicks_15m (bucket);

      CREATE TABLE link_clicks_daily (
        link_id  uuid NOT NULL,
        owner_id uuid NOT NULL,
        day      date NOT NULL,
        clicks   integer NOT NULL,
        PRIMARY KEY (link_id, day)
      );
      CREATE INDEX link_clicks_daily_owner ON link_clicks_daily (owner_id, day);

      -- Geography per link per 15-minute bucket ('' = unknown).
      CREATE TABLE link_geo_15m (
        link_id      uuid NOT NULL,
        owner_id     uuid NOT NULL,
        bucket       timestamptz NOT NULL,
        country_code text NOT NULL,
        country      text NOT NULL,
        region       text NOT NULL,
        city         text NOT NULL,
        clicks       integer NOT NULL,
        PRIMARY KEY (link_id, bucket, country_code, region, city)
      );
      CREATE INDEX link_geo_15m_owner ON link_geo_15m (owner_id, bucket);

      CREATE TABLE link_geo_daily (
        link_id      uuid NOT NULL,
        owner_id     uuid NOT NULL,
        day          date NOT NULL,
        country_code text NOT NULL,
        country      text NOT NULL,
        region       text NOT NULL,
        city         text NOT NULL,
        clicks       integer NOT NULL,
        PRIMARY KEY (link_id, day, country_code, region, city)
      );
      CREATE INDEX link_geo_daily_owner ON link_geo_daily (owner_id, day);

      -- Technology and referrer: dimension in ('browser','os','device','referrer'); value '' = unknown/direct.
      CREATE TABLE link_tech_15m (
        link_id   uuid NOT NULL,
        owner_id  uuid NOT NULL,
        bucket    timestamptz NOT NULL,
        dimension text NOT NULL,
        value     text NOT NULL,
        clicks    integer NOT NULL,
        PRIMARY KEY (link_id, bucket, dimension, value)
      );
      CREATE TABLE link_tech_daily (
        link_id   uuid NOT NULL,
        owner_id  uuid NOT NULL,
        day       date NOT NULL,
        dimension text NOT NULL,
        value     text NOT NULL,
        clicks    integer NOT NULL,
        PRIMARY KEY (link_id, day, dimension, value)
      );

      -- One row per (ip, link): the Recent IP Activity records.
      CREATE TABLE ip_activity (
        ip            text NOT NULL,
        link_id       uuid NOT NULL,
        owner_id      uuid NOT NULL,
        first_seen    timestamptz NOT NULL,
        last_seen     timestamptz NOT NULL,
        click_count   integer NOT NULL,
        last_referrer text,
        country_code  text,
        country       text,
        region        text,
        city          text,
        PRIMARY KEY (ip, link_id)
      );
      CREATE INDEX ip_activity_owner_seen ON ip_activity (owner_id, last_seen DESC);
      CREATE INDEX ip_activity_seen ON ip_activity (last_seen DESC);

      -- One row per ip across all links: the admin IP summary.
      CREATE TABLE ips (
        ip           text PRIMARY KEY,
        first_seen   timestamptz NOT NULL,
        last_seen    timestamptz NOT NULL,
        click_count  integer NOT NULL,
        country_code text,
        country      text,
        city         text
      );
      CREATE INDEX ips_first_seen ON ips (first_seen);
      CREATE INDEX ips_last_seen ON ips (last_seen DESC);

      -- Health checks and detected errors (System Monitoring error history).
      CREATE TABLE health_checks (
        id         bigserial PRIMARY KEY,
        checked_at timestamptz NOT NULL DEFAULT now(),
        status     text NOT NULL,
        errors     jsonb NOT NULL DEFAULT '[]',
        actions    jsonb NOT NULL DEFAULT '[]'
      );
      CREATE INDEX health_checks_time ON health_checks (checked_at DESC);
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS health_checks, ips, ip_activity, link_tech_daily, link_tech_15m, link_geo_daily,
      link_geo_15m, link_clicks_daily, link_clicks_15m, clicks, link_stats, links, domains, sessions, users, events`);
  }
}
