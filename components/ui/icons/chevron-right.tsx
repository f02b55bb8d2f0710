import { ControlIcon, type IconProps } from "./svg";

export const ChevronRightIcon = (p: IconProps) => (
  <ControlIcon {...p}>
    <path d="m8 5 5 5-5 5" />
  </ControlIcon>
);
