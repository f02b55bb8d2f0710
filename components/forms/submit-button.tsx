"use client";

import { useSyncExternalStore } from "react";
import { Button, type ButtonProps } from "@/components/ui/button";

const noSubscription = () => () => {};

/**
 * A form's submit button. It stays disabled until the page's script has taken the form over:
 * pressed before that, the browser would post the form to the page itself, which answers with a
 * fresh page and loses what was typed (a quick customer on a slow phone, or a test, could).
 */
export function SubmitButton({ disabled, ...props }: Omit<ButtonProps, "type">) {
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  return <Button type="submit" disabled={!hydrated || disabled} {...props} />;
}
