"use client";

import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { cn } from "@/components/ui/cn";
import { MinusIcon } from "@/components/ui/icons/minus";
import { PlusIcon } from "@/components/ui/icons/plus";
import { inputClassName } from "@/components/ui/input";
import type { PricingModel } from "@/lib/schemas/subscriptions";
import { decrement, increment, parseQuantity, quantityControl } from "@/lib/subscriptions/rules";

const stepButton =
  "border-border text-foreground hover:bg-muted focus-visible:outline-primary inline-flex size-9 shrink-0 items-center justify-center rounded-md border focus-visible:outline-2 disabled:cursor-not-allowed disabled:opacity-40";

type Props = {
  name: string;
  charge: { pricingModel: PricingModel; usageBased: boolean };
  quantity: number;
  onChange: (quantity: number) => void;
};

/**
 * A charge's quantity (spec 001 §5): minus, a box that takes a whole number, plus. The rules of
 * which button is disabled are quantityControl's; usage-based charges get no control at all.
 */
export function QuantityControl({ name, charge, quantity, onChange }: Props) {
  const t = useTranslations("subscriptions.quantity");
  const control = quantityControl(charge, quantity);
  if (control.kind === "none") return <span className="tabular-nums">{quantity}</span>;
  return (
    <div className="flex items-center gap-1">
      <button
        type="button"
        className={stepButton}
        aria-label={t("decrease", { name })}
        disabled={control.minusDisabled}
        onClick={() => onChange(decrement(quantity))}
      >
        <MinusIcon />
      </button>
      <QuantityBox name={name} quantity={quantity} onChange={onChange} />
      <button
        type="button"
        className={stepButton}
        aria-label={t("increase", { name })}
        disabled={control.plusDisabled}
        onClick={() => onChange(increment(quantity))}
      >
        <PlusIcon className="size-4" />
      </button>
    </div>
  );
}

function QuantityBox({
  name,
  quantity,
  onChange,
}: {
  name: string;
  quantity: number;
  onChange: (quantity: number) => void;
}) {
  const t = useTranslations("subscriptions.quantity");
  const [text, setText] = useState(String(quantity));
  // A quantity changed elsewhere (minus, plus, Cancel) shows in the box; the box keeps its focus.
  const [shown, setShown] = useState(quantity);
  if (shown !== quantity) {
    setShown(quantity);
    setText(String(quantity));
  }
  const id = useId();
  const parsed = parseQuantity(text);
  const invalid = parsed === null;
  const commit = () => {
    if (parsed !== null && parsed !== quantity) onChange(parsed);
  };
  return (
    <div className="relative">
      <input
        type="text"
        inputMode="numeric"
        aria-label={t("label", { name })}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? id : undefined}
        className={cn(inputClassName, "h-9 w-16 text-center tabular-nums")}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === "Enter") {
            e.preventDefault();
            commit();
          } else if (e.key === "Escape") setText(String(quantity));
        }}
      />
      {invalid ? (
        <p id={id} role="alert" className="text-danger absolute start-0 top-full mt-1 w-48 text-xs">
          {t("invalid")}
        </p>
      ) : null}
    </div>
  );
}
