import { OutlineIcon, type IconProps } from "./svg";

export function LockIcon(props: IconProps) {
  return (
    <OutlineIcon {...props}>
      <rect x="4" y="9" width="12" height="8" rx="1.5" />
      <path d="M6.5 9V6.5a3.5 3.5 0 0 1 7 0V9" />
    </OutlineIcon>
  );
}
