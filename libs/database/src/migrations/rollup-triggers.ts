/**
 * SQL for a rollup kept by statement triggers on `source` (the pattern of OwnerRollups, AnalyticsReadPaths and
 * IpSummaryRollups, written out there; used by the migrations after them). `upsert(deltas)` adds signed rows to the
 * rollup; `plus` selects the positive rows from `new_rows`, `minus` the negative ones from `old_rows`. Functions are
 * `${name}_on_insert|update|delete()`, triggers `${name}_ins|upd|del`. Keep this text stable: migrations that
 * shipped call it.
 */
export function rollupTriggersSql(name: string, source: string, upsert: (deltas: string) => string, plus: string, minus: string): string {
  return `
  CREATE FUNCTION ${name}_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN ${upsert(plus)} RETURN NULL; END $$;
  CREATE FUNCTION ${name}_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN ${upsert(`${plus} UNION ALL ${minus}`)} RETURN NULL; END $$;
  CREATE FUNCTION ${name}_on_delete() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN ${upsert(minus)} RETURN NULL; END $$;
  CREATE TRIGGER ${name}_ins AFTER INSERT ON ${source}
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ${name}_on_insert();
  CREATE TRIGGER ${name}_upd AFTER UPDATE ON ${source}
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ${name}_on_update();
  CREATE TRIGGER ${name}_del AFTER DELETE ON ${source}
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION ${name}_on_delete();`;
}

/** Drops what rollupTriggersSql(name, source, …) created. */
export function dropRollupTriggersSql(name: string, source: string): string {
  return `
  DROP TRIGGER ${name}_ins ON ${source};
  DROP TRIGGER ${name}_upd ON ${source};
  DROP TRIGGER ${name}_del ON ${source};
  DROP FUNCTION ${name}_on_insert(), ${name}_on_update(), ${name}_on_delete();`;
}
