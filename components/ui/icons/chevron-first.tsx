import { ControlIcon, type IconProps } from "./svg";

export const ChevronFirstIcon = (p: IconProps) => (
  <ControlIcon {...p}>
    <path d="M13.5 5 8.5 10l5 5M5.5 5v10" />
  </ControlIcon>
);
