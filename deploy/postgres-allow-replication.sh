#!/bin/sh
# docker-entrypoint-initdb.d script of the compose `postgres` service: lets the `postgres-replica` service (profile
# `cluster`) stream WAL from it (pg_basebackup -R). Harmless without the profile.
echo "host replication postgres all scram-sha-256" >> "$PGDATA/pg_hba.conf"
