import { ControlIcon, type IconProps } from "./svg";

export const SwapIcon = (p: IconProps) => (
  <ControlIcon {...p}>
    <path d="M6 16V4M3 7l3-3 3 3M14 4v12M11 13l3 3 3-3" />
  </ControlIcon>
);
