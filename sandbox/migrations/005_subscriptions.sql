-- Subscriptions and plans (docs/CONTRACT.md §7): each company's plan catalogue (plans and their
-- charges) and each customer's subscriptions, their plan lines and charge lines. A charge line
-- keeps its quantity; its price, pricing model and period come from the catalogue charge it
-- bills. The field objects of the API are built in code (src/subscriptions/field-config.ts).
-- Readable ids are ASCII and declared "C", so sorts agree on PGlite and PostgreSQL.

CREATE TABLE plans (
  id text COLLATE "C" PRIMARY KEY, -- PLN-…
  company_id text NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  name text NOT NULL,
  status text NOT NULL CHECK (status IN ('active', 'inactive')),
  description text,
  billing_period text NOT NULL CHECK (billing_period IN ('monthly', 'quarterly', 'annual')),
  currency text NOT NULL,
  -- whether a subscribed plan line offers "Upgrade / Downgrade Plan"
  upgradable boolean NOT NULL DEFAULT false
);
CREATE INDEX plans_company_name ON plans (company_id, name COLLATE "C", id);

CREATE TABLE plan_charges (
  id text COLLATE "C" PRIMARY KEY, -- CHG-…
  plan_id text NOT NULL REFERENCES plans (id) ON DELETE CASCADE,
  position integer NOT NULL,
  name text NOT NULL,
  charge_type text NOT NULL,
  pricing_model text NOT NULL
    CHECK (pricing_model IN ('flat', 'per_unit', 'volume', 'tiered', 'usage_based', 'pre_rated')),
  charge_timing text NOT NULL CHECK (charge_timing IN ('in_advance', 'in_arrears')),
  -- per unit (per_unit, pre_rated, usage_based), per period (flat), first tier (volume, tiered)
  list_price numeric(14, 4) NOT NULL,
  billing_period text NOT NULL CHECK (billing_period IN ('monthly', 'quarterly', 'annual')),
  -- NULL on usage-based charges
  default_quantity integer,
  unit_of_measure text,
  -- [{up_to: number | null, price: number}] ascending; volume and tiered only
  tiers jsonb NOT NULL DEFAULT '[]'::jsonb
);
CREATE INDEX plan_charges_plan ON plan_charges (plan_id, position);

CREATE TABLE subscriptions (
  id text COLLATE "C" PRIMARY KEY, -- SUB-…
  customer_id text NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  name text NOT NULL,
  status text NOT NULL CHECK (status IN ('active', 'cancelled', 'draft')),
  start_date date NOT NULL,
  -- months
  contract_term integer NOT NULL CHECK (contract_term > 0),
  auto_renew boolean NOT NULL DEFAULT false,
  po_number text,
  description text,
  renewal_date date,
  cancellation_date date,
  cancellation_type text,
  currency text NOT NULL,
  crm_reference text
);
CREATE INDEX subscriptions_customer ON subscriptions (customer_id, start_date, id);

CREATE TABLE subscription_plans (
  id text COLLATE "C" PRIMARY KEY, -- SPL-…
  subscription_id text NOT NULL REFERENCES subscriptions (id) ON DELETE CASCADE,
  plan_id text NOT NULL REFERENCES plans (id),
  position integer NOT NULL
);
CREATE INDEX subscription_plans_subscription ON subscription_plans (subscription_id, position);

CREATE TABLE subscription_charges (
  id text COLLATE "C" PRIMARY KEY, -- SCH-…
  subscription_plan_id text NOT NULL REFERENCES subscription_plans (id) ON DELETE CASCADE,
  charge_id text NOT NULL REFERENCES plan_charges (id),
  position integer NOT NULL,
  -- NULL on usage-based charges
  quantity integer CHECK (quantity >= 0),
  -- usages.charge_id of the usage lines this charge line bills (usage-based charges)
  usage_charge_ref text
);
CREATE INDEX subscription_charges_plan ON subscription_charges (subscription_plan_id, position);

-- Ids of plan and charge lines added through the API (SPL-<n>, SCH-<n>); never reused.
CREATE SEQUENCE subscription_line_seq START 1000;
