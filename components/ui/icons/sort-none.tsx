import { ControlIcon, type IconProps } from "./svg";

export const SortNoneIcon = (p: IconProps) => (
  <ControlIcon {...p}>
    <path d="M6.5 7.5 10 4l3.5 3.5M6.5 12.5 10 16l3.5-3.5" />
  </ControlIcon>
);
