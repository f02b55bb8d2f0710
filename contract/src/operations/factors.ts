// The second factor (issue 34 §1, docs/CONTRACT.md §1 "Second factor"): the signed-in user's
// factors and recovery codes, and the sign-in's second step.
import { defineOperation } from "../operation";
import { loginDto } from "../wire/auth";
import { successFlag } from "../wire/envelope";
import {
  confirmFactorBody,
  confirmedFactorDto,
  enrollTotpBody,
  factorListDto,
  factorParams,
  recoveryCodesDto,
  secondFactorBody,
  totpEnrollmentDto,
} from "../wire/factors";
import { clientUserAgentHeaders } from "../wire/sessions";

export const listFactors = defineOperation({
  id: "listFactors",
  method: "get",
  path: "/v1/user/me/factors",
  tag: "account",
  summary: "The user's confirmed second factors and how many recovery codes are left",
  auth: "bearer",
  data: factorListDto,
  errors: [401],
});

export const enrollTotp = defineOperation({
  id: "enrollTotp",
  method: "post",
  path: "/v1/user/me/factors/totp",
  tag: "account",
  summary: "Start adding an authenticator app: its secret, to be confirmed by a first code",
  description: "An earlier enrollment not confirmed is replaced.",
  auth: "bearer",
  body: enrollTotpBody,
  data: totpEnrollmentDto,
  errors: [401, 422],
});

export const confirmFactor = defineOperation({
  id: "confirmFactor",
  method: "post",
  path: "/v1/user/me/factors/{id}/confirm",
  tag: "account",
  summary: "Confirm an enrolled factor with its first code; the first factor brings recovery codes",
  description:
    "A wrong code is 400 invalid_code and counts as a failed sign-in (the login limits apply).",
  auth: "bearer",
  pathParams: factorParams,
  body: confirmFactorBody,
  data: confirmedFactorDto,
  errors: [400, 401, 404, 422, 429],
});

export const removeFactor = defineOperation({
  id: "removeFactor",
  method: "delete",
  path: "/v1/user/me/factors/{id}",
  tag: "account",
  summary: "Remove a factor; with the last one, the recovery codes go too",
  auth: "bearer",
  pathParams: factorParams,
  data: successFlag,
  errors: [401, 404],
});

export const renewRecoveryCodes = defineOperation({
  id: "renewRecoveryCodes",
  method: "post",
  path: "/v1/user/me/factors/recovery_codes",
  tag: "account",
  summary: "Ten new recovery codes; the old ones stop working",
  description: "Only for a user with a factor (else 400).",
  auth: "bearer",
  data: recoveryCodesDto,
  errors: [400, 401],
});

export const verifySecondFactor = defineOperation({
  id: "verifySecondFactor",
  method: "post",
  path: "/v1/auth/second-factor",
  tag: "auth",
  summary: "The sign-in's second step: the login's challenge and a code, or a recovery code",
  description:
    "A code is accepted within ±1 step (30 s) of the server's clock, once. Wrong codes count as failed sign-ins: the login's limits and captcha apply (429, captcha_required). A used or expired challenge is 401 challenge_invalid.",
  auth: "none",
  headers: clientUserAgentHeaders,
  body: secondFactorBody,
  data: loginDto,
  errors: [400, 401, 422, 429],
});
