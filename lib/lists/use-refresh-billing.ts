"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { LIST_IDS } from "./definitions";
import { accountKeys, listKeys } from "./queries";

/**
 * Refetches the account detail and the lists on screen, e.g. after a payment: cached counts are
 * dropped (a payment adds a row), so the next page asks for its total again.
 */
export function useRefreshBilling(): () => Promise<void> {
  const client = useQueryClient();
  return useCallback(async () => {
    for (const list of LIST_IDS)
      client.removeQueries({ queryKey: [...listKeys.list(list), "total"] });
    await Promise.all([
      client.invalidateQueries({ queryKey: accountKeys.all }),
      client.invalidateQueries({ queryKey: listKeys.all }),
    ]);
  }, [client]);
}
