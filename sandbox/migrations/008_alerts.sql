-- Alerts a customer sets (issue 31 §3; sandbox/README.md "Alerts"): thresholds on the period's
-- projected total or cost so far, who is told (portal users who opted in, and addresses confirmed
-- by a link), and what fired, once per threshold and billing period.

CREATE SEQUENCE alert_seq START 1;

CREATE TABLE alert_thresholds (
  id text COLLATE "C" PRIMARY KEY, -- ALT-…
  customer_id text NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  basis text NOT NULL CHECK (basis IN ('projected_total', 'cost_so_far')),
  amount numeric(14, 2) NOT NULL CHECK (amount > 0),
  currency text NOT NULL,
  created_at timestamptz NOT NULL,
  UNIQUE (customer_id, basis, amount)
);

CREATE TABLE alert_recipients (
  id text COLLATE "C" PRIMARY KEY, -- ARC-…
  customer_id text NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  email text NOT NULL,
  -- A portal user who opted in (confirmed at once); NULL for an address confirmed by its link.
  user_id text,
  token_hash text UNIQUE,
  token_expires_at timestamptz,
  confirmed_at timestamptz,
  created_at timestamptz NOT NULL
);
CREATE UNIQUE INDEX alert_recipients_email ON alert_recipients (customer_id, lower(email));

CREATE TABLE alert_events (
  id text COLLATE "C" PRIMARY KEY, -- AEV-…
  customer_id text NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  threshold_id text COLLATE "C" REFERENCES alert_thresholds (id) ON DELETE SET NULL,
  basis text NOT NULL,
  amount numeric(14, 2) NOT NULL,
  currency text NOT NULL,
  value numeric(14, 2) NOT NULL,
  -- The billing period it fired in, named by the day its invoice is issued.
  period_end date NOT NULL,
  fired_at timestamptz NOT NULL,
  UNIQUE (threshold_id, period_end)
);
CREATE INDEX alert_events_customer ON alert_events (customer_id, fired_at DESC);

CREATE TABLE alert_dismissals (
  event_id text COLLATE "C" NOT NULL REFERENCES alert_events (id) ON DELETE CASCADE,
  user_id text NOT NULL,
  PRIMARY KEY (event_id, user_id)
);
