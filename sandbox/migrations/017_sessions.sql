-- Sessions the customer can see (issue 34 §2, docs/CONTRACT.md §1 "Sessions"): one row per
-- refresh-token family, the sign-in that started it. The tokens stay in refresh_tokens and
-- access_tokens; this row says where and when the family was born and last used.
--
-- user_agent and ip are the browser's at sign-in (the portal forwards them: X-Client-User-Agent,
-- X-Client-IP); the user agent is cut to 512 characters. last_seen_at moves when an access token
-- of the family is used or the family is refreshed, at most once a minute. revoked_at: signed out
-- (logout, "sign out other sessions", reuse detection, a password change or reset).
CREATE TABLE user_sessions (
  family_id text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  user_agent text CHECK (char_length(user_agent) <= 512),
  ip text,
  created_at timestamptz NOT NULL,
  last_seen_at timestamptz NOT NULL,
  revoked_at timestamptz
);
CREATE INDEX user_sessions_user ON user_sessions (user_id, last_seen_at DESC);
