import { ControlIcon, type IconProps } from "./svg";

export const GripIcon = (p: IconProps) => (
  <ControlIcon strokeWidth={2.6} {...p}>
    <path d="M7.5 5h.01M12.5 5h.01M7.5 10h.01M12.5 10h.01M7.5 15h.01M12.5 15h.01" />
  </ControlIcon>
);
