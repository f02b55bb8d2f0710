// Sessions the customer can see (issue 34 §2, docs/CONTRACT.md §1 "Sessions"): the signed-in
// user's live sessions, and signing out every other one.
import { defineOperation } from "../operation";
import { successFlag } from "../wire/envelope";
import { revokedSessionsDto, sessionListDto, sessionParams } from "../wire/sessions";

export const listSessions = defineOperation({
  id: "listSessions",
  method: "get",
  path: "/v1/user/me/sessions",
  tag: "account",
  summary: "The user's live sessions (sign-ins), last seen first; the caller's marked current",
  description:
    "A session is one sign-in (a refresh-token family): its browser's user agent and address at sign-in, when it began and when its tokens were last used (to the minute). Signed-out and expired sessions are not listed.",
  auth: "bearer",
  data: sessionListDto,
  errors: [401],
});

export const revokeOtherSessions = defineOperation({
  id: "revokeOtherSessions",
  method: "post",
  path: "/v1/user/me/sessions/revoke_others",
  tag: "account",
  summary: "Sign out every session of the user but the caller's",
  description:
    "Their refresh tokens are revoked and their access tokens deleted: another browser's next call is a 401 and its refresh is refused. Answers how many sessions ended.",
  auth: "bearer",
  data: revokedSessionsDto,
  errors: [401],
});

export const revokeSession = defineOperation({
  id: "revokeSession",
  method: "delete",
  path: "/v1/user/me/sessions/{id}",
  tag: "account",
  summary: "Sign out one other session of the user",
  description:
    "As revoke_others, for one session. Unknown, ended or another user's: 404. The caller's own session is 409 conflict (logout ends it).",
  auth: "bearer",
  pathParams: sessionParams,
  data: successFlag,
  errors: [401, 404, 409],
});
