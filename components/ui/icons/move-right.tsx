import { ControlIcon, type IconProps } from "./svg";

export const MoveRightIcon = (p: IconProps) => (
  <ControlIcon {...p}>
    <path d="M4 10h12m-4.5-4.5L16 10l-4.5 4.5" />
  </ControlIcon>
);
