-- Billing data of CONTRACT.md §5: invoices, payments (and their applications to invoices), usages,
-- credits, statements; custom field definitions, the company's column configuration per list and
-- each user's table configuration.
--
-- Collation: PGlite's database collation is "C" (byte order), a PostgreSQL server's is whatever
-- initdb chose (en_US.UTF-8 sorts "a" before "B"). Text sorts therefore name COLLATE "C", in the
-- ORDER BY and in the index below it, so both backends page identically. Columns keep the default
-- collation so ILIKE folds non-ASCII case (é/É) through the database's ctype; readable ids are ASCII
-- and declared "C" outright.
--
-- Every sortable column has an index (customer_id, column, id): a page of one customer, sorted and
-- tie-broken by id, is read straight off the index, forwards or backwards. Text columns a contains
-- filter hits carry a trigram GIN index (pg_trgm), so ILIKE '%x%' does not scan the table.

-- Migrations of several schemas may run at once (tests on PostgreSQL): one creates the extension,
-- the others wait here and then find it.
SELECT pg_advisory_xact_lock(hashtext('billing-sandbox.create-extension.pg_trgm'));
-- Trusted since PostgreSQL 13. In public so that per-test search_paths still reach its operator
-- classes as public.gin_trgm_ops.
CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;

CREATE TABLE invoices (
  id text COLLATE "C" PRIMARY KEY, -- INV-000123
  customer_id text NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  invoice_date date NOT NULL,
  due_date date NOT NULL,
  invoice_amount numeric(14, 2) NOT NULL,
  balance numeric(14, 2) NOT NULL,
  status text NOT NULL CHECK (status IN ('Posted', 'Paid', 'Partially paid', 'Void')),
  currency text NOT NULL DEFAULT 'USD',
  salesforce_id text,
  custom_fields jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_date timestamptz NOT NULL,
  updated_date timestamptz NOT NULL
);
CREATE INDEX invoices_customer_id_idx ON invoices (customer_id, id);
CREATE INDEX invoices_invoice_date_idx ON invoices (customer_id, invoice_date, id);
CREATE INDEX invoices_due_date_idx ON invoices (customer_id, due_date, id);
CREATE INDEX invoices_invoice_amount_idx ON invoices (customer_id, invoice_amount, id);
CREATE INDEX invoices_balance_idx ON invoices (customer_id, balance, id);
CREATE INDEX invoices_status_idx ON invoices (customer_id, status COLLATE "C", id);
CREATE INDEX invoices_currency_idx ON invoices (customer_id, currency COLLATE "C", id);
CREATE INDEX invoices_salesforce_id_idx ON invoices (customer_id, salesforce_id COLLATE "C", id);
CREATE INDEX invoices_created_date_idx ON invoices (customer_id, created_date, id);
CREATE INDEX invoices_updated_date_idx ON invoices (customer_id, updated_date, id);
-- Status equality is case-insensitive (lower(status) = 'posted').
CREATE INDEX invoices_status_lower_idx ON invoices (customer_id, lower(status));
CREATE INDEX invoices_id_trgm ON invoices USING gin (id public.gin_trgm_ops);
CREATE INDEX invoices_salesforce_id_trgm ON invoices USING gin (salesforce_id public.gin_trgm_ops);

CREATE TABLE payments (
  id text COLLATE "C" PRIMARY KEY, -- PAY-000123
  customer_id text NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  payment_date date NOT NULL,
  payment_method text NOT NULL,
  payment_amount numeric(14, 2) NOT NULL,
  status text NOT NULL CHECK (status IN ('succeeded', 'failed', 'pending', 'refunded')),
  -- Kept equal to the sum of payment_applications.amount (stored: filtered and sorted on).
  applied_amount numeric(14, 2) NOT NULL DEFAULT 0,
  unapplied_amount numeric(14, 2) NOT NULL DEFAULT 0,
  refunded_amount numeric(14, 2) NOT NULL DEFAULT 0,
  auto_apply boolean NOT NULL DEFAULT false,
  currency text NOT NULL DEFAULT 'USD',
  custom_fields jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_date timestamptz NOT NULL,
  updated_date timestamptz NOT NULL
);
CREATE INDEX payments_customer_id_idx ON payments (customer_id, id);
CREATE INDEX payments_payment_date_idx ON payments (customer_id, payment_date, id);
CREATE INDEX payments_payment_method_idx ON payments (customer_id, payment_method COLLATE "C", id);
CREATE INDEX payments_payment_amount_idx ON payments (customer_id, payment_amount, id);
CREATE INDEX payments_status_idx ON payments (customer_id, status COLLATE "C", id);
CREATE INDEX payments_applied_amount_idx ON payments (customer_id, applied_amount, id);
CREATE INDEX payments_unapplied_amount_idx ON payments (customer_id, unapplied_amount, id);
CREATE INDEX payments_refunded_amount_idx ON payments (customer_id, refunded_amount, id);
CREATE INDEX payments_auto_apply_idx ON payments (customer_id, auto_apply, id);
CREATE INDEX payments_currency_idx ON payments (customer_id, currency COLLATE "C", id);
CREATE INDEX payments_created_date_idx ON payments (customer_id, created_date, id);
CREATE INDEX payments_updated_date_idx ON payments (customer_id, updated_date, id);
CREATE INDEX payments_status_lower_idx ON payments (customer_id, lower(status));
CREATE INDEX payments_id_trgm ON payments USING gin (id public.gin_trgm_ops);
CREATE INDEX payments_payment_method_trgm ON payments USING gin (payment_method public.gin_trgm_ops);

