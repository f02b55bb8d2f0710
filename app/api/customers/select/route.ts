// POST /api/customers/select – make one of the user's customers the selected one
import { postSelectedCustomer } from "@/lib/billing/user";
import { parseJson } from "@/lib/http/json";
import { json, withRoute } from "@/lib/http/route";
import { selectCustomerSchema } from "@/lib/schemas/auth";

export const POST = withRoute(
  async ({ req, clientIp, authed, setSession }) => {
    const { customerId } = await parseJson(req, selectCustomerSchema);
    const { user, session } = await authed(async (accessToken, current) => ({
      user: await postSelectedCustomer(accessToken, customerId, clientIp),
      session: current,
    }));
    setSession({ ...session, selectedCustomerId: user.selectedCustomerId ?? customerId });
    return json({ ok: true });
  },
  { mutating: true, auth: true },
);
