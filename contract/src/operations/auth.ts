// The sign-in family, e-mail links, the user and the portal configuration (docs/CONTRACT.md §1).
import { z } from "zod";
import { defineOperation } from "../operation";
import {
  auditEntryQuery,
  customerDto,
  forgotBody,
  loginBody,
  loginDto,
  logoutBody,
  portalConfigDto,
  portalConfigQuery,
  refreshBody,
  registerBody,
  registrationTokenDto,
  resetBody,
  resetTokenDto,
  selectCustomerBody,
  tokenIdParams,
  tokensDto,
  userDto,
  verifiedEmailDto,
  verifyEmailQuery,
} from "../wire/auth";
import { successFlag } from "../wire/envelope";
import { secondFactorRequiredDto } from "../wire/factors";
import { clientUserAgentHeaders } from "../wire/sessions";

export const getPortalConfiguration = defineOperation({
  id: "getPortalConfiguration",
  method: "get",
  path: "/v1/portalConfiguration",
  tag: "configuration",
  summary: "The company whose portal lives at a host, and how its portal looks",
  auth: "none",
  query: portalConfigQuery,
  data: portalConfigDto,
  errors: [404, 422],
});

/** A password sign-in of a user with a second factor answers a challenge instead (factors.ts). */
const loginAnswer = z.union([loginDto, secondFactorRequiredDto]);

export const login = defineOperation({
  id: "login",
  method: "post",
  path: "/v1/auth/login",
  tag: "auth",
  summary: "Sign in with a password, or with a punch-out link's token and encrypted e-mail",
  description:
    "Limits: 5 failures for one e-mail from one client (X-Client-IP) or 20 from one client in 15 minutes answer 429 with Retry-After; 5 failures for one e-mail from anywhere ask for captchaToken (400 captcha_required, captcha_failed).",
  auth: "none",
  headers: clientUserAgentHeaders,
  body: loginBody,
  data: loginAnswer,
  errors: [400, 401, 422, 429],
});

export const refreshTokens = defineOperation({
  id: "refreshTokens",
  method: "post",
  path: "/v1/auth/refresh-tokens",
  tag: "auth",
  summary: "A fresh token pair of the same family (the refresh token rotates)",
  description:
    "The previous refresh token stays accepted for a short overlap after rotation; presenting it later revokes the family.",
  auth: "none",
  body: refreshBody,
  data: tokensDto,
  errors: [401, 422],
});

export const logout = defineOperation({
  id: "logout",
  method: "post",
  path: "/v1/auth/logout",
  tag: "auth",
  summary: "End the session: the refresh token's family, else the bearer's",
  auth: "none",
  body: logoutBody,
  data: successFlag,
  errors: [422],
});

export const forgotPassword = defineOperation({
  id: "forgotPassword",
  method: "post",
  path: "/v1/auth/forgot-password",
  tag: "auth",
  summary: "Mail a password-reset link, the same answer whether or not the e-mail exists",
  auth: "none",
  body: forgotBody,
  data: successFlag,
  errors: [400, 422],
});

export const resetPassword = defineOperation({
  id: "resetPassword",
  method: "post",
  path: "/v1/auth/reset-password",
  tag: "auth",
  summary: "Set a new password with a reset link's token",
  auth: "none",
  body: resetBody,
  data: successFlag,
  errors: [400, 422],
});

export const register = defineOperation({
  id: "register",
  method: "post",
  path: "/v1/auth/register",
  tag: "auth",
  summary: "Create the account of an invitation; mails a verification link",
  auth: "none",
  body: registerBody,
  data: successFlag,
  errors: [400, 409, 422],
});

export const getRegistrationToken = defineOperation({
  id: "getRegistrationToken",
  method: "get",
  path: "/v1/register/{tokenId}",
  tag: "auth",
  summary: "An invitation's e-mail and company; status granted once it gave access",
  auth: "none",
  pathParams: tokenIdParams,
  data: registrationTokenDto,
  errors: [400],
});

export const getResetToken = defineOperation({
  id: "getResetToken",
  method: "get",
  path: "/v1/token/reset-password/{tokenId}",
  tag: "auth",
  summary: "The e-mail of a password-reset link",
  auth: "none",
  pathParams: tokenIdParams,
  data: resetTokenDto,
  errors: [400],
});

export const verifyEmail = defineOperation({
  id: "verifyEmail",
  method: "get",
  path: "/v1/auth/verify-email",
  tag: "auth",
  summary: "Consume an e-mail verification link and mark the address verified",
  auth: "none",
  query: verifyEmailQuery,
  data: verifiedEmailDto,
  errors: [400, 422],
});

export const generatePortalLogs = defineOperation({
  id: "generatePortalLogs",
  method: "post",
  path: "/v1/auth/generate_portal_logs",
  tag: "auth",
  summary: "Append an entry to the company's audit log (sign-in, sign-out)",
  auth: "none",
  query: auditEntryQuery,
  data: successFlag,
  errors: [422],
});

export const getMe = defineOperation({
  id: "getMe",
  method: "get",
  path: "/v1/user/me",
  tag: "user",
  summary: "The signed-in user",
  auth: "bearer",
  data: userDto,
  errors: [401],
});

export const listUserCustomers = defineOperation({
  id: "listUserCustomers",
  method: "get",
  path: "/v1/user/portalUserCustomer",
  tag: "user",
  summary: "The customers linked to the user, in the user's order",
  auth: "bearer",
  data: z.array(customerDto),
  errors: [401],
});

export const selectCustomer = defineOperation({
  id: "selectCustomer",
  method: "post",
  path: "/v1/user/portalUserCustomer",
  tag: "user",
  summary: "Select the customer to act for (its id or account number)",
  auth: "bearer",
  body: selectCustomerBody,
  data: userDto,
  errors: [401, 403, 404, 422],
});
