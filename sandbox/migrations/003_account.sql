-- Manage account: contact details, auto-pay and payment options, payment methods, the company's
-- payment gateway setup and bank-transfer (ACH credit) details.
-- Everything that belongs to an account is keyed by the customer (the user's selected customer):
-- a user linked to several customers manages each one's details separately.

-- The customer's billing contact. Absent optional values are NULL, never ''.
CREATE TABLE contact_details (
  customer_id text PRIMARY KEY REFERENCES customers (id) ON DELETE CASCADE,
  first_name text,
  last_name text,
  address1 text,
  address2 text,
  city text,
  state text,
  zip text,
  phone text,
  mobile text,
  email text,
  job_title text,
  department text,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- A customer without a row gets the defaults below (see sandbox/src/account/auto-pay.ts).
CREATE TABLE customer_payment_settings (
  customer_id text PRIMARY KEY REFERENCES customers (id) ON DELETE CASCADE,
  auto_pay boolean NOT NULL DEFAULT false,
  -- whether the customer may change auto_pay themselves
  edit_auto_pay boolean NOT NULL DEFAULT true,
  ach_enabled boolean NOT NULL DEFAULT false,
  credit_enabled boolean NOT NULL DEFAULT false,
  ach_credit_enabled boolean NOT NULL DEFAULT false,
  affirm_enabled boolean NOT NULL DEFAULT false,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Gateway setup of a company. Its name is companies.gateway (e.g. 'stripe', 'cardconnect-test').
CREATE TABLE company_gateways (
  company_id text PRIMARY KEY REFERENCES companies (id) ON DELETE CASCADE,
  -- cardconnect: the tokenizer's site (e.g. 'fts'); stripe: unused
  site text,
  accept_cvv boolean NOT NULL DEFAULT false,
  test_enabled boolean NOT NULL DEFAULT true,
  -- lower-case brand names: visa, mastercard, amex, dinersclub, discover, jcb, unionpay
  allowed_cards jsonb NOT NULL DEFAULT '[]'::jsonb,
  -- a publishable (client-side) key, never a secret one
  api_key text,
  account_id text,
  ach_enabled boolean NOT NULL DEFAULT false,
  cc_enabled boolean NOT NULL DEFAULT false
);

-- Saved payment methods. Only masked numbers and the provider's token are kept.
CREATE TABLE payment_methods (
  id text PRIMARY KEY,
  customer_id text NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  -- card brand (visa, mastercard, ...), 'ECHK' (CardConnect e-check) or the bank's name
  type text NOT NULL,
  account_number text NOT NULL,
  status text NOT NULL CHECK (status IN ('verified', 'new', 'unverified')),
  -- opaque token of the bank-verification page; kept after verification (the page then says so)
  verify_token text UNIQUE,
  payment_method_type text NOT NULL,
  payment_type text NOT NULL,
  is_default boolean NOT NULL DEFAULT false,
  setup_intent_id text,
  payment_intent_id text,
  exp_month integer CHECK (exp_month BETWEEN 1 AND 12),
  exp_year integer,
  provider_token text NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX payment_methods_customer_idx ON payment_methods (customer_id, created_at);
CREATE UNIQUE INDEX payment_methods_one_default ON payment_methods (customer_id) WHERE is_default;
CREATE INDEX payment_methods_setup_intent_idx ON payment_methods (setup_intent_id);
CREATE INDEX payment_methods_payment_intent_idx ON payment_methods (payment_intent_id);

-- Bank-transfer details a customer pays into (stripe's customer cash balance).
CREATE TABLE ach_credit_details (
  customer_id text PRIMARY KEY REFERENCES customers (id) ON DELETE CASCADE,
  account_number text NOT NULL,
  routing_number text NOT NULL,
  swift_code text,
  bank_name text NOT NULL,
  cash_balance numeric(14, 2) NOT NULL DEFAULT 0
);
