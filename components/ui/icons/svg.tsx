// The icons' shared frame. Every icon is its own module (components/ui/icons/<name>.tsx), so a
// page ships only the icons it draws: the bundler keeps a whole module once any export is used.
import type { ComponentProps, SVGProps } from "react";
import { cx } from "../cx";

export type IconProps = ComponentProps<"svg">;

/** Whether classes name a size: then the default size gives way (no tailwind-merge here). */
export function hasSize(className: string | undefined): boolean {
  return /(^|\s)size-/.test(className ?? "");
}

// Decorative by default (aria-hidden, not focusable): the control or text beside an icon names it.
function Svg({
  paint,
  size = "size-5",
  className,
  children,
  ...props
}: IconProps & { paint: SVGProps<SVGSVGElement>; size?: string }) {
  return (
    <svg
      viewBox="0 0 20 20"
      {...paint}
      aria-hidden="true"
      focusable="false"
      className={cx(hasSize(className) ? null : size, "shrink-0", className)}
      {...props}
    >
      {children}
    </svg>
  );
}

const SOLID = { fill: "currentColor" } satisfies SVGProps<SVGSVGElement>;
const OUTLINE = {
  fill: "none",
  stroke: "currentColor",
  strokeWidth: 1.5,
  strokeLinecap: "round",
  strokeLinejoin: "round",
} satisfies SVGProps<SVGSVGElement>;
/** The table controls' icons: smaller, with a slightly heavier line. */
const CONTROL = { ...OUTLINE, strokeWidth: 1.75 } satisfies SVGProps<SVGSVGElement>;

export function Icon(props: IconProps) {
  return <Svg paint={SOLID} {...props} />;
}

export function OutlineIcon(props: IconProps) {
  return <Svg paint={OUTLINE} {...props} />;
}

export function ControlIcon(props: IconProps) {
  return <Svg paint={CONTROL} size="size-4" {...props} />;
}
