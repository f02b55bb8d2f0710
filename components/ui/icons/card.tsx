import { OutlineIcon, type IconProps } from "./svg";

export function CardIcon(props: IconProps) {
  return (
    <OutlineIcon {...props}>
      <rect x="2.5" y="4.5" width="15" height="11" rx="2" />
      <path d="M2.5 8h15M5.5 12.5h3" />
    </OutlineIcon>
  );
}
