-- Paying chosen invoices or an amount with a saved payment method (POST /v1/payments,
-- docs/CONTRACT.md §7.5, src/payments/).
--
-- Per company: whether its billing API takes such payments at all (false plays a billing API
-- without the optional operations: the portal configuration leaves `payments` out and the calls
-- answer 404), whether a customer may pay part of a balance, and the smallest part.
ALTER TABLE companies
  ADD COLUMN takes_payments boolean NOT NULL DEFAULT true,
  ADD COLUMN partial_payments_allowed boolean NOT NULL DEFAULT false,
  ADD COLUMN partial_payment_minimum numeric(14, 2);

-- The saved payment method a payment was charged to (null for pay-now and seeded payments).
ALTER TABLE payments ADD COLUMN payment_method_id text;

-- One row per Idempotency-Key and customer: the request's fingerprint and, once answered, the
-- answer (a payment, or a decline), replayed to a retry with the same key. Written in the
-- payment's own transaction, so a request that failed half-way left no key behind.
CREATE TABLE payment_requests (
  customer_id text NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  idempotency_key text COLLATE "C" NOT NULL,
  fingerprint text NOT NULL,
  status integer NOT NULL,
  answer jsonb NOT NULL,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (customer_id, idempotency_key)
);
CREATE INDEX payment_requests_created_idx ON payment_requests (created_at);
