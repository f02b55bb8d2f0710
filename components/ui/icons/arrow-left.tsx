import { OutlineIcon, type IconProps } from "./svg";

export function ArrowLeftIcon(props: IconProps) {
  return (
    <OutlineIcon {...props}>
      <path d="M16 10H4M8.5 5.5 4 10l4.5 4.5" />
    </OutlineIcon>
  );
}
