import { ControlIcon, type IconProps } from "./svg";

export const MoreIcon = (p: IconProps) => (
  <ControlIcon strokeWidth={2.6} {...p}>
    <path d="M5 10h.01M10 10h.01M15 10h.01" />
  </ControlIcon>
);
