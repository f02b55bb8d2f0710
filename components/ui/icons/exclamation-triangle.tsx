import { Icon, type IconProps } from "./svg";

export function ExclamationTriangleIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path
        fillRule="evenodd"
        d="M8.49 2.92c.66-1.15 2.36-1.15 3.02 0l6.28 10.9c.66 1.14-.17 2.58-1.51 2.58H3.72c-1.34 0-2.17-1.44-1.51-2.58L8.49 2.92ZM10 6a.75.75 0 0 1 .75.75v3.5a.75.75 0 0 1-1.5 0v-3.5A.75.75 0 0 1 10 6Zm0 8a1 1 0 1 0 0-2 1 1 0 0 0 0 2Z"
        clipRule="evenodd"
      />
    </Icon>
  );
}
