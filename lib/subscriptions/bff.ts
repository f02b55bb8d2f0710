// The browser's calls of the subscriptions tab and the plan catalogue: the BFF's routes under
// /api/subscriptions and /api/plans (docs/CONTRACT.md §7.2). The BFF validated and reshaped the
// upstream's answers (lib/billing/subscriptions), so they are read as the app types they are.
import { apiFetch } from "@/lib/api-client";
import type {
  CancelSubscriptionInput,
  CancellationType,
  CancelPreview,
  ChangePreview,
  ChargePreview,
  PausePreview,
  RetentionOffer,
  RetentionOfferKind,
  Plan,
  PlanPage,
  PlanQuery,
  Subscription,
  SubscriptionChangeInput,
  SubscriptionList,
  SubscriptionListStatus,
} from "@/lib/schemas/subscriptions";

const subscriptionPath = (id: string, action = "") =>
  `/api/subscriptions/${encodeURIComponent(id)}${action ? `/${action}` : ""}`;

/** GET /api/subscriptions?status= */
export async function fetchSubscriptions(status: SubscriptionListStatus): Promise<Subscription[]> {
  return (await apiFetch<SubscriptionList>(`/api/subscriptions?status=${status}`)).subscriptions;
}

/** GET /api/plans: one page of the plan catalogue. */
export function fetchPlans(query: PlanQuery): Promise<PlanPage> {
  const params = new URLSearchParams({
    page: String(query.page),
    size: String(query.size),
    sort: query.sort,
  });
  if (query.search) params.set("search", query.search);
  if (query.planId) params.set("planId", query.planId);
  if (query.status) params.set("status", query.status);
  return apiFetch<PlanPage>(`/api/plans?${params.toString()}`);
}

/** GET /api/plans/:id */
export async function fetchPlan(planId: string): Promise<Plan> {
  return (await apiFetch<{ plan: Plan }>(`/api/plans/${encodeURIComponent(planId)}`)).plan;
}

/** POST /api/subscriptions/:id/preview: what a change would cost, nothing applied. */
export function previewChange(id: string, change: SubscriptionChangeInput): Promise<ChangePreview> {
  return apiFetch<ChangePreview>(subscriptionPath(id, "preview"), { method: "POST", body: change });
}

/** PUT /api/subscriptions/:id: applies a change. */
export async function applyChange(
  id: string,
  change: SubscriptionChangeInput,
): Promise<Subscription> {
  return (
    await apiFetch<{ subscription: Subscription }>(subscriptionPath(id), {
      method: "PUT",
      body: change,
    })
  ).subscription;
}

/** The query of a cancellation choice: its type, and the date of a specific one. */
function cancelParams(type: CancellationType, date?: string): string {
  const params = new URLSearchParams({ type });
  if (date) params.set("date", date);
  return params.toString();
}

/** GET /api/subscriptions/:id/cancel-date: the effective date of a cancellation choice. */
export async function fetchCancelDate(
  id: string,
  type: CancellationType,
  date?: string,
): Promise<string> {
  return (
    await apiFetch<{ endDate: string }>(
      `${subscriptionPath(id, "cancel-date")}?${cancelParams(type, date)}`,
    )
  ).endDate;
}

/** GET /api/subscriptions/:id/cancel-preview: a cancellation's dates and its last bill. */
export async function fetchCancelPreview(
  id: string,
  type: CancellationType,
  date?: string,
): Promise<CancelPreview> {
  return apiFetch<CancelPreview>(
    `${subscriptionPath(id, "cancel-preview")}?${cancelParams(type, date)}`,
  );
}

/** POST /api/subscriptions/:id/cancel */
export async function cancelSubscription(
  id: string,
  input: CancelSubscriptionInput,
): Promise<Subscription> {
  return (
    await apiFetch<{ subscription: Subscription }>(subscriptionPath(id, "cancel"), {
      method: "POST",
      body: input,
    })
  ).subscription;
}

/** POST /api/subscriptions/:id/reactivate */
export async function reactivateSubscription(id: string): Promise<Subscription> {
  return (
    await apiFetch<{ subscription: Subscription }>(subscriptionPath(id, "reactivate"), {
      method: "POST",
      body: {},
    })
  ).subscription;
}

/** GET /api/subscriptions/:id/reactivate-preview: what reactivating charges now. */
export function fetchReactivatePreview(id: string): Promise<ChargePreview> {
  return apiFetch<ChargePreview>(subscriptionPath(id, "reactivate-preview"));
}

/** GET /api/subscriptions/:id/pause-preview?cycles= */
export function fetchPausePreview(id: string, cycles: number): Promise<PausePreview> {
  return apiFetch<PausePreview>(`${subscriptionPath(id, "pause-preview")}?cycles=${cycles}`);
}

/** GET /api/subscriptions/:id/resume-preview: what resuming now charges. */
export function fetchResumePreview(id: string): Promise<ChargePreview> {
  return apiFetch<ChargePreview>(subscriptionPath(id, "resume-preview"));
}

/** GET /api/subscriptions/:id/offers */
export async function fetchRetentionOffers(id: string): Promise<RetentionOffer[]> {
  return (await apiFetch<{ offers: RetentionOffer[] }>(subscriptionPath(id, "offers"))).offers;
}

async function post(path: string, body: object): Promise<Subscription> {
  return (await apiFetch<{ subscription: Subscription }>(path, { method: "POST", body }))
    .subscription;
}

/** POST /api/subscriptions/:id/pause */
export const pauseSubscription = (id: string, cycles: number) =>
  post(subscriptionPath(id, "pause"), { cycles });

/** POST /api/subscriptions/:id/resume */
export const resumeSubscription = (id: string) => post(subscriptionPath(id, "resume"), {});

/** POST /api/subscriptions/:id/offers/:offer/accept */
export const acceptRetentionOffer = (id: string, offer: RetentionOfferKind) =>
  post(`${subscriptionPath(id, "offers")}/${offer}/accept`, {});
