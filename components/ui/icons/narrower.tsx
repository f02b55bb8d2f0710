import { ControlIcon, type IconProps } from "./svg";

export const NarrowerIcon = (p: IconProps) => (
  <ControlIcon {...p}>
    <path d="M3 10h5m4 0h5M5 7l3 3-3 3M15 7l-3 3 3 3" />
  </ControlIcon>
);
