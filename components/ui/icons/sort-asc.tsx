import { ControlIcon, type IconProps } from "./svg";

export const SortAscIcon = (p: IconProps) => (
  <ControlIcon {...p}>
    <path d="M10 16V4M5.5 8.5 10 4l4.5 4.5" />
  </ControlIcon>
);
