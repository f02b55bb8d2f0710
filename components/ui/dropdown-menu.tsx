"use client";

import * as MenuPrimitive from "@radix-ui/react-dropdown-menu";
import { useLocale } from "next-intl";
import type { ComponentProps } from "react";
import { directionOf } from "@/lib/i18n/locales";
import { cn } from "./cn";

/**
 * A menu of actions opened from a button (Radix DropdownMenu: arrow keys, typeahead, Escape), in
 * the page's direction: Radix sets its own `dir` on the menu, left to right unless told.
 */
export function DropdownMenu(props: ComponentProps<typeof MenuPrimitive.Root>) {
  return <MenuPrimitive.Root dir={directionOf(useLocale())} {...props} />;
}
export const DropdownMenuTrigger = MenuPrimitive.Trigger;

export function DropdownMenuContent({
  className,
  align = "start",
  sideOffset = 6,
  ...props
}: ComponentProps<typeof MenuPrimitive.Content>) {
  return (
    <MenuPrimitive.Portal>
      <MenuPrimitive.Content
        align={align}
        sideOffset={sideOffset}
        className={cn(
          "border-border bg-background text-foreground animate-fade-in z-50 min-w-48 rounded-xl border p-1 shadow-lg outline-none",
          className,
        )}
        {...props}
      />
    </MenuPrimitive.Portal>
  );
}

export function DropdownMenuLabel({
  className,
  ...props
}: ComponentProps<typeof MenuPrimitive.Label>) {
  return (
    <MenuPrimitive.Label
      className={cn("text-muted-foreground px-3 py-1.5 text-xs font-semibold", className)}
      {...props}
    />
  );
}

export function DropdownMenuItem({
  className,
  ...props
}: ComponentProps<typeof MenuPrimitive.Item>) {
  return (
    <MenuPrimitive.Item
      className={cn(
        "data-[highlighted]:bg-muted data-[highlighted]:outline-primary flex cursor-default items-center gap-2 rounded-lg px-3 py-2 text-sm outline-none select-none data-[disabled]:pointer-events-none data-[disabled]:opacity-50 data-[highlighted]:outline-2 data-[highlighted]:outline-offset-[-2px]",
        className,
      )}
      {...props}
    />
  );
}

export function DropdownMenuSeparator({
  className,
  ...props
}: ComponentProps<typeof MenuPrimitive.Separator>) {
  return <MenuPrimitive.Separator className={cn("bg-border my-1 h-px", className)} {...props} />;
}
