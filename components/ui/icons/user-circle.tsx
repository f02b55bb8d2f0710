import { Icon, type IconProps } from "./svg";

export function UserCircleIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path
        fillRule="evenodd"
        d="M18 10a8 8 0 1 1-16 0 8 8 0 0 1 16 0Zm-5.5-2.5a2.5 2.5 0 1 1-5 0 2.5 2.5 0 0 1 5 0ZM10 12a5.99 5.99 0 0 0-4.79 2.39A6.48 6.48 0 0 0 10 16.5a6.48 6.48 0 0 0 4.79-2.11A5.99 5.99 0 0 0 10 12Z"
        clipRule="evenodd"
      />
    </Icon>
  );
}
