// The second factor (issue 34 §1, docs/CONTRACT.md §1 "Second factor"): the signed-in user's
// factors and recovery codes, and the sign-in's second step.
import { defineOperation } from "../operation";
import { loginDto } from "../wire/auth";
import { successFlag } from "../wire/envelope";
import {
  addPasskeyBody,
  authenticationOptionsDto,
  passkeyOptionsBody,
  passkeySignInBody,
  passkeySignInOptionsBody,
  registrationOptionsDto,
  secondFactorPasskeyOptionsBody,
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
  summary:
    "The sign-in's second step: the login's challenge and a code, a recovery code or a passkey's assertion",
  description:
    "A code is accepted within ±1 step (30 s) of the server's clock, once. Wrong codes count as failed sign-ins: the login's limits and captcha apply (429, captcha_required). A used or expired challenge is 401 challenge_invalid.",
  auth: "none",
  headers: clientUserAgentHeaders,
  body: secondFactorBody,
  data: loginDto,
  errors: [400, 401, 422, 429],
});

export const passkeyRegistrationOptions = defineOperation({
  id: "passkeyRegistrationOptions",
  method: "post",
  path: "/v1/user/me/factors/passkey/options",
  tag: "account",
  summary: "Start adding a passkey: the options for navigator.credentials.create",
  description:
    "The relying party is the company's portal host; the user's passkeys are excluded. The challenge is single use and lasts five minutes.",
  auth: "bearer",
  body: passkeyOptionsBody,
  data: registrationOptionsDto,
  errors: [401],
});

export const addPasskey = defineOperation({
  id: "addPasskey",
  method: "post",
  path: "/v1/user/me/factors/passkey",
  tag: "account",
  summary: "Add a passkey from the browser's answer; the first factor brings recovery codes",
  description:
    "Refused (400 invalid_passkey) when the answer is not for an open ceremony of this user, or was made on another host than the company's portal.",
  auth: "bearer",
  body: addPasskeyBody,
  data: confirmedFactorDto,
  errors: [400, 401, 422],
});

export const secondFactorPasskeyOptions = defineOperation({
  id: "secondFactorPasskeyOptions",
  method: "post",
  path: "/v1/auth/second-factor/passkey_options",
  tag: "auth",
  summary: "The sign-in's second step by passkey: the options for navigator.credentials.get",
  description:
    "For a login challenge whose methods include passkey; 401 challenge_invalid otherwise.",
  auth: "none",
  body: secondFactorPasskeyOptionsBody,
  data: authenticationOptionsDto,
  errors: [401, 422],
});

export const passkeySignInOptions = defineOperation({
  id: "passkeySignInOptions",
  method: "post",
  path: "/v1/auth/passkey/options",
  tag: "auth",
  summary:
    "Sign in with a passkey alone: the options (no credential named: the browser offers the company's)",
  description: "Only where the portal configuration's signIn.passkeySignIn is true; else 404.",
  auth: "none",
  body: passkeySignInOptionsBody,
  data: authenticationOptionsDto,
  errors: [404, 422, 429],
});

export const passkeySignIn = defineOperation({
  id: "passkeySignIn",
  method: "post",
  path: "/v1/auth/passkey",
  tag: "auth",
  summary: "Sign in with a passkey alone: the tokens",
  description:
    "The assertion must answer an open sign_in ceremony of this company (single use), come from its portal host, and be signed by a passkey of one of its users; else 401 invalid_passkey (counted as a failed sign-in of the client).",
  auth: "none",
  body: passkeySignInBody,
  data: loginDto,
  errors: [401, 404, 422, 429],
});
