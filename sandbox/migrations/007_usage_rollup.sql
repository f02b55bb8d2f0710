-- The usage aggregate's rollup (src/lists/usage-aggregate.ts): usage lines summed per customer,
-- day and every low-cardinality column a filter of the usages list may name. An aggregate whose
-- filters name only these columns reads a few tens of thousands of rollup rows instead of every
-- usage line (a million in the bench); any other filter (a contains on the description, an id, a
-- quantity, a time stamp, a custom field) reads the usage lines themselves.
--
-- Kept exact by statement-level triggers with transition tables: a bulk load of a million rows is
-- one grouped insert, a usage line recorded is one upsert. Groups whose count falls to zero go.
CREATE TABLE usage_rollup (
  customer_id text NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  date date NOT NULL,
  unit_of_measure text NOT NULL,
  subscription_id text,
  charge_id text,
  invoiced boolean NOT NULL,
  invoice_id text COLLATE "C",
  invoice_date date,
  billing_start_date date,
  billing_end_date date,
  quantity numeric(20, 4) NOT NULL,
  n bigint NOT NULL
);
CREATE UNIQUE INDEX usage_rollup_group ON usage_rollup (customer_id, date, unit_of_measure,
  subscription_id, charge_id, invoiced, invoice_id, invoice_date, billing_start_date,
  billing_end_date) NULLS NOT DISTINCT;

CREATE FUNCTION usage_rollup_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO usage_rollup AS r
  SELECT customer_id, date, unit_of_measure, subscription_id, charge_id, invoiced, invoice_id,
         invoice_date, billing_start_date, billing_end_date, sum(quantity), count(*)
    FROM added
   GROUP BY customer_id, date, unit_of_measure, subscription_id, charge_id, invoiced, invoice_id,
            invoice_date, billing_start_date, billing_end_date
  ON CONFLICT (customer_id, date, unit_of_measure, subscription_id, charge_id, invoiced,
               invoice_id, invoice_date, billing_start_date, billing_end_date)
  DO UPDATE SET quantity = r.quantity + excluded.quantity, n = r.n + excluded.n;
  RETURN NULL;
END $$;

-- Subtracts from existing groups only: a reset may empty the rollup before the usage lines.
CREATE FUNCTION usage_rollup_remove() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE usage_rollup r SET quantity = r.quantity - g.quantity, n = r.n - g.n
    FROM (SELECT customer_id, date, unit_of_measure, subscription_id, charge_id, invoiced,
                 invoice_id, invoice_date, billing_start_date, billing_end_date,
                 sum(quantity) AS quantity, count(*) AS n
            FROM removed
           GROUP BY customer_id, date, unit_of_measure, subscription_id, charge_id, invoiced,
                    invoice_id, invoice_date, billing_start_date, billing_end_date) g
   WHERE r.customer_id = g.customer_id AND r.date = g.date
     AND r.unit_of_measure = g.unit_of_measure
     AND r.subscription_id IS NOT DISTINCT FROM g.subscription_id
     AND r.charge_id IS NOT DISTINCT FROM g.charge_id
     AND r.invoiced = g.invoiced
     AND r.invoice_id IS NOT DISTINCT FROM g.invoice_id
     AND r.invoice_date IS NOT DISTINCT FROM g.invoice_date
     AND r.billing_start_date IS NOT DISTINCT FROM g.billing_start_date
     AND r.billing_end_date IS NOT DISTINCT FROM g.billing_end_date;
  DELETE FROM usage_rollup WHERE n <= 0;
  RETURN NULL;
END $$;

CREATE FUNCTION usage_rollup_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM usage_rollup;
  RETURN NULL;
END $$;

CREATE TRIGGER usages_rollup_insert AFTER INSERT ON usages
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION usage_rollup_add();
CREATE TRIGGER usages_rollup_delete AFTER DELETE ON usages
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION usage_rollup_remove();
-- An update is its old rows out, then its new rows in (triggers fire in the order of their names).
CREATE TRIGGER usages_rollup_update_1_out AFTER UPDATE ON usages
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION usage_rollup_remove();
CREATE TRIGGER usages_rollup_update_2_in AFTER UPDATE ON usages
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION usage_rollup_add();
CREATE TRIGGER usages_rollup_truncate AFTER TRUNCATE ON usages
  FOR EACH STATEMENT EXECUTE FUNCTION usage_rollup_clear();

-- The usage lines already there (a database migrated with its rows in place, as the bench's).
INSERT INTO usage_rollup
SELECT customer_id, date, unit_of_measure, subscription_id, charge_id, invoiced, invoice_id,
       invoice_date, billing_start_date, billing_end_date, sum(quantity), count(*)
  FROM usages
 GROUP BY customer_id, date, unit_of_measure, subscription_id, charge_id, invoiced, invoice_id,
          invoice_date, billing_start_date, billing_end_date;
