import { ControlIcon, type IconProps } from "./svg";

export const CheckIcon = (p: IconProps) => (
  <ControlIcon {...p}>
    <path d="m4 10.5 4 4 8-9" />
  </ControlIcon>
);
