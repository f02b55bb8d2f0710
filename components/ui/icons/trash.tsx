import { OutlineIcon, type IconProps } from "./svg";

export function TrashIcon(props: IconProps) {
  return (
    <OutlineIcon {...props}>
      <path d="M3.5 5.5h13M8 5.5V4a1 1 0 0 1 1-1h2a1 1 0 0 1 1 1v1.5M5 5.5l.8 10a1.5 1.5 0 0 0 1.5 1.5h5.4a1.5 1.5 0 0 0 1.5-1.5l.8-10M8.5 9v5M11.5 9v5" />
    </OutlineIcon>
  );
}
