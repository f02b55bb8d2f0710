import { ControlIcon, type IconProps } from "./svg";

export const WiderIcon = (p: IconProps) => (
  <ControlIcon {...p}>
    <path d="M3 10h14M6 7l-3 3 3 3M14 7l3 3-3 3" />
  </ControlIcon>
);
