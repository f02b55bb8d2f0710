import { ControlIcon, type IconProps } from "./svg";

export const MoveLeftIcon = (p: IconProps) => (
  <ControlIcon {...p}>
    <path d="M16 10H4m4.5-4.5L4 10l4.5 4.5" />
  </ControlIcon>
);
