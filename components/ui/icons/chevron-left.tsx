import { ControlIcon, type IconProps } from "./svg";

export const ChevronLeftIcon = (p: IconProps) => (
  <ControlIcon {...p}>
    <path d="M12 5 7 10l5 5" />
  </ControlIcon>
);
