import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import type { PortalConfig } from "@/lib/portal-config-types";
import type { ShellData } from "@/lib/shell";
import { CompanyLogo } from "./company-logo";
import { CustomerSwitcher } from "./customer-switcher";
import { UserMenu } from "./user-menu";

type AppShellProps = { portal: PortalConfig; shell: ShellData; children: ReactNode };

/** The signed-in frame: a top bar (logo, customer, user menu) over the page. */
export function AppShell({ portal, shell, children }: AppShellProps) {
  const t = useTranslations("common");
  // loadShell already fell back to the first customer.
  const selected = shell.customers.find((c) => c.customerId === shell.selectedCustomerId);
  return (
    <div className="bg-surface flex flex-1 flex-col">
      <header className="border-t-brand border-b-border bg-background border-t-4 border-b">
        <div className="mx-auto flex w-full max-w-6xl flex-wrap items-center gap-x-6 gap-y-3 px-4 py-3 sm:px-6">
          {/* A plain link: the router's Link code would ship for one rarely used click
              (first-load JS: bench/README.md). */}
          <CompanyLogo name={portal.name} logoUrl={portal.logoUrl} href="/portal/dashboard" />
          <div className="order-last flex w-full min-w-0 items-center sm:order-none sm:w-auto sm:flex-1">
            {shell.customers.length >= 2 ? (
              <CustomerSwitcher
                customers={shell.customers}
                selectedCustomerId={shell.selectedCustomerId}
              />
            ) : selected ? (
              <p className="min-w-0 truncate text-sm">
                {t.rich("shell.selectedCustomer", {
                  customer: selected.name,
                  label: (chunks) => <span className="text-muted-foreground">{chunks}</span>,
                  value: (chunks) => <span className="text-foreground font-medium">{chunks}</span>,
                })}
              </p>
            ) : null}
          </div>
          <div className="ms-auto sm:ms-0">
            <UserMenu email={shell.email} />
          </div>
        </div>
      </header>
      <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 py-8 sm:px-6 sm:py-10">
        {children}
      </main>
    </div>
  );
}
