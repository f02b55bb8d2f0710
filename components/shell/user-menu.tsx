"use client";

import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import Link from "next/link";
import { toastError } from "@/components/feedback/toaster";
import { useKeyTranslator } from "@/components/forms/use-key-translator";
import { ChevronDownIcon, LogoutIcon, UserCircleIcon } from "@/components/ui/icons";
import { apiFetch } from "@/lib/api-client";
import { useGlobalLoading } from "./global-loading";

const itemClassName =
  "flex min-h-10 cursor-pointer items-center gap-2.5 rounded-md px-3 text-sm text-foreground outline-none select-none data-[highlighted]:bg-muted data-[highlighted]:text-foreground";

/** The signed-in user's menu: 'My account' and 'Logout'. The trigger is named by the user's e-mail. */
export function UserMenu({ email }: { email: string }) {
  const t = useTranslations("common");
  const tr = useKeyTranslator();
  const queryClient = useQueryClient();
  const { setLoading } = useGlobalLoading();
  const logout = useMutation({
    mutationFn: () =>
      apiFetch<{ redirectTo: string }>("/api/auth/logout", { method: "POST", body: {} }),
    onSuccess: ({ redirectTo }) => {
      setLoading(true);
      sessionStorage.clear();
      queryClient.clear();
      // A full navigation, so nothing of the signed-in shell survives in memory.
      window.location.assign(redirectTo || "/portal/login");
    },
    onError: (error) => toastError(tr.error(error)),
  });
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger className="border-border bg-background text-foreground hover:bg-muted data-[state=open]:bg-muted inline-flex h-10 max-w-full min-w-10 items-center justify-center gap-2 rounded-lg border px-2.5 text-sm font-medium shadow-xs sm:max-w-72 sm:px-3">
        <UserCircleIcon className="text-muted-foreground" />
        <span className="sr-only truncate sm:not-sr-only">{email}</span>
        <ChevronDownIcon className="text-muted-foreground hidden size-4 sm:block" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          className="animate-fade-in border-border bg-background z-40 min-w-56 rounded-xl border p-1.5 shadow-lg"
        >
          <DropdownMenu.Label className="text-muted-foreground truncate px-3 py-2 text-xs">
            {email}
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="bg-border my-1 h-px" />
          <DropdownMenu.Item asChild className={itemClassName}>
            <Link href="/portal/account">
              <UserCircleIcon className="text-muted-foreground size-4" />
              {t("shell.myAccount")}
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item
            className={itemClassName}
            disabled={logout.isPending}
            onSelect={() => logout.mutate()}
          >
            <LogoutIcon className="text-muted-foreground size-4" />
            {t("shell.logout")}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
