import { ControlIcon, type IconProps } from "./svg";

export const ResetIcon = (p: IconProps) => (
  <ControlIcon {...p}>
    <path d="M4 10a6 6 0 1 0 1.8-4.3M4 4v3.5h3.5" />
  </ControlIcon>
);
