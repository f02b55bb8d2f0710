import { ControlIcon, type IconProps } from "./svg";

export const ChevronLastIcon = (p: IconProps) => (
  <ControlIcon {...p}>
    <path d="m6.5 5 5 5-5 5M14.5 5v10" />
  </ControlIcon>
);
