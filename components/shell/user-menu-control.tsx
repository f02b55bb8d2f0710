"use client";

import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import Link from "next/link";
import { toastError } from "@/components/feedback/toaster";
import { useKeyTranslator } from "@/components/forms/use-key-translator";
import { DropdownMenu as DirectedMenuRoot } from "@/components/ui/dropdown-menu";
import { LogoutIcon } from "@/components/ui/icons/logout";
import { UserCircleIcon } from "@/components/ui/icons/user-circle";
import type { Opening } from "@/components/ui/load-on-use";
import { apiFetch } from "@/lib/api-client";
import { useGlobalLoading } from "./global-loading";
import { UserMenuTriggerContent, userMenuTriggerClass } from "./user-menu-trigger";

const itemClassName =
  "flex min-h-10 cursor-pointer items-center gap-2.5 rounded-md px-3 text-sm text-foreground outline-none select-none data-[highlighted]:bg-muted data-[highlighted]:text-foreground";

/** The Radix menu behind UserMenu (user-menu.tsx), loaded when a pointer or focus reaches it. */
export default function UserMenuControl({
  email,
  defaultOpen,
  autoFocus,
}: { email: string } & Opening) {
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
    // The shared root: it tells Radix the page's direction (Radix lays a menu out left to right
    // unless told), so in Arabic the icons sit at the items' start, on the right.
    <DirectedMenuRoot modal={false} defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger
        autoFocus={autoFocus}
        className={`${userMenuTriggerClass} data-[state=open]:bg-muted`}
      >
        <UserMenuTriggerContent email={email} />
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
            <LogoutIcon className="text-muted-foreground size-4 rtl:-scale-x-100" />
            {t("shell.logout")}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DirectedMenuRoot>
  );
}
