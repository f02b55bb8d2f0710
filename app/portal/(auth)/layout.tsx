import { notFound } from "next/navigation";
import type { ReactNode } from "react";
import { preload } from "react-dom";
import { safeLinkUrl } from "@/lib/safe-url";
import { inlineBrandImage } from "@/lib/theme/inline-image";
import { getCurrentPortal } from "@/lib/shell";

// The sign-in screens (login, forgot and reset password, register, verify e-mail): no top bar,
// a centred card on a band of the company's banner.
export default async function AuthLayout({ children }: { children: ReactNode }) {
  const portal = await getCurrentPortal();
  // No portal at this host: the not-found page says so, with a 404.
  if (!portal) notFound();
  const url = safeLinkUrl(portal?.bannerUrl);
  // The band is the largest thing these screens paint: a small banner of the portal's own comes
  // inside the page; any other is asked for with the HTML (as a CSS background the browser would
  // find it only once the stylesheet applies), for the LCP on a phone.
  const inlined = url ? await inlineBrandImage(url) : null;
  if (url && !inlined) preload(url, { as: "image", fetchPriority: "high" });
  const banner = inlined ?? url;
  return (
    <div className="bg-surface relative flex flex-1 flex-col">
      <div
        aria-hidden="true"
        className="border-t-brand bg-brand-soft absolute inset-x-0 top-0 h-44 border-t-4 bg-cover bg-center sm:h-56"
        style={banner ? { backgroundImage: `url("${banner.replace(/["\\]/g, "")}")` } : undefined}
      >
        <div className="to-surface absolute inset-x-0 bottom-0 h-20 bg-gradient-to-b from-transparent" />
      </div>
      <main id="main" className="relative mx-auto w-full max-w-md flex-1 px-4 pt-10 pb-16 sm:pt-16">
        {children}
      </main>
    </div>
  );
}
