-- The hosted pay-now page for a chosen set (POST /v1/payments/pay_now_url, docs/CONTRACT.md §5
-- "Pay-now page", src/payments/pay-now-sets.ts).
--
-- One row per link handed out: the invoices it pays, resolved when the link was made (all open
-- ones when none were named), and the amount (null: their whole balance). The id is random and
-- unguessable; the signed link carries it. payment_id is set by the one payment the page makes,
-- so a set is paid at most once (a second submission, or the page opened again, pays nothing).
CREATE TABLE pay_now_sets (
  id text COLLATE "C" PRIMARY KEY,
  customer_id text NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  invoice_ids jsonb NOT NULL,
  amount numeric(14, 2),
  created_at timestamptz NOT NULL,
  payment_id text
);
CREATE INDEX pay_now_sets_created_idx ON pay_now_sets (created_at);
