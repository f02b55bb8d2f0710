import type { ComponentProps } from "react";
import { cx } from "./cx";
import { Spinner } from "./spinner";

// aria-disabled is "unavailable yet pressable": a press (mouse, touch or keyboard) reaches the
// handler, which says what is missing (spec 001 §5). A busy (loading) button takes no pointer.
const BASE =
  "inline-flex shrink-0 items-center justify-center gap-2 rounded-lg font-medium transition-colors select-none disabled:pointer-events-none disabled:opacity-60 aria-disabled:cursor-not-allowed aria-disabled:opacity-60 aria-busy:pointer-events-none";
/** One line, or (`wrap`) as many as a long label needs in some language, never wider than its box. */
const ONE_LINE = "whitespace-nowrap";
const WRAPS = "max-w-full whitespace-normal text-center";

const VARIANTS = {
  primary: "bg-primary text-primary-foreground shadow-sm hover:bg-primary-hover",
  secondary: "border border-border bg-background text-foreground shadow-sm hover:bg-muted",
  ghost: "text-foreground hover:bg-muted",
  dangerGhost: "text-danger hover:bg-danger-soft",
  danger: "bg-danger text-white shadow-sm hover:opacity-90",
  // A link takes no size classes (see Button), so nothing fights h-auto px-0.
  link: "h-auto px-0 text-sm text-primary underline hover:text-primary-hover",
} as const;

const SIZES = {
  sm: "h-9 px-3 text-sm",
  md: "h-11 px-4 text-sm",
  lg: "h-12 px-5 text-base",
  icon: "size-9",
} as const;
/** The same sizes as a minimum height: a wrapping label grows the button. */
const WRAPPING_SIZES = {
  sm: "min-h-9 px-3 py-1.5 text-sm",
  md: "min-h-11 px-4 py-2 text-sm",
  lg: "min-h-12 px-5 py-2 text-base",
  icon: "size-9",
} as const;

type ButtonVariants = {
  variant?: keyof typeof VARIANTS | null;
  size?: keyof typeof SIZES | null;
  block?: boolean | null;
  /** The label may wrap (German and French labels of a card's actions on a phone). */
  wrap?: boolean | null;
};

/** A button's classes, for a button or a link that looks like one (two plain lookups, no library). */
export function buttonVariants({
  variant = "primary",
  size = "md",
  block = false,
  wrap = false,
}: ButtonVariants = {}) {
  return cx(
    BASE,
    wrap ? WRAPS : ONE_LINE,
    VARIANTS[variant ?? "primary"],
    size === null ? null : (wrap ? WRAPPING_SIZES : SIZES)[size ?? "md"],
    block && "w-full",
  );
}

export type ButtonProps = ComponentProps<"button"> &
  ButtonVariants & {
    /** Shows a spinner and blocks further clicks while an action runs. */
    loading?: boolean;
  };

/** A button; `loading` keeps its label (for screen readers) and adds a spinner. */
export function Button({
  className,
  variant,
  size,
  block,
  wrap,
  loading = false,
  disabled,
  children,
  type = "button",
  ...props
}: ButtonProps) {
  return (
    <button
      type={type}
      className={cx(
        buttonVariants({ variant, size: variant === "link" ? null : size, block, wrap }),
        className,
      )}
      disabled={disabled}
      aria-disabled={loading || undefined}
      aria-busy={loading || undefined}
      {...props}
      onClick={loading ? (event) => event.preventDefault() : props.onClick}
    >
      {loading ? <Spinner className="size-4" /> : null}
      {children}
    </button>
  );
}
