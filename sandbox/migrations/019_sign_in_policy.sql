-- A company's sign-in policy (issue 34 §1, sandbox/README.md "Second factor"): whether its portal
-- lets a user in on a password alone ('optional', the default) or has them set up a second factor
-- right after the password ('required'). The portal reads it from /v1/portalConfiguration.
ALTER TABLE companies
  ADD COLUMN second_factor_policy text NOT NULL DEFAULT 'optional'
    CHECK (second_factor_policy IN ('optional', 'required'));
