import { Icon, type IconProps } from "./svg";

export function LogoutIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path
        fillRule="evenodd"
        d="M3 4.25A2.25 2.25 0 0 1 5.25 2h5.5A2.25 2.25 0 0 1 13 4.25v2a.75.75 0 0 1-1.5 0v-2a.75.75 0 0 0-.75-.75h-5.5a.75.75 0 0 0-.75.75v11.5c0 .41.34.75.75.75h5.5a.75.75 0 0 0 .75-.75v-2a.75.75 0 0 1 1.5 0v2A2.25 2.25 0 0 1 10.75 18h-5.5A2.25 2.25 0 0 1 3 15.75V4.25Zm12.97 5.03a.75.75 0 0 0 0-1.06L14.28 6.53a.75.75 0 1 0-1.06 1.06l.41.41H8.75a.75.75 0 0 0 0 1.5h4.88l-.41.41a.75.75 0 1 0 1.06 1.06l1.69-1.69Z"
        clipRule="evenodd"
      />
    </Icon>
  );
}
