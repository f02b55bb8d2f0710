import { ControlIcon, type IconProps } from "./svg";

export const SortDescIcon = (p: IconProps) => (
  <ControlIcon {...p}>
    <path d="M10 4v12M5.5 11.5 10 16l4.5-4.5" />
  </ControlIcon>
);
