import { OutlineIcon, type IconProps } from "./svg";

export function BankIcon(props: IconProps) {
  return (
    <OutlineIcon {...props}>
      <path d="M2.5 7.5 10 3l7.5 4.5M3.5 7.5h13M4.5 8v6M8 8v6M12 8v6M15.5 8v6M2.5 16.5h15" />
    </OutlineIcon>
  );
}
