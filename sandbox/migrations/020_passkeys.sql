-- Passkeys (issue 34 §1, sandbox/README.md "Second factor"): a WebAuthn credential is a factor of
-- kind 'passkey', confirmed when made. Its relying party is the company's portal host (rp_id); its
-- public key (COSE, base64url) and signature counter are kept, never a secret.
ALTER TABLE user_factors
  ADD COLUMN credential_id text UNIQUE,
  ADD COLUMN public_key text,
  ADD COLUMN sign_count bigint,
  ADD COLUMN transports jsonb,
  ADD COLUMN rp_id text;

-- A WebAuthn ceremony waiting for the browser: its random challenge (the one in the options),
-- single use, five minutes. register: adding a passkey; second_factor: the sign-in's second step
-- of login_challenge_hash; sign_in: a passkey alone, where the company allows it.
CREATE TABLE webauthn_ceremonies (
  challenge text PRIMARY KEY,
  purpose text NOT NULL CHECK (purpose IN ('register', 'second_factor', 'sign_in')),
  company_id text NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  user_id text REFERENCES users (id) ON DELETE CASCADE,
  login_challenge_hash text,
  name text,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);

-- Whether a passkey may sign in on its own, without the password (the portal configuration's
-- signIn.passkeySignIn; the seed lets Acme's).
ALTER TABLE companies ADD COLUMN passkey_sign_in boolean NOT NULL DEFAULT false;
