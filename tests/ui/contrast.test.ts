import { describe, expect, it } from "vitest";
import {
  MIN_CONTRAST,
  accessiblePrimary,
  contrastRatio,
  normalizeHex,
  parseHex,
  relativeLuminance,
} from "@/lib/theme/contrast";
import { themeStyle } from "@/lib/theme/theme";

const WHITE = "#ffffff";

describe("contrast maths (WCAG 2.2)", () => {
  it("gives black on white 21:1 and a colour on itself 1:1", () => {
    expect(contrastRatio("#000000", WHITE)).toBeCloseTo(21, 5);
    expect(contrastRatio("#0f766e", "#0f766e")).toBe(1);
  });

  it("matches known ratios", () => {
    expect(contrastRatio("#767676", WHITE)).toBeCloseTo(4.54, 2);
    expect(contrastRatio("#777777", WHITE)).toBeLessThan(4.5);
  });

  it("computes relative luminance of the extremes", () => {
    expect(relativeLuminance({ r: 0, g: 0, b: 0 })).toBe(0);
    expect(relativeLuminance({ r: 255, g: 255, b: 255 })).toBeCloseTo(1, 10);
  });

  it("parses #rgb and #rrggbb, case-insensitively, and refuses the rest", () => {
    expect(parseHex("#FFF")).toEqual({ r: 255, g: 255, b: 255 });
    expect(normalizeHex("#0F766E")).toBe("#0f766e");
    expect(parseHex("red")).toBeNull();
    expect(parseHex("#12345")).toBeNull();
    expect(parseHex("url(javascript:1)")).toBeNull();
    expect(parseHex(42)).toBeNull();
  });
});

describe("accessiblePrimary", () => {
  it.each(["#ffffff", "#ffff00", "#0f766e", "#7c3aed", "#22d3ee", "#f59e0b", "#e5e7eb"])(
    "makes %s readable: ≥ 4.5:1 against the white page and with white button text",
    (colour) => {
      const primary = accessiblePrimary(colour);
      expect(contrastRatio(primary, WHITE)).toBeGreaterThanOrEqual(MIN_CONTRAST);
    },
  );

  it("keeps the default #ffffff neutral (a grey, not a tint)", () => {
    const primary = accessiblePrimary("#ffffff");
    const { r, g, b } = parseHex(primary)!;
    expect(r).toBe(g);
    expect(g).toBe(b);
  });

  it("keeps the hue of a light colour: #ffff00 stays a yellow shade (red = green, no blue)", () => {
    const { r, g, b } = parseHex(accessiblePrimary("#ffff00"))!;
    expect(r).toBe(g);
    expect(b).toBe(0);
  });

  it.each(["#0f766e", "#7c3aed", "#1e3a8a", "#000000", "#b91c1c"])(
    "leaves the already dark %s unchanged",
    (colour) => {
      expect(accessiblePrimary(colour)).toBe(colour);
    },
  );

  it("lowers lightness only as far as needed", () => {
    const primary = accessiblePrimary("#22d3ee");
    expect(contrastRatio(primary, WHITE)).toBeLessThan(MIN_CONTRAST + 0.3);
  });

  it.each([null, undefined, "", "teal", "#ggg", 123])(
    "falls back to the readable default for %s",
    (input) => {
      expect(accessiblePrimary(input)).toBe(accessiblePrimary("#ffffff"));
    },
  );
});

describe("themeStyle", () => {
  it("keeps the company colour as --brand and a readable shade as --primary", () => {
    const style = themeStyle({ primaryColor: "#FFFF00" });
    expect(style["--brand"]).toBe("#ffff00");
    expect(contrastRatio(style["--primary"]!, WHITE)).toBeGreaterThanOrEqual(MIN_CONTRAST);
    expect(style["--primary-foreground"]).toBe("#ffffff");
    expect(contrastRatio(style["--primary-hover"]!, WHITE)).toBeGreaterThan(
      contrastRatio(style["--primary"]!, WHITE),
    );
  });

  it("uses the default #ffffff when there is no configuration or the colour is not one", () => {
    expect(themeStyle(null)["--brand"]).toBe("#ffffff");
    expect(themeStyle({ primaryColor: "expression(alert(1))" })["--brand"]).toBe("#ffffff");
  });
});
