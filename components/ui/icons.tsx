import type { ComponentProps, SVGProps } from "react";
import { cx } from "./cx";

type IconProps = ComponentProps<"svg">;

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

function Icon(props: IconProps) {
  return <Svg paint={SOLID} {...props} />;
}

function OutlineIcon(props: IconProps) {
  return <Svg paint={OUTLINE} {...props} />;
}

function ControlIcon(props: IconProps) {
  return <Svg paint={CONTROL} size="size-4" {...props} />;
}

// Solid

export function CheckCircleIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path
        fillRule="evenodd"
        d="M10 18a8 8 0 1 0 0-16 8 8 0 0 0 0 16Zm3.86-9.81a.75.75 0 0 0-1.22-.88l-3.24 4.5-1.62-1.62a.75.75 0 0 0-1.06 1.06l2.25 2.25a.75.75 0 0 0 1.14-.09l3.75-5.22Z"
        clipRule="evenodd"
      />
    </Icon>
  );
}

export function XCircleIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path
        fillRule="evenodd"
        d="M10 18a8 8 0 1 0 0-16 8 8 0 0 0 0 16ZM8.28 7.22a.75.75 0 0 0-1.06 1.06L8.94 10l-1.72 1.72a.75.75 0 1 0 1.06 1.06L10 11.06l1.72 1.72a.75.75 0 1 0 1.06-1.06L11.06 10l1.72-1.72a.75.75 0 0 0-1.06-1.06L10 8.94 8.28 7.22Z"
        clipRule="evenodd"
      />
    </Icon>
  );
}

export function CircleIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path
        fillRule="evenodd"
        d="M10 16.5a6.5 6.5 0 1 0 0-13 6.5 6.5 0 0 0 0 13Zm0 1.5a8 8 0 1 0 0-16 8 8 0 0 0 0 16Z"
        clipRule="evenodd"
      />
    </Icon>
  );
}

export function XIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M6.28 5.22a.75.75 0 0 0-1.06 1.06L8.94 10l-3.72 3.72a.75.75 0 1 0 1.06 1.06L10 11.06l3.72 3.72a.75.75 0 1 0 1.06-1.06L11.06 10l3.72-3.72a.75.75 0 0 0-1.06-1.06L10 8.94 6.28 5.22Z" />
    </Icon>
  );
}

export function ChevronDownIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path
        fillRule="evenodd"
        d="M5.23 7.21a.75.75 0 0 1 1.06.02L10 11.06l3.71-3.83a.75.75 0 1 1 1.08 1.04l-4.25 4.39a.75.75 0 0 1-1.08 0L5.21 8.27a.75.75 0 0 1 .02-1.06Z"
        clipRule="evenodd"
      />
    </Icon>
  );
}

export function UserCircleIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path
        fillRule="evenodd"
        d="M18 10a8 8 0 1 1-16 0 8 8 0 0 1 16 0Zm-5.5-2.5a2.5 2.5 0 1 1-5 0 2.5 2.5 0 0 1 5 0ZM10 12a5.99 5.99 0 0 0-4.79 2.39A6.48 6.48 0 0 0 10 16.5a6.48 6.48 0 0 0 4.79-2.11A5.99 5.99 0 0 0 10 12Z"
        clipRule="evenodd"
      />
    </Icon>
  );
}

export function LogoutIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path
        fillRule="evenodd"
        d="M3 4.25A2.25 2.25 0 0 1 5.25 2h5.5A2.25 2.25 0 0 1 13 4.25v2a.75.75 0 0 1-1.5 0v-2a.75.75 0 0 0-.75-.75h-5.5a.75.75 0 0 0-.75.75v11.5c0 .41.34.75.75.75h5.5a.75.75 0 0 0 .75-.75v-2a.75.75 0 0 1 1.5 0v2A2.25 2.25 0 0 1 10.75 18h-5.5A2.25 2.25 0 0 1 3 15.75V4.25Zm12.97 5.03a.75.75 0 0 0 0-1.06L14.28 6.53a.75.75 0 1 0-1.06 1.06l.41.41H8.75a.75.75 0 0 0 0 1.5h4.88l-.41.41a.75.75 0 1 0 1.06 1.06l1.69-1.69Z"
        clipRule="evenodd"
      />
    </Icon>
  );
}

export function ExclamationCircleIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path
        fillRule="evenodd"
        d="M18 10a8 8 0 1 1-16 0 8 8 0 0 1 16 0Zm-8-5a.75.75 0 0 1 .75.75v4.5a.75.75 0 0 1-1.5 0v-4.5A.75.75 0 0 1 10 5Zm0 10a1 1 0 1 0 0-2 1 1 0 0 0 0 2Z"
        clipRule="evenodd"
      />
    </Icon>
  );
}

export function ExclamationTriangleIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path
        fillRule="evenodd"
        d="M8.49 2.92c.66-1.15 2.36-1.15 3.02 0l6.28 10.9c.66 1.14-.17 2.58-1.51 2.58H3.72c-1.34 0-2.17-1.44-1.51-2.58L8.49 2.92ZM10 6a.75.75 0 0 1 .75.75v3.5a.75.75 0 0 1-1.5 0v-3.5A.75.75 0 0 1 10 6Zm0 8a1 1 0 1 0 0-2 1 1 0 0 0 0 2Z"
        clipRule="evenodd"
      />
    </Icon>
  );
}

// Outline

