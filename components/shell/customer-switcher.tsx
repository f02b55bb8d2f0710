"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { toastError } from "@/components/feedback/toaster";
import { useKeyTranslator } from "@/components/forms/use-key-translator";
import { Select } from "@/components/ui/select";
import { apiFetch } from "@/lib/api-client";
import type { CustomerSummary } from "@/lib/billing/user";
import { useGlobalLoading } from "./global-loading";

/** The page reloads this long after a customer switch (spec 000 §9). */
export const CUSTOMER_SWITCH_RELOAD_MS = 10;

type Props = { customers: CustomerSummary[]; selectedCustomerId: string | null };

/** Picks the selected customer (users with 2+ customers): the BFF stores it, the cache is cleared, the page reloads. */
export function CustomerSwitcher({ customers, selectedCustomerId }: Props) {
  const t = useTranslations("common");
  const tr = useKeyTranslator();
  const id = useId();
  const queryClient = useQueryClient();
  const { setLoading } = useGlobalLoading();
  const [value, setValue] = useState(selectedCustomerId ?? "");
  const [pending, setPending] = useState(false);
  // A plain call, not useMutation: the page reloads on success, so nothing needs the mutation's
  // state beyond "pending", and the shell (on every page's first load) skips its observer code.
  // The overlay covers the switch from the start, as the signed-in frame's mutation overlay did.
  const switchTo = async (customerId: string) => {
    setPending(true);
    setLoading(true);
    try {
      await apiFetch<{ ok: true }>("/api/customers/select", {
        method: "POST",
        body: { customerId },
      });
    } catch (error) {
      setPending(false);
      setLoading(false);
      setValue(selectedCustomerId ?? "");
      toastError(tr.error(error));
      return;
    }
    queryClient.clear();
    window.setTimeout(() => window.location.reload(), CUSTOMER_SWITCH_RELOAD_MS);
  };
  return (
    <div className="flex min-w-0 items-center gap-2">
      <label htmlFor={id} className="text-muted-foreground shrink-0 text-sm">
        {t("shell.customer")}
      </label>
      <Select
        id={id}
        className="w-full min-w-0 sm:w-64"
        value={value}
        disabled={pending}
        onChange={(event) => {
          const next = event.target.value;
          setValue(next);
          if (next && next !== selectedCustomerId) void switchTo(next);
        }}
      >
        {customers.map((customer) => (
          <option key={customer.id} value={customer.customerId}>
            {customer.name}
          </option>
        ))}
      </Select>
    </div>
  );
}