-- One payment settles several invoices; `position` keeps invoice_ids/invoice_totals in order.
CREATE TABLE payment_applications (
  payment_id text COLLATE "C" NOT NULL REFERENCES payments (id) ON DELETE CASCADE,
  invoice_id text COLLATE "C" NOT NULL REFERENCES invoices (id) ON DELETE CASCADE,
  amount numeric(14, 2) NOT NULL CHECK (amount > 0),
  position integer NOT NULL,
  PRIMARY KEY (payment_id, invoice_id)
);
CREATE INDEX payment_applications_invoice_idx ON payment_applications (invoice_id);

CREATE TABLE usages (
  id text COLLATE "C" PRIMARY KEY, -- USG-0001234
  customer_id text NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  date date NOT NULL,
  description text NOT NULL DEFAULT '',
  quantity numeric(14, 4) NOT NULL,
  unit_of_measure text NOT NULL,
  subscription_id text,
  charge_id text,
  subscription_line_id text,
  invoiced boolean NOT NULL DEFAULT false,
  -- The billing system's reference, like subscription_id: no foreign key, so bulk loads need no
  -- matching invoice rows.
  invoice_id text COLLATE "C",
  invoice_date date,
  billing_start_date date,
  billing_end_date date,
  custom_fields jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_date timestamptz NOT NULL,
  updated_date timestamptz NOT NULL
);
CREATE INDEX usages_customer_id_idx ON usages (customer_id, id);
CREATE INDEX usages_date_idx ON usages (customer_id, date, id);
CREATE INDEX usages_description_idx ON usages (customer_id, description COLLATE "C", id);
CREATE INDEX usages_quantity_idx ON usages (customer_id, quantity, id);
CREATE INDEX usages_unit_of_measure_idx ON usages (customer_id, unit_of_measure COLLATE "C", id);
CREATE INDEX usages_subscription_id_idx ON usages (customer_id, subscription_id COLLATE "C", id);
CREATE INDEX usages_charge_id_idx ON usages (customer_id, charge_id COLLATE "C", id);
CREATE INDEX usages_subscription_line_id_idx ON usages (customer_id, subscription_line_id COLLATE "C", id);
CREATE INDEX usages_invoiced_idx ON usages (customer_id, invoiced, id);
CREATE INDEX usages_invoice_id_idx ON usages (customer_id, invoice_id, id);
CREATE INDEX usages_invoice_date_idx ON usages (customer_id, invoice_date, id);
CREATE INDEX usages_billing_start_date_idx ON usages (customer_id, billing_start_date, id);
CREATE INDEX usages_billing_end_date_idx ON usages (customer_id, billing_end_date, id);
CREATE INDEX usages_created_date_idx ON usages (customer_id, created_date, id);
CREATE INDEX usages_updated_date_idx ON usages (customer_id, updated_date, id);
CREATE INDEX usages_id_trgm ON usages USING gin (id public.gin_trgm_ops);
CREATE INDEX usages_description_trgm ON usages USING gin (description public.gin_trgm_ops);
CREATE INDEX usages_subscription_id_trgm ON usages USING gin (subscription_id public.gin_trgm_ops);
CREATE INDEX usages_charge_id_trgm ON usages USING gin (charge_id public.gin_trgm_ops);
CREATE INDEX usages_subscription_line_id_trgm ON usages USING gin (subscription_line_id public.gin_trgm_ops);
CREATE INDEX usages_invoice_id_trgm ON usages USING gin (invoice_id public.gin_trgm_ops);

