"use client";

import { LoadOnUse, loadable } from "@/components/ui/load-on-use";
import { UserMenuTriggerContent, userMenuTriggerClass } from "./user-menu-trigger";

const control = loadable(() => import("./user-menu-control").then((m) => m.default));

/** The signed-in user's menu: 'My account' and 'Logout'. The trigger is named by the user's e-mail. */
export function UserMenu({ email }: { email: string }) {
  return (
    <LoadOnUse
      control={control}
      props={{ email }}
      opensOn="press"
      placeholder={(handlers) => (
        <button
          type="button"
          aria-haspopup="menu"
          aria-expanded={false}
          className={userMenuTriggerClass}
          {...handlers}
        >
          <UserMenuTriggerContent email={email} />
        </button>
      )}
    />
  );
}
