/**
 * The /v1 billing API (docs/CONTRACT.md §1), one module per resource. Adding a resource: a route
 * module here, a store module in src/store/, and one line in `resources`.
 */
import type { Hono } from "hono";
import type { SandboxEnv } from "../../env";
import { activityRoutes } from "./activity";
import { alertRoutes } from "./alerts";
import { auditRoutes } from "./audit";
import { authRoutes } from "./auth";
import { autoPayRoutes } from "./auto-pay";
import { cacheRoutes } from "./cache";
import { columnRoutes } from "./column";
import { customerRoutes } from "./customers";
import { documentRoutes } from "./documents";
import { exportRoutes } from "./exports";
import { factorRoutes } from "./factors";
import { filterRoutes } from "./filter";
import { listRoutes } from "./lists";
import { passwordResetRoutes } from "./password-reset";
import { payNowRoutes } from "./pay-now";
import { paymentMethodRoutes } from "./payment-methods";
import { paymentRoutes } from "./payments";
import { planRoutes } from "./plans";
import { portalConfigRoutes } from "./portal-config";
import { receiptRoutes } from "./receipts";
import { sessionRoutes } from "./sessions";
import { registrationRoutes } from "./registration";
import { subscriptionRoutes } from "./subscriptions";
import { userRoutes } from "./user";
import { userAccountRoutes } from "./user-account";

const resources: Hono<SandboxEnv>[] = [
  portalConfigRoutes,
  authRoutes,
  factorRoutes,
  sessionRoutes,
  passwordResetRoutes,
  registrationRoutes,
  userRoutes,
  auditRoutes,
  userAccountRoutes,
  autoPayRoutes,
  paymentMethodRoutes,
  cacheRoutes,
  listRoutes,
  filterRoutes,
  columnRoutes,
  customerRoutes,
  documentRoutes,
  receiptRoutes,
  payNowRoutes,
  paymentRoutes,
  exportRoutes,
  subscriptionRoutes,
  alertRoutes,
  planRoutes,
  activityRoutes,
];

/** Registers every /v1 resource on `root` under /v1. */
export function mountV1(root: Hono<SandboxEnv>): void {
  for (const routes of resources) root.route("/v1", routes);
}
