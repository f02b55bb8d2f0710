"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
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
  const mutation = useMutation({
    mutationFn: (customerId: string) =>
      apiFetch<{ ok: true }>("/api/customers/select", { method: "POST", body: { customerId } }),
    onSuccess: () => {
      setLoading(true);
      queryClient.clear();
      window.setTimeout(() => window.location.reload(), CUSTOMER_SWITCH_RELOAD_MS);
    },
    onError: (error) => {
      setValue(selectedCustomerId ?? "");
      toastError(tr.error(error));
    },
  });
  return (
    <div className="flex min-w-0 items-center gap-2">
      <label htmlFor={id} className="text-muted-foreground shrink-0 text-sm">
        {t("shell.customer")}
      </label>
      <Select
        id={id}
        className="w-full min-w-0 sm:w-64"
        value={value}
        disabled={mutation.isPending}
        onChange={(event) => {
          const next = event.target.value;
          setValue(next);
          if (next && next !== selectedCustomerId) mutation.mutate(next);
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
