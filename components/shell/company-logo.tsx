import { cx } from "@/components/ui/cx";
import { safeLinkUrl } from "@/lib/safe-url";

type CompanyLogoProps = {
  name: string;
  logoUrl: string | null;
  href: string;
  size?: "md" | "lg";
  className?: string;
};

/** The company's logo (alt text: the company name), or its name as a wordmark, linking to `href`. */
// A plain img: the logo is the company's own file (no optimising wanted), and next/image would
// bring its client code to the sign-in pages, which have little else.
export function CompanyLogo({ name, logoUrl, href, size = "md", className }: CompanyLogoProps) {
  const height = size === "lg" ? "h-11" : "h-9";
  const src = safeLinkUrl(logoUrl);
  return (
    // A plain link everywhere: the router's Link would ship its code for one rarely used click.
    <a
      href={href}
      className={cx("inline-flex min-h-6 shrink-0 items-center rounded-md", className)}
    >
      {src ? (
        // eslint-disable-next-line @next/next/no-img-element
        <img
          src={src}
          alt={name}
          width={200}
          height={48}
          fetchPriority="high"
          className={cx(
            height,
            "w-auto max-w-[11rem] object-contain object-left sm:max-w-[14rem] rtl:object-right",
          )}
        />
      ) : (
        <span className="text-foreground text-lg font-semibold tracking-tight">{name}</span>
      )}
    </a>
  );
}
