-- Pause and resume, and offers to a leaving customer (issue 33 §1–§2, sandbox/README.md "Pause and
-- resume" and "Offers").
--
-- A pause runs from pause_start (the end of the billing cycle it was asked in) to pause_resume
-- (exclusive: the first day billed again); pause_cycles as asked; paused_on the customer's billing
-- day when they asked (what had been invoiced by then). Kept after the pause, until the next one.
ALTER TABLE subscriptions
  ADD COLUMN pause_start date,
  ADD COLUMN pause_resume date,
  ADD COLUMN pause_cycles integer,
  ADD COLUMN paused_on date;

-- A pause leaves a settling bill on its first day as a cancellation does on its effective date:
-- both are kept here, told apart by kind.
ALTER TABLE subscription_settlements ADD COLUMN kind text NOT NULL DEFAULT 'cancel';
ALTER TABLE subscription_settlements DROP CONSTRAINT subscription_settlements_pkey;
ALTER TABLE subscription_settlements ADD PRIMARY KEY (subscription_id, effective_date, kind);

-- Whether a company lets customers pause, and for how many cycles at most (null: it does not);
-- what it offers a leaving customer, in order: [{"kind": "pause", "cycles": n} |
-- {"kind": "cheaper_plan"} | {"kind": "discount", "percent_off": p, "cycles": n}].
ALTER TABLE companies
  ADD COLUMN pause_max_cycles integer,
  ADD COLUMN retention_offers jsonb NOT NULL DEFAULT '[]';

-- An offer is accepted once per subscription.
CREATE TABLE subscription_offer_acceptances (
  subscription_id text NOT NULL REFERENCES subscriptions (id) ON DELETE CASCADE,
  offer_id text NOT NULL,
  accepted_on date NOT NULL,
  PRIMARY KEY (subscription_id, offer_id)
);

-- A discount accepted on after_day: the period invoices a subscription issues after it, through
-- through_day, carry a line of percent_off of their total, negative.
CREATE TABLE subscription_discounts (
  subscription_id text NOT NULL REFERENCES subscriptions (id) ON DELETE CASCADE,
  after_day date NOT NULL,
  through_day date NOT NULL,
  percent_off numeric(5, 2) NOT NULL CHECK (percent_off > 0 AND percent_off <= 100),
  PRIMARY KEY (subscription_id, after_day)
);
