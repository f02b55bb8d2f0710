-- A version per list, bumped by every statement that writes the list's rows. The sandbox caches a
-- list's totals by filters (src/lists/totals.ts) and serves a cached total only while the version it
-- was counted at is still current, so a total is never stale, whoever wrote the rows (the API,
-- pay-now, a seed or psql).
-- Versions come from one sequence, so a version is never handed out twice: not after the sandbox's
-- reset empties this table with the others, nor after a rollback.
CREATE SEQUENCE list_version_seq;
CREATE TABLE list_versions (
  module text PRIMARY KEY,
  version bigint NOT NULL
);

-- A version for every list from the start: a list without one has nothing cached until a write
-- records one (src/lists/totals.ts), and a database migrated with its rows already in place (a
-- bench's million usages) would never cache.
INSERT INTO list_versions (module, version)
SELECT m, nextval('list_version_seq')
  FROM unnest(ARRAY['invoices', 'payments', 'usages', 'credits', 'statements']) AS m;

-- Statement-level, so a bulk load of a million rows bumps the version once. '*' bumps every list
-- (a custom field definition changes what a filter on it means). An upsert: the row comes back
-- after a reset emptied the table.
CREATE FUNCTION bump_list_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO list_versions (module, version)
  SELECT m, nextval('list_version_seq')
    FROM unnest(CASE WHEN TG_ARGV[0] = '*'
                     THEN ARRAY['invoices', 'payments', 'usages', 'credits', 'statements']
                     ELSE ARRAY[TG_ARGV[0]] END) AS m
  ON CONFLICT (module) DO UPDATE SET version = excluded.version;
  RETURN NULL;
END
$$;

CREATE TRIGGER invoices_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON invoices
  FOR EACH STATEMENT EXECUTE FUNCTION bump_list_version('invoices');
CREATE TRIGGER payments_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON payments
  FOR EACH STATEMENT EXECUTE FUNCTION bump_list_version('payments');
CREATE TRIGGER payment_applications_version
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON payment_applications
  FOR EACH STATEMENT EXECUTE FUNCTION bump_list_version('payments');
CREATE TRIGGER usages_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON usages
  FOR EACH STATEMENT EXECUTE FUNCTION bump_list_version('usages');
CREATE TRIGGER credits_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON credits
  FOR EACH STATEMENT EXECUTE FUNCTION bump_list_version('credits');
CREATE TRIGGER statements_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON statements
  FOR EACH STATEMENT EXECUTE FUNCTION bump_list_version('statements');
CREATE TRIGGER custom_field_definitions_version
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON custom_field_definitions
  FOR EACH STATEMENT EXECUTE FUNCTION bump_list_version('*');
