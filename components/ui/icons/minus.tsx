import { ControlIcon, type IconProps } from "./svg";

export const MinusIcon = (p: IconProps) => (
  <ControlIcon {...p}>
    <path d="M4 10h12" />
  </ControlIcon>
);
