-- Leaving on fair terms (issue 33 §2, sandbox/README.md "Cancellation: the last bill").
--
-- Why a customer left, as they said it (both optional): one of the company's reason codes and
-- free text of at most 500 characters, kept with the cancellation.
ALTER TABLE subscriptions
  ADD COLUMN cancellation_reason_code text,
  ADD COLUMN cancellation_reason_text text,
  -- The customer's billing day when they cancelled: what had been invoiced by then.
  ADD COLUMN cancelled_on date,
  -- The day billing resumed after a gap (a cancellation that had taken effect, reactivated): usage
  -- before it is not billed again.
  ADD COLUMN billing_resumed_on date;

-- The last bill of each cancellation, issued once: on the day of a cancellation that takes
-- effect at once, else by the clock on its effective date. document_id is null when it billed
-- nothing.
CREATE TABLE subscription_settlements (
  subscription_id text NOT NULL REFERENCES subscriptions (id) ON DELETE CASCADE,
  effective_date date NOT NULL,
  document_id text,
  issued_on date NOT NULL,
  PRIMARY KEY (subscription_id, effective_date)
);

-- The reasons a company offers a leaving customer, by code (the portal words them in every
-- language), in the order shown.
ALTER TABLE companies ADD COLUMN cancel_reasons jsonb NOT NULL DEFAULT '[]';
