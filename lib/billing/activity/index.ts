import "server-only";
import { ACTIVITY_KINDS } from "@billing-portal/contract/wire/activity";
import { z } from "zod";
import { billingRequest } from "@/lib/billing/client";
import { parseDto } from "@/lib/billing/dto";
import {
  ACTIVITY_PAGE_SIZE,
  type ActivityActor,
  type ActivityPage,
  type ActivityQuery,
} from "@/lib/schemas/activity";
import { activityArgs } from "./reshape";

// The /v1 call of the activity log (docs/CONTRACT.md §1 "Activity"): one page of the selected
// customer's changes, newest first, of one kind or all. A billing API without it answers 404
// (the page says there is no activity to show, the account page shows no link).

type Caller = { accessToken: string; clientIp?: string };

// Read tolerantly: an entry of a kind the portal cannot word is left out, not a failure.
const entryDto = z.object({
  id: z.union([z.string(), z.number()]).transform(String),
  kind: z.string(),
  at: z.string(),
  actor: z.object({
    kind: z.enum(["user", "company", "system"]).catch("system"),
    email: z.string().nullish(),
    name: z.string().nullish(),
  }),
  details: z.unknown(),
});
const pageDto = z.object({
  items: z.array(entryDto),
  page: z.number().int().min(1),
  page_size: z.number().int().min(1),
  total: z.number().int().min(0),
});

const actorOf = (a: z.output<typeof entryDto>["actor"]): ActivityActor =>
  a.kind === "user"
    ? { kind: "user", email: a.email ?? null }
    : a.kind === "company"
      ? { kind: "company", name: a.name ?? null }
      : { kind: "system" };

const isKind = (k: string): k is (typeof ACTIVITY_KINDS)[number] =>
  (ACTIVITY_KINDS as readonly string[]).includes(k);

/** GET /v1/customers/{id}/activity?page&page_size&kind */
export async function requestActivity(
  caller: Caller,
  customerId: string,
  query: ActivityQuery,
): Promise<ActivityPage> {
  const data = parseDto(
    pageDto,
    await billingRequest<unknown>(`/v1/customers/${encodeURIComponent(customerId)}/activity`, {
      ...caller,
      query: {
        page: query.page,
        page_size: ACTIVITY_PAGE_SIZE,
        ...(query.kind ? { kind: query.kind } : {}),
      },
    }),
    "activity",
  );
  return {
    items: data.items.flatMap((e) =>
      isKind(e.kind)
        ? [
            {
              id: e.id,
              kind: e.kind,
              at: e.at,
              actor: actorOf(e.actor),
              ...activityArgs(e.kind, e.details),
            },
          ]
        : [],
    ),
    page: data.page,
    pages: Math.max(1, Math.ceil(data.total / data.page_size)),
    total: data.total,
  };
}
