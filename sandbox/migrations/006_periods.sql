-- Billing periods (sandbox/README.md "Period estimate and invoices"): the invoices and credits the
-- sandbox issues itself (a period's invoice when a cycle closes, a change's proration), their
-- lines, and each customer's test clock.

-- Ids of issued invoices and credit notes (INV-9xxxxx, CR-9xxxxx): above every seeded id, never
-- reused, not even after a reset.
CREATE SEQUENCE issued_document_seq START 900001;

-- The lines of an invoice the sandbox issued (seeded invoices have none). `amount` is the line's
-- rounded amount; the invoice's invoice_amount is their sum.
CREATE TABLE invoice_lines (
  invoice_id text COLLATE "C" NOT NULL REFERENCES invoices (id) ON DELETE CASCADE,
  position integer NOT NULL,
  subscription_id text COLLATE "C",
  charge_line_id text COLLATE "C",
  description text NOT NULL,
  quantity numeric(14, 4),
  amount numeric(14, 2) NOT NULL,
  period_start date,
  period_end date,
  PRIMARY KEY (invoice_id, position)
);

-- One invoice per subscription and closed cycle: a clock that moves twice never bills twice.
CREATE TABLE period_invoices (
  subscription_id text COLLATE "C" NOT NULL REFERENCES subscriptions (id) ON DELETE CASCADE,
  cycle_start date NOT NULL,
  invoice_id text COLLATE "C" NOT NULL REFERENCES invoices (id) ON DELETE CASCADE,
  PRIMARY KEY (subscription_id, cycle_start)
);

-- A customer's test clock (as Stripe's): the customer's billing "today" when set, moved forward
-- only, by POST /__sandbox/test_clocks/advance. Absent: today by the sandbox's clock.
CREATE TABLE billing_clocks (
  customer_id text PRIMARY KEY REFERENCES customers (id) ON DELETE CASCADE,
  today date NOT NULL
);

-- Credits applied to issued invoices (the invoice's balance is its total less these).
CREATE TABLE credit_applications (
  credit_id text COLLATE "C" NOT NULL REFERENCES credits (id) ON DELETE CASCADE,
  invoice_id text COLLATE "C" NOT NULL REFERENCES invoices (id) ON DELETE CASCADE,
  amount numeric(14, 2) NOT NULL CHECK (amount > 0),
  PRIMARY KEY (credit_id, invoice_id)
);
