-- Companies, customers, users and their tokens; mailbox and audit log.
-- Timestamps that drive behaviour (expiry, rotation, use) are written by the application's clock.

CREATE TABLE companies (
  id text PRIMARY KEY,
  name text NOT NULL,
  domain text NOT NULL,
  primary_color text NOT NULL DEFAULT '#ffffff',
  logo_url text,
  banner_url text,
  tnc_url text,
  privacy_url text,
  display_tnc_privacy_url boolean NOT NULL DEFAULT false,
  -- subset of invoices, payments, usages, credits, statements, subscriptions
  enabled_tabs jsonb NOT NULL DEFAULT '[]'::jsonb,
  gateway text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX companies_domain_key ON companies (lower(domain));

CREATE TABLE customers (
  id text PRIMARY KEY,
  company_id text NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  -- the company's account number, e.g. CUST-1001
  customer_id text NOT NULL,
  name text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (company_id, customer_id)
);

CREATE TABLE users (
  id text PRIMARY KEY,
  company_id text NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  email text NOT NULL,
  -- scrypt$N$r$p$salt$hash (base64url)
  password_hash text NOT NULL,
  email_verified boolean NOT NULL DEFAULT false,
  -- the user's own (first) customer account
  customer_id text REFERENCES customers (id) ON DELETE SET NULL,
  selected_customer_id text REFERENCES customers (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_company_email_key ON users (company_id, lower(email));

CREATE TABLE user_customers (
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  customer_id text NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  position integer NOT NULL DEFAULT 0,
  PRIMARY KEY (user_id, customer_id)
);
CREATE INDEX user_customers_customer_idx ON user_customers (customer_id);

-- Refresh tokens rotate; every token of one login shares a family_id. Only sha256 hashes are stored.
CREATE TABLE refresh_tokens (
  id text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  family_id text NOT NULL,
  token_hash text NOT NULL UNIQUE,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL,
  rotated_at timestamptz,
  revoked_at timestamptz
);
CREATE INDEX refresh_tokens_family_idx ON refresh_tokens (family_id);
CREATE INDEX refresh_tokens_user_idx ON refresh_tokens (user_id);

CREATE TABLE access_tokens (
  token_hash text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  family_id text NOT NULL,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX access_tokens_user_idx ON access_tokens (user_id);
CREATE INDEX access_tokens_family_idx ON access_tokens (family_id);

-- Single-use tokens sent by e-mail or in links: invitation, reset, verify, punchout.
CREATE TABLE email_tokens (
  id text PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('invitation', 'reset', 'verify', 'punchout')),
  token_hash text NOT NULL UNIQUE,
  email text NOT NULL,
  company_id text NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  -- invitation: the existing customer the new user is linked to (null: a new customer is created)
  customer_id text REFERENCES customers (id) ON DELETE SET NULL,
  user_id text REFERENCES users (id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL
);
CREATE INDEX email_tokens_email_idx ON email_tokens (company_id, lower(email));

-- The sandbox's outbox: every e-mail the API would send.
CREATE TABLE mail (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  recipient text NOT NULL,
  company_id text,
  subject text NOT NULL,
  text text NOT NULL,
  links jsonb NOT NULL DEFAULT '[]'::jsonb,
  attachments jsonb NOT NULL DEFAULT '[]'::jsonb,
  created_at timestamptz NOT NULL
);
CREATE INDEX mail_recipient_idx ON mail (lower(recipient));

CREATE TABLE audit_log (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  company_id text NOT NULL,
  action text NOT NULL,
  email text,
  at timestamptz NOT NULL
);

CREATE INDEX access_tokens_expires_idx ON access_tokens (expires_at);
CREATE INDEX refresh_tokens_expires_idx ON refresh_tokens (expires_at);
