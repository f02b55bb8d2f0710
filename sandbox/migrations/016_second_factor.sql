-- A second factor (issue 34 §1, sandbox/README.md "Second factor"): the billing API holds each
-- user's factors and verifies them.
--
-- An authenticator app's secret (base32) is kept here and nowhere else; last_totp_step is the
-- time step of the last code accepted, so a code works once. confirmed_at null: enrolled, not yet
-- confirmed by a first code (it signs nothing in).
CREATE TABLE user_factors (
  id text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('totp', 'passkey')),
  name text NOT NULL,
  totp_secret text,
  last_totp_step bigint,
  confirmed_at timestamptz,
  created_at timestamptz NOT NULL,
  last_used_at timestamptz
);
CREATE INDEX user_factors_user ON user_factors (user_id);

-- Ten single-use recovery codes, kept as SHA-256 hashes.
CREATE TABLE user_recovery_codes (
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  code_hash text NOT NULL,
  used_at timestamptz,
  PRIMARY KEY (user_id, code_hash)
);

-- The challenge a password sign-in answers a user with a factor: single use, five minutes, kept
-- as a SHA-256 hash. human: the password step's captcha was solved (not asked again for its code).
CREATE TABLE login_challenges (
  id_hash text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  human boolean NOT NULL DEFAULT false,
  used_at timestamptz
);
