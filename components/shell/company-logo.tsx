import Image from "next/image";
import Link from "next/link";
import { cn } from "@/components/ui/cn";
import { safeLinkUrl } from "@/lib/safe-url";

type CompanyLogoProps = {
  name: string;
  logoUrl: string | null;
  href: string;
  size?: "md" | "lg";
  className?: string;
};

/** The company's logo (alt text: the company name), or its name as a wordmark, linking to `href`. */
export function CompanyLogo({ name, logoUrl, href, size = "md", className }: CompanyLogoProps) {
  const height = size === "lg" ? "h-11" : "h-9";
  const src = safeLinkUrl(logoUrl);
  return (
    <Link
      href={href}
      className={cn("inline-flex min-h-6 shrink-0 items-center rounded-md", className)}
    >
      {src ? (
        <Image
          src={src}
          alt={name}
          width={200}
          height={48}
          unoptimized
          priority
          className={cn(height, "w-auto max-w-[11rem] object-contain object-left sm:max-w-[14rem]")}
        />
      ) : (
        <span className="text-foreground text-lg font-semibold tracking-tight">{name}</span>
      )}
    </Link>
  );
}