export function CardIcon(props: IconProps) {
  return (
    <OutlineIcon {...props}>
      <rect x="2.5" y="4.5" width="15" height="11" rx="2" />
      <path d="M2.5 8h15M5.5 12.5h3" />
    </OutlineIcon>
  );
}

export function BankIcon(props: IconProps) {
  return (
    <OutlineIcon {...props}>
      <path d="M2.5 7.5 10 3l7.5 4.5M3.5 7.5h13M4.5 8v6M8 8v6M12 8v6M15.5 8v6M2.5 16.5h15" />
    </OutlineIcon>
  );
}

export function ExternalLinkIcon(props: IconProps) {
  return (
    <OutlineIcon {...props}>
      <path d="M11 4h5v5M16 4l-7 7M14 11.5V15a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h3.5" />
    </OutlineIcon>
  );
}

export function ArrowLeftIcon(props: IconProps) {
  return (
    <OutlineIcon {...props}>
      <path d="M16 10H4M8.5 5.5 4 10l4.5 4.5" />
    </OutlineIcon>
  );
}

export function TrashIcon(props: IconProps) {
  return (
    <OutlineIcon {...props}>
      <path d="M3.5 5.5h13M8 5.5V4a1 1 0 0 1 1-1h2a1 1 0 0 1 1 1v1.5M5 5.5l.8 10a1.5 1.5 0 0 0 1.5 1.5h5.4a1.5 1.5 0 0 0 1.5-1.5l.8-10M8.5 9v5M11.5 9v5" />
    </OutlineIcon>
  );
}

export function PlusIcon(props: IconProps) {
  return (
    <OutlineIcon {...props}>
      <path d="M10 4v12M4 10h12" />
    </OutlineIcon>
  );
}

export function LockIcon(props: IconProps) {
  return (
    <OutlineIcon {...props}>
      <rect x="4" y="9" width="12" height="8" rx="1.5" />
      <path d="M6.5 9V6.5a3.5 3.5 0 0 1 7 0V9" />
    </OutlineIcon>
  );
}

// Table controls

export const SortNoneIcon = (p: IconProps) => (
  <ControlIcon {...p}>
    <path d="M6.5 7.5 10 4l3.5 3.5M6.5 12.5 10 16l3.5-3.5" />
  </ControlIcon>
);
export const SortAscIcon = (p: IconProps) => (
  <ControlIcon {...p}>
    <path d="M10 16V4M5.5 8.5 10 4l4.5 4.5" />
  </ControlIcon>
);
export const SortDescIcon = (p: IconProps) => (
  <ControlIcon {...p}>
    <path d="M10 4v12M5.5 11.5 10 16l4.5-4.5" />
  </ControlIcon>
);
export const GripIcon = (p: IconProps) => (
  <ControlIcon strokeWidth={2.6} {...p}>
    <path d="M7.5 5h.01M12.5 5h.01M7.5 10h.01M12.5 10h.01M7.5 15h.01M12.5 15h.01" />
  </ControlIcon>
);
export const MoreIcon = (p: IconProps) => (
  <ControlIcon strokeWidth={2.6} {...p}>
    <path d="M5 10h.01M10 10h.01M15 10h.01" />
  </ControlIcon>
);
export const ColumnsIcon = (p: IconProps) => (
  <ControlIcon {...p}>
    <rect x="3" y="4" width="14" height="12" rx="1.5" />
    <path d="M7.7 4v12M12.3 4v12" />
  </ControlIcon>
);
export const ChevronLeftIcon = (p: IconProps) => (
  <ControlIcon {...p}>
    <path d="M12 5 7 10l5 5" />
  </ControlIcon>
);
export const ChevronRightIcon = (p: IconProps) => (
  <ControlIcon {...p}>
    <path d="m8 5 5 5-5 5" />
  </ControlIcon>
);
export const ChevronFirstIcon = (p: IconProps) => (
  <ControlIcon {...p}>
    <path d="M13.5 5 8.5 10l5 5M5.5 5v10" />
  </ControlIcon>
);
export const ChevronLastIcon = (p: IconProps) => (
  <ControlIcon {...p}>
    <path d="m6.5 5 5 5-5 5M14.5 5v10" />
  </ControlIcon>
);
export const MoveLeftIcon = (p: IconProps) => (
  <ControlIcon {...p}>
    <path d="M16 10H4m4.5-4.5L4 10l4.5 4.5" />
  </ControlIcon>
);
export const MoveRightIcon = (p: IconProps) => (
  <ControlIcon {...p}>
    <path d="M4 10h12m-4.5-4.5L16 10l-4.5 4.5" />
  </ControlIcon>
);
export const WiderIcon = (p: IconProps) => (
  <ControlIcon {...p}>
    <path d="M3 10h14M6 7l-3 3 3 3M14 7l3 3-3 3" />
  </ControlIcon>
);
export const NarrowerIcon = (p: IconProps) => (
  <ControlIcon {...p}>
    <path d="M3 10h5m4 0h5M5 7l3 3-3 3M15 7l-3 3 3 3" />
  </ControlIcon>
);
export const ResetIcon = (p: IconProps) => (
  <ControlIcon {...p}>
    <path d="M4 10a6 6 0 1 0 1.8-4.3M4 4v3.5h3.5" />
  </ControlIcon>
);
export const RefreshIcon = (p: IconProps) => (
  <ControlIcon {...p}>
    <path d="M16 10a6 6 0 0 1-10.9 3.5M4 10a6 6 0 0 1 10.9-3.5M15 3v3.5h-3.5M5 17v-3.5h3.5" />
  </ControlIcon>
);
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
