import type { ReactNode } from "react";
import { preload } from "react-dom";
import { safeLinkUrl } from "@/lib/safe-url";
import { getCurrentPortal } from "@/lib/shell";

// The sign-in screens (login, forgot and reset password, register, verify e-mail): no top bar,
// a centred card on a band of the company's banner.
export default async function AuthLayout({ children }: { children: ReactNode }) {
  const portal = await getCurrentPortal();
  const banner = safeLinkUrl(portal?.bannerUrl);
  // The band is the largest thing these screens paint; as a CSS background the browser would
  // find it only once the stylesheet applies. Asked for with the HTML instead (LCP on a phone).
  if (banner) preload(banner, { as: "image", fetchPriority: "high" });
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
