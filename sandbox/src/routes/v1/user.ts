/** /v1/user: the signed-in user and the customers they may act for. */
import { Hono } from "hono";
import { jsonBody } from "../../body";
import type { SandboxEnv } from "../../env";
import { ApiError, notFound } from "../../http";
import { requireUser } from "../../middleware/auth";
import { envelope } from "../../respond";
import { findCompanyCustomer, listUserCustomers, toCustomerDto } from "../../store/customers";
import { selectCustomer, toUserDto } from "../../store/users";
import { selectCustomerBody } from "@billing-portal/contract/wire/auth";

export const userRoutes = new Hono<SandboxEnv>();

// GET /v1/user/me – the signed-in user (UserDto)
userRoutes.get("/user/me", requireUser, (c) => envelope(c, toUserDto(c.var.user)));

// GET /v1/user/portalUserCustomer – the customers linked to the user (CustomerDto[])
userRoutes.get("/user/portalUserCustomer", requireUser, async (c) => {
  const customers = await listUserCustomers(c.var.app.db, c.var.user.id);
  return envelope(c, customers.map(toCustomerDto));
});

// POST /v1/user/portalUserCustomer {customer_id} – select the customer to act for (id or account number)
userRoutes.post("/user/portalUserCustomer", requireUser, async (c) => {
  const { app, user } = c.var;
  const body = await jsonBody(c, selectCustomerBody);
  const customer = await findCompanyCustomer(app.db, user.company_id, body.customer_id);
  if (!customer) throw notFound("Customer not found");
  const linked = (await listUserCustomers(app.db, user.id)).some((x) => x.id === customer.id);
  if (!linked) throw new ApiError(403, "forbidden", "This customer is not linked to your account");
  await selectCustomer(app.db, app.now(), user.id, customer.id);
  return envelope(c, toUserDto({ ...user, selected_customer_id: customer.id }));
});
