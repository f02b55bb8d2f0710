"use client";

import { useTranslations } from "next-intl";
import { isKnownBrand, normalizeBrand, type KnownBrand } from "@/lib/account/card-brands";
import { cx, unless } from "@/components/ui/cx";

/** A brand's name for people ("Visa", "Diners Club"); an unknown one as the provider wrote it. */
export function useBrandName() {
  const t = useTranslations("account.brands");
  return (brand: string): string => {
    const normal = normalizeBrand(brand);
    return isKnownBrand(normal) ? t(`${normal}.name`) : brand;
  };
}

/** A small badge with a brand's mark, named for screen readers. */
export function CardBrandMark({ brand, className }: { brand: KnownBrand; className?: string }) {
  const t = useTranslations("account.brands");
  return (
    <span
      role="img"
      aria-label={t(`${brand}.name`)}
      className={cx(
        unless(className, /h-/, "h-7"),
        "border-border bg-background text-foreground inline-flex min-w-11 items-center justify-center rounded-md border px-1.5 text-[0.6875rem] font-extrabold tracking-wide shadow-xs",
        className,
      )}
    >
      <span aria-hidden="true">{t(`${brand}.mark`)}</span>
    </span>
  );
}

/** The gateway's allowed brands as marks (spec 000 §4 "Allowed card brands appear as icons"). */
export function AllowedBrands({ brands, label }: { brands: readonly KnownBrand[]; label: string }) {
  if (brands.length === 0) return null;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <span className="text-muted-foreground text-sm">{label}</span>
      <ul className="flex flex-wrap gap-1.5" aria-label={label}>
        {brands.map((brand) => (
          <li key={brand}>
            <CardBrandMark brand={brand} />
          </li>
        ))}
      </ul>
    </div>
  );
}
