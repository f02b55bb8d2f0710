-- The usage aggregate's second rollup (src/lists/usage-aggregate.ts): usage_rollup's groups split
-- by description, for an aggregate whose filters name the description as well. A contains filter
-- on a million usage lines read them all (0.8 s on PGlite: the lines are wide and matches sit on
-- every page); here it reads the matching groups of a narrow table, found by a trigram index on
-- the description folded to lower case ahead of time.
--
-- `folded` is lower(description) under the description's own collation, stored as "C": ILIKE on a
-- multibyte database compares lower(text) with lower(pattern) byte for byte, so `folded LIKE
-- lower(pattern)` matches exactly the rows `description ILIKE pattern` matches, without folding
-- every row again at read time.
CREATE TABLE usage_text_rollup (
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
  description text NOT NULL,
  folded text COLLATE "C" NOT NULL,
  quantity numeric(20, 4) NOT NULL,
  n bigint NOT NULL
);

-- The usage lines already there (a database migrated with its rows in place, as the bench's);
-- indexes follow the load, which is quicker than keeping them during it.
INSERT INTO usage_text_rollup
SELECT customer_id, date, unit_of_measure, subscription_id, charge_id, invoiced, invoice_id,
       invoice_date, billing_start_date, billing_end_date, description, lower(description),
       sum(quantity), count(*)
  FROM usages
 GROUP BY customer_id, date, unit_of_measure, subscription_id, charge_id, invoiced, invoice_id,
          invoice_date, billing_start_date, billing_end_date, description;

CREATE UNIQUE INDEX usage_text_rollup_group ON usage_text_rollup (customer_id, date,
  unit_of_measure, subscription_id, charge_id, invoiced, invoice_id, invoice_date,
  billing_start_date, billing_end_date, description) NULLS NOT DISTINCT;
CREATE INDEX usage_text_rollup_folded_trgm ON usage_text_rollup
  USING gin (folded public.gin_trgm_ops);

CREATE FUNCTION usage_text_rollup_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO usage_text_rollup AS r
  SELECT customer_id, date, unit_of_measure, subscription_id, charge_id, invoiced, invoice_id,
         invoice_date, billing_start_date, billing_end_date, description, lower(description),
         sum(quantity), count(*)
    FROM added
   GROUP BY customer_id, date, unit_of_measure, subscription_id, charge_id, invoiced, invoice_id,
            invoice_date, billing_start_date, billing_end_date, description
  ON CONFLICT (customer_id, date, unit_of_measure, subscription_id, charge_id, invoiced,
               invoice_id, invoice_date, billing_start_date, billing_end_date, description)
  DO UPDATE SET quantity = r.quantity + excluded.quantity, n = r.n + excluded.n;
  RETURN NULL;
END $$;

-- Subtracts from existing groups only: a reset may empty the rollup before the usage lines.
CREATE FUNCTION usage_text_rollup_remove() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE usage_text_rollup r SET quantity = r.quantity - g.quantity, n = r.n - g.n
    FROM (SELECT customer_id, date, unit_of_measure, subscription_id, charge_id, invoiced,
                 invoice_id, invoice_date, billing_start_date, billing_end_date, description,
                 sum(quantity) AS quantity, count(*) AS n
            FROM removed
           GROUP BY customer_id, date, unit_of_measure, subscription_id, charge_id, invoiced,
                    invoice_id, invoice_date, billing_start_date, billing_end_date,
                    description) g
   WHERE r.customer_id = g.customer_id AND r.date = g.date
     AND r.unit_of_measure = g.unit_of_measure
     AND r.subscription_id IS NOT DISTINCT FROM g.subscription_id
     AND r.charge_id IS NOT DISTINCT FROM g.charge_id
     AND r.invoiced = g.invoiced
     AND r.invoice_id IS NOT DISTINCT FROM g.invoice_id
     AND r.invoice_date IS NOT DISTINCT FROM g.invoice_date
     AND r.billing_start_date IS NOT DISTINCT FROM g.billing_start_date
     AND r.billing_end_date IS NOT DISTINCT FROM g.billing_end_date
     AND r.description = g.description;
  DELETE FROM usage_text_rollup WHERE n <= 0;
  RETURN NULL;
END $$;

CREATE FUNCTION usage_text_rollup_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM usage_text_rollup;
  RETURN NULL;
END $$;

CREATE TRIGGER usages_text_rollup_insert AFTER INSERT ON usages
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION usage_text_rollup_add();
CREATE TRIGGER usages_text_rollup_delete AFTER DELETE ON usages
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION usage_text_rollup_remove();
-- Old rows out, then new rows in, as usage_rollup's pair (triggers fire in the order of names).
CREATE TRIGGER usages_text_rollup_update_1_out AFTER UPDATE ON usages
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION usage_text_rollup_remove();
CREATE TRIGGER usages_text_rollup_update_2_in AFTER UPDATE ON usages
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION usage_text_rollup_add();
CREATE TRIGGER usages_text_rollup_truncate AFTER TRUNCATE ON usages
  FOR EACH STATEMENT EXECUTE FUNCTION usage_text_rollup_clear();
