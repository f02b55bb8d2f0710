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
  footer?: ReactNode;
  children: ReactNode;
};

/** The centred card of the sign-in screens, with the company logo above it. */
export function AuthCard({
  portal,
  logoHref,
  title,
  description,
  footer,
  children,
}: AuthCardProps) {
  return (
    <div className="flex flex-col items-center gap-6">
      <CompanyLogo name={portal.name} logoUrl={portal.logoUrl} href={logoHref} size="lg" />
      <Card className="w-full shadow-md shadow-slate-900/5">
        <CardHeader>
          <CardTitle>{title}</CardTitle>
          {description ? <CardDescription>{description}</CardDescription> : null}
        </CardHeader>
        <CardContent>{children}</CardContent>
        {footer ? <CardFooter className="justify-center">{footer}</CardFooter> : null}
      </Card>
    </div>
  );
}
