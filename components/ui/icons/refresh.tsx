import { ControlIcon, type IconProps } from "./svg";

export const RefreshIcon = (p: IconProps) => (
  <ControlIcon {...p}>
    <path d="M16 10a6 6 0 0 1-10.9 3.5M4 10a6 6 0 0 1 10.9-3.5M15 3v3.5h-3.5M5 17v-3.5h3.5" />
  </ControlIcon>
);
