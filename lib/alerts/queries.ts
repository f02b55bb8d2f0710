import { queryOptions } from "@tanstack/react-query";
import type { AlertSettings } from "@/lib/schemas/alerts";

// Alerts' keys and queryOptions, shared by the account page's section and its mutations.

export const alertKeys = {
  all: ["alerts"] as const,
  settings: (customerId: string) => [...alertKeys.all, "settings", customerId] as const,
};

/** The customer's alert settings; null when the billing API has no alerts (404). */
export function alertSettingsQuery(customerId: string, load: () => Promise<AlertSettings | null>) {
  return queryOptions<AlertSettings | null>({
    queryKey: alertKeys.settings(customerId),
    queryFn: () => load(),
  });
}
