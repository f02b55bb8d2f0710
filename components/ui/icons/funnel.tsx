import { Icon, type IconProps } from "./svg";

/** A funnel (the filter button). */
export const FunnelIcon = (p: IconProps) => (
  <Icon {...p}>
    <path
      fillRule="evenodd"
      d="M2.63 3.41A1.5 1.5 0 0 1 4 2.5h12a1.5 1.5 0 0 1 1.14 2.48L12.5 10.4v4.35a1.5 1.5 0 0 1-.83 1.34l-2 1A1.5 1.5 0 0 1 7.5 15.75V10.4L2.86 4.98a1.5 1.5 0 0 1-.23-1.57Z"
      clipRule="evenodd"
    />
  </Icon>
);
