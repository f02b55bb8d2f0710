import type { ComponentProps } from "react";
import { cn } from "@/components/ui/cn";

type IconProps = ComponentProps<"svg">;

// The tab's own control icons, drawn like components/ui/icons.tsx's table controls; decorative:
// every button carrying one has an aria-label.
function ControlIcon({ className, children, ...props }: IconProps) {
  return (
    <svg
      viewBox="0 0 20 20"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.75}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className={cn("size-4 shrink-0", className)}
      {...props}
    >
      {children}
    </svg>
  );
}

export const PencilIcon = (p: IconProps) => (
  <ControlIcon {...p}>
    <path d="M13.5 3.5a2.1 2.1 0 0 1 3 3L7 16l-4 1 1-4 9.5-9.5ZM12 5l3 3" />
  </ControlIcon>
);
export const CheckIcon = (p: IconProps) => (
  <ControlIcon {...p}>
    <path d="m4 10.5 4 4 8-9" />
  </ControlIcon>
);
export const MinusIcon = (p: IconProps) => (
  <ControlIcon {...p}>
    <path d="M4 10h12" />
  </ControlIcon>
);
export const SwapIcon = (p: IconProps) => (
  <ControlIcon {...p}>
    <path d="M6 16V4M3 7l3-3 3 3M14 4v12M11 13l3 3 3-3" />
  </ControlIcon>
);
