import { ControlIcon, type IconProps } from "./svg";

export const PencilIcon = (p: IconProps) => (
  <ControlIcon {...p}>
    <path d="M13.5 3.5a2.1 2.1 0 0 1 3 3L7 16l-4 1 1-4 9.5-9.5ZM12 5l3 3" />
  </ControlIcon>
);
