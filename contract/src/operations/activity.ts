// The activity log a customer sees (issue 34 §3, docs/CONTRACT.md §1 "Activity"). Optional: a
// billing API without it answers 404 and the portal hides the activity page.
import { defineOperation } from "../operation";
import { activityPageDto, activityParams, activityQuery } from "../wire/activity";

export const listCustomerActivity = defineOperation({
  id: "listCustomerActivity",
  method: "get",
  path: "/v1/customers/{customerId}/activity",
  tag: "activity",
  summary: "Who changed what on a customer's account and when, newest first, paged",
  description:
    "The customer must be one the user is linked to (another company's, or one not linked, is a 404). An unknown kind, a malformed bound or page size over 100 is 422. Details carry before and after where a value changed; a password change records no value.",
  auth: "bearer",
  pathParams: activityParams,
  query: activityQuery,
  data: activityPageDto,
  errors: [401, 404, 422],
  optional: true,
});
