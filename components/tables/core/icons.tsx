import type { ComponentProps } from "react";
import { cn } from "@/components/ui/cn";

type IconProps = ComponentProps<"svg">;

// Stroke icons of the table controls (decorative: every control has its own text label).
function StrokeIcon({ className, children, ...props }: IconProps) {
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

export const SortNoneIcon = (p: IconProps) => (
  <StrokeIcon {...p}>
    <path d="M6.5 7.5 10 4l3.5 3.5M6.5 12.5 10 16l3.5-3.5" />
  </StrokeIcon>
);
export const SortAscIcon = (p: IconProps) => (
  <StrokeIcon {...p}>
    <path d="M10 16V4M5.5 8.5 10 4l4.5 4.5" />
  </StrokeIcon>
);
export const SortDescIcon = (p: IconProps) => (
  <StrokeIcon {...p}>
    <path d="M10 4v12M5.5 11.5 10 16l4.5-4.5" />
  </StrokeIcon>
);
export const GripIcon = (p: IconProps) => (
  <StrokeIcon strokeWidth={2.6} {...p}>
    <path d="M7.5 5h.01M12.5 5h.01M7.5 10h.01M12.5 10h.01M7.5 15h.01M12.5 15h.01" />
  </StrokeIcon>
);
export const MoreIcon = (p: IconProps) => (
  <StrokeIcon strokeWidth={2.6} {...p}>
    <path d="M5 10h.01M10 10h.01M15 10h.01" />
  </StrokeIcon>
);
export const ColumnsIcon = (p: IconProps) => (
  <StrokeIcon {...p}>
    <rect x="3" y="4" width="14" height="12" rx="1.5" />
    <path d="M7.7 4v12M12.3 4v12" />
  </StrokeIcon>
);
export const ChevronLeftIcon = (p: IconProps) => (
  <StrokeIcon {...p}>
    <path d="M12 5 7 10l5 5" />
  </StrokeIcon>
);
export const ChevronRightIcon = (p: IconProps) => (
  <StrokeIcon {...p}>
    <path d="m8 5 5 5-5 5" />
  </StrokeIcon>
);
export const ChevronFirstIcon = (p: IconProps) => (
  <StrokeIcon {...p}>
    <path d="M13.5 5 8.5 10l5 5M5.5 5v10" />
  </StrokeIcon>
);
export const ChevronLastIcon = (p: IconProps) => (
  <StrokeIcon {...p}>
    <path d="m6.5 5 5 5-5 5M14.5 5v10" />
  </StrokeIcon>
);
export const ArrowLeftIcon = (p: IconProps) => (
  <StrokeIcon {...p}>
    <path d="M16 10H4m4.5-4.5L4 10l4.5 4.5" />
  </StrokeIcon>
);
export const ArrowRightIcon = (p: IconProps) => (
  <StrokeIcon {...p}>
    <path d="M4 10h12m-4.5-4.5L16 10l-4.5 4.5" />
  </StrokeIcon>
);
export const WiderIcon = (p: IconProps) => (
  <StrokeIcon {...p}>
    <path d="M3 10h14M6 7l-3 3 3 3M14 7l3 3-3 3" />
  </StrokeIcon>
);
export const NarrowerIcon = (p: IconProps) => (
  <StrokeIcon {...p}>
    <path d="M3 10h5m4 0h5M5 7l3 3-3 3M15 7l-3 3 3 3" />
  </StrokeIcon>
);
export const ResetIcon = (p: IconProps) => (
  <StrokeIcon {...p}>
    <path d="M4 10a6 6 0 1 0 1.8-4.3M4 4v3.5h3.5" />
  </StrokeIcon>
);
export const RefreshIcon = (p: IconProps) => (
  <StrokeIcon {...p}>
    <path d="M16 10a6 6 0 0 1-10.9 3.5M4 10a6 6 0 0 1 10.9-3.5M15 3v3.5h-3.5M5 17v-3.5h3.5" />
  </StrokeIcon>
);
