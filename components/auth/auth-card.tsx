import type { ReactNode } from "react";
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from "@/components/ui/card";
import { CompanyLogo } from "@/components/shell/company-logo";
import type { PortalConfig } from "@/lib/portal-config-types";

type AuthCardProps = {
  portal: PortalConfig;
  /** Where the logo above the card links to. */
  logoHref: string;
  title: string;
  description?: ReactNode;
  /** Label of a link back to /portal/login under the card (already translated). */
  backToLogin?: string;
  children: ReactNode;
};

/** The centred card of the sign-in screens, with the company logo above it. */
export function AuthCard({
  portal,
  logoHref,
  title,
  description,
  backToLogin,
  children,
}: AuthCardProps) {
  return (
    <div className="flex flex-col items-center gap-6">
      <CompanyLogo name={portal.name} logoUrl={portal.logoUrl} href={logoHref} size="lg" />
      <Card raised className="w-full">
        <CardHeader>
          <CardTitle>{title}</CardTitle>
          {description ? <CardDescription>{description}</CardDescription> : null}
        </CardHeader>
        <CardContent>{children}</CardContent>
        {backToLogin ? (
          <CardFooter className="justify-center">
            {/* A full navigation: the sign-in pages share no client state, and no router code is needed. */}
            {/* eslint-disable-next-line @next/next/no-html-link-for-pages */}
            <a
              href="/portal/login"
              className="text-primary hover:text-primary-hover inline-flex min-h-6 items-center font-medium underline"
            >
              {backToLogin}
            </a>
          </CardFooter>
        ) : null}
      </Card>
    </div>
  );
}
