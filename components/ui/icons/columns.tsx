import { ControlIcon, type IconProps } from "./svg";

export const ColumnsIcon = (p: IconProps) => (
  <ControlIcon {...p}>
    <rect x="3" y="4" width="14" height="12" rx="1.5" />
    <path d="M7.7 4v12M12.3 4v12" />
  </ControlIcon>
);
