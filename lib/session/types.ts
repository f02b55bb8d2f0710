/** What the sealed session cookie holds. Never sent to the browser as such. */
export type PortalSession = {
  accessToken: string;
  refreshToken: string;
  /** epoch ms */
  accessTokenExpiresAt: number;
  /** The access token's lifetime when it arrived, ms (older cookies lack it). */
  accessTokenLifetimeMs?: number;
  userId: string;
  email: string;
  companyId: string;
  host: string;
  selectedCustomerId: string | null;
  /** epoch ms: start of the absolute lifetime */
  issuedAt: number;
  /** epoch ms: last activity, for the idle lifetime */
  lastSeenAt: number;
};

/** The safe projection of a session that may reach the browser. */
export type SessionView = {
  user: { id: string; email: string };
  companyId: string;
  selectedCustomerId: string | null;
};
