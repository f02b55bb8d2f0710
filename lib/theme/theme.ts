import type { PortalConfig } from "@/lib/portal-config-types";
import { DEFAULT_PRIMARY, WHITE, accessiblePrimary, darken, normalizeHex } from "./contrast";

/** CSS custom properties set on `<html style>`, so the company theme paints with the first byte. */
export type ThemeStyle = Record<`--${string}`, string>;

/**
 * The company's theme variables: `--brand` is the configured colour (decoration only);
 * `--primary` is a shade of it with at least 4.5:1 against white, for buttons, links and focus.
 */
export function themeStyle(
  config: Pick<PortalConfig, "primaryColor"> | null | undefined,
): ThemeStyle {
  const brand = normalizeHex(config?.primaryColor) ?? DEFAULT_PRIMARY;
  const primary = accessiblePrimary(brand);
  return {
    "--brand": brand,
    "--primary": primary,
    "--primary-hover": darken(primary, 0.08),
    "--primary-foreground": WHITE,
  };
}