CREATE TABLE credits (
  id text COLLATE "C" PRIMARY KEY, -- CR-000123
  customer_id text NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  credit_date date NOT NULL,
  credit_amount numeric(14, 2) NOT NULL,
  -- shown as the credit's balance
  unapplied_amount numeric(14, 2) NOT NULL,
  currency text NOT NULL DEFAULT 'USD',
  reference_number text,
  status text NOT NULL CHECK (status IN ('Processed', 'Partially Refunded', 'Refunded', 'Draft')),
  custom_fields jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_date timestamptz NOT NULL,
  updated_date timestamptz NOT NULL
);
CREATE INDEX credits_customer_id_idx ON credits (customer_id, id);
CREATE INDEX credits_credit_date_idx ON credits (customer_id, credit_date, id);
CREATE INDEX credits_credit_amount_idx ON credits (customer_id, credit_amount, id);
CREATE INDEX credits_unapplied_amount_idx ON credits (customer_id, unapplied_amount, id);
CREATE INDEX credits_currency_idx ON credits (customer_id, currency COLLATE "C", id);
CREATE INDEX credits_reference_number_idx ON credits (customer_id, reference_number COLLATE "C", id);
CREATE INDEX credits_status_idx ON credits (customer_id, status COLLATE "C", id);
CREATE INDEX credits_created_date_idx ON credits (customer_id, created_date, id);
CREATE INDEX credits_updated_date_idx ON credits (customer_id, updated_date, id);
CREATE INDEX credits_id_trgm ON credits USING gin (id public.gin_trgm_ops);
CREATE INDEX credits_reference_number_trgm ON credits USING gin (reference_number public.gin_trgm_ops);

CREATE TABLE statements (
  id text COLLATE "C" PRIMARY KEY, -- ST-000123
  customer_id text NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  -- the customer's name as printed on the statement
  customer_name text NOT NULL,
  statement_date date NOT NULL,
  start_date date NOT NULL,
  end_date date NOT NULL,
  custom_fields jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_date timestamptz NOT NULL,
  updated_date timestamptz NOT NULL
);
CREATE INDEX statements_customer_id_idx ON statements (customer_id, id);
CREATE INDEX statements_customer_name_idx ON statements (customer_id, customer_name COLLATE "C", id);
CREATE INDEX statements_statement_date_idx ON statements (customer_id, statement_date, id);
CREATE INDEX statements_start_date_idx ON statements (customer_id, start_date, id);
CREATE INDEX statements_end_date_idx ON statements (customer_id, end_date, id);
CREATE INDEX statements_created_date_idx ON statements (customer_id, created_date, id);
CREATE INDEX statements_updated_date_idx ON statements (customer_id, updated_date, id);
CREATE INDEX statements_id_trgm ON statements USING gin (id public.gin_trgm_ops);
CREATE INDEX statements_customer_name_trgm ON statements USING gin (customer_name public.gin_trgm_ops);

-- The company's object configuration: custom fields per list. Values live in each row's
-- custom_fields under api_name.
CREATE TABLE custom_field_definitions (
  id text PRIMARY KEY,
  company_id text NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  module text NOT NULL CHECK (module IN ('invoices', 'payments', 'usages', 'credits', 'statements')),
  api_name text NOT NULL,
  field_label text NOT NULL,
  field_type text NOT NULL CHECK (field_type IN ('currency', 'money', 'percentage', 'boolean', 'date',
    'file_upload', 'textarea', 'formula', 'inherited', 'number', 'text')),
  required boolean NOT NULL DEFAULT false,
  display_in_cp boolean NOT NULL DEFAULT true,
  default_value text,
  data_type text NOT NULL,
  position integer NOT NULL,
  UNIQUE (company_id, module, api_name)
);

-- The company's columns per list: built-in columns by name, custom fields as custom_fields.<api_name>.
CREATE TABLE column_configurations (
  company_id text NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  module text NOT NULL CHECK (module IN ('invoices', 'payments', 'usages', 'credits', 'statements')),
  column_id text NOT NULL,
  display_name text NOT NULL,
  order_no integer NOT NULL,
  column_enabled boolean NOT NULL DEFAULT true,
  PRIMARY KEY (company_id, module, column_id)
);

-- Each user's layout of a table (module_name "dashboard", sub_module_name the list).
CREATE TABLE table_configurations (
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  module_name text NOT NULL,
  sub_module_name text NOT NULL,
  column_width jsonb NOT NULL DEFAULT '{}'::jsonb,
  column_order jsonb NOT NULL DEFAULT '[]'::jsonb,
  sorting text,
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, module_name, sub_module_name)
);
