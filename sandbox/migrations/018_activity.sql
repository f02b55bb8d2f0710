-- The activity log a customer sees (issue 34 §3, sandbox/README.md "Activity"): who changed what on
-- the customer's account and when. Written in the transaction of the change it records, so a
-- change rolled back leaves no entry, and an entry never names a change that did not happen.
--
-- actor_email is the user's address at the time (kept when the user is deleted: actor_user_id is
-- then set null). actor_kind 'company': the company's back office; 'system': the billing system.
-- details: what the kind needs (docs/CONTRACT.md §1 "Activity"), e.g. before and after values;
-- never a secret (a password change records how it was changed, no value).
CREATE TABLE customer_activity (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  company_id text NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  customer_id text NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  actor_user_id text REFERENCES users (id) ON DELETE SET NULL,
  actor_email text,
  actor_kind text NOT NULL CHECK (actor_kind IN ('user', 'company', 'system')),
  kind text NOT NULL,
  subject_id text,
  details jsonb NOT NULL DEFAULT '{}'::jsonb,
  at timestamptz NOT NULL
);
CREATE INDEX customer_activity_customer_at ON customer_activity (customer_id, at DESC, id DESC);
