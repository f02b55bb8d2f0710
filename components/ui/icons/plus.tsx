import { OutlineIcon, type IconProps } from "./svg";

export function PlusIcon(props: IconProps) {
  return (
    <OutlineIcon {...props}>
      <path d="M10 4v12M4 10h12" />
    </OutlineIcon>
  );
}
