"use client";

import { CardElement, Elements, useElements, useStripe } from "@stripe/react-stripe-js";
import type { StripeCardElementChangeEvent } from "@stripe/stripe-js";
import { useLocale, useTranslations } from "next-intl";
import { useMemo, useRef, useState, type FormEvent } from "react";
import { useController } from "react-hook-form";
import { MessageBox } from "@/components/feedback/message-box";
import { TextField } from "@/components/forms/text-field";
import { useBffForm } from "@/components/forms/use-bff-form";
import { FieldError } from "@/components/ui/field";
import { RadioGroup } from "@/components/ui/radio-group";
import { Spinner } from "@/components/ui/spinner";
import { buildAddPaymentPayload, type PaymentKind } from "@/lib/account/add-payment";
import { brandIcons, refusedBrand } from "@/lib/account/card-brands";
import { stripeLocale, type ProviderSettings } from "@/lib/account/providers";
import { type Gateway, type PaymentMethod } from "@/lib/schemas/account";
import { stripeBankFormDefaults, stripeBankFormSchema } from "@/lib/schemas/account-forms";
import { AllowedBrands, useBrandName } from "../card-brand";
import { useAddMethod } from "../use-account-actions";
import { useAccountErrorText } from "../use-account-errors";
import { useRestrictedMode } from "../use-restricted-mode";
import { CountryField } from "./country-field";
import { DefaultSwitch } from "./default-switch";
import { FormFooter } from "./form-footer";
import { loadStripeOnce } from "./stripe-loader";

/** A provider's refusal (its own message, shown inline as the provider wrote it). */
class ProviderError extends Error {}

type StripeFormProps = {
  kind: PaymentKind;
  gateway: Gateway;
  customerId: string;
  providers: ProviderSettings;
  onSaved: (method: PaymentMethod) => void;
  onCancel: () => void;
  cancelLabel: string;
};

/** Stripe (spec 000 §3, §7): Stripe.js with the company's publishable key and account, then its form. */
export function StripeForm(props: StripeFormProps) {
  const t = useTranslations("account.addPayment");
  const locale = useLocale();
  const { gateway, providers } = props;
  const apiKey = gateway.apiKey;
  const stripe = useMemo(
    () => (apiKey ? loadStripeOnce(providers.stripeJsUrl, apiKey, gateway.accountId) : null),
    [apiKey, gateway.accountId, providers.stripeJsUrl],
  );
  if (!stripe) return <MessageBox variant="error">{t("providerUnavailable")}</MessageBox>;
  return (
    <Elements stripe={stripe} options={{ locale: stripeLocale(locale) }}>
      {props.kind === "CC" ? <StripeCardForm {...props} /> : <StripeBankForm {...props} />}
    </Elements>
  );
}

function useCardStyle() {
  return useMemo(() => {
    const css = getComputedStyle(document.documentElement);
    const read = (name: string) => css.getPropertyValue(name).trim() || undefined;
    return {
      base: {
        color: read("--foreground"),
        fontSize: "16px",
        fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
        "::placeholder": { color: read("--muted-foreground") },
      },
      invalid: { color: read("--danger") },
    };
  }, []);
}

/** Stripe's card element, 'default' on at the start, the brand checked against allowed_cards. */
function StripeCardForm({ gateway, customerId, onSaved, onCancel, cancelLabel }: StripeFormProps) {
  const t = useTranslations("account.addPayment");
  const stripe = useStripe();
  const elements = useElements();
  const brandName = useBrandName();
  const errorText = useAccountErrorText();
  const add = useAddMethod(customerId);
  const style = useCardStyle();
  // A narrow card element keeps room for the number: no postal code, no brand badge (the
  // accepted brands are shown above it).
  const narrow = useRestrictedMode();
  const [ready, setReady] = useState(false);
  const [change, setChange] = useState<Pick<
    StripeCardElementChangeEvent,
    "brand" | "complete" | "error"
  > | null>(null);
  const [isDefault, setDefault] = useState(true);
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const running = useRef(false);

  const refused = refusedBrand(change?.brand, gateway.allowedCards);
  const refusedText = refused ? t("brandNotEnabled", { brand: brandName(refused) }) : null;
  const inline = refusedText ?? change?.error?.message ?? problem;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (running.current || !stripe || !elements) return;
    if (refusedText) return;
    const element = elements.getElement(CardElement);
    if (!element) return;
    if (!change?.complete) {
      setProblem(change?.error?.message ?? t("cardRequired"));
      element.focus();
      return;
    }
    running.current = true;
    setPending(true);
    setProblem(null);
    try {
      const created = await stripe.createPaymentMethod({ type: "card", card: element });
      if (created.error) throw new ProviderError(created.error.message ?? t("providerFailed"));
      const brand = created.paymentMethod.card?.brand ?? change.brand;
      const late = refusedBrand(brand, gateway.allowedCards);
      if (late) throw new ProviderError(t("brandNotEnabled", { brand: brandName(late) }));
      const saved = await add(
        buildAddPaymentPayload(gateway.name, {
          kind: "CC",
          token: created.paymentMethod.id,
          brand,
          isDefault,
        }),
      );
      onSaved(saved);
    } catch (error) {
      setProblem(
        error instanceof ProviderError
          ? error.message
          : errorText(error, "paymentMethod.general.error"),
      );
    } finally {
      running.current = false;
      setPending(false);
    }
  };

  return (
    <form method="post" noValidate onSubmit={submit} className="flex flex-col gap-5">
      <AllowedBrands brands={brandIcons(gateway.allowedCards)} label={t("acceptedCards")} />
      <div className="flex flex-col gap-1.5">
        <p id="stripe-card-label" className="text-foreground text-sm font-medium">
          {t("cardDetails")}
          <span aria-hidden="true" className="text-danger">
            {" "}
            *
          </span>
          <span className="sr-only"> {t("required")}</span>
        </p>
        <div
          className="border-input bg-background focus-within:border-primary focus-within:outline-primary relative min-h-11 rounded-lg border px-3 py-3 shadow-xs focus-within:outline-2"
          aria-labelledby="stripe-card-label"
          role="group"
        >
          {ready ? null : (
            <span
              role="status"
              className="text-muted-foreground absolute inset-0 flex items-center justify-center"
            >
              <Spinner className="size-4" />
              <span className="sr-only">{t("frame.loading")}</span>
            </span>
          )}
          <CardElement
            options={{ style, disabled: pending, hidePostalCode: narrow, hideIcon: narrow }}
            onReady={() => setReady(true)}
            onChange={(event) => {
              setChange({ brand: event.brand, complete: event.complete, error: event.error });
              setProblem(null);
            }}
          />
        </div>
        <FieldError id="stripe-card-error" role="alert">
          {inline}
        </FieldError>
      </div>
      <DefaultSwitch checked={isDefault} onChange={setDefault} disabled={pending} />
      <FormFooter
        pending={pending}
        onCancel={onCancel}
        cancelLabel={cancelLabel}
        disabled={!ready}
      />
    </form>
  );
}

/** Stripe's bank form (spec 000 §3): holder, type, e-mail, routing and account numbers, country. */
function StripeBankForm({ gateway, customerId, onSaved, onCancel, cancelLabel }: StripeFormProps) {
  const t = useTranslations("account.addPayment");
  const stripe = useStripe();
  const errorText = useAccountErrorText();
  const add = useAddMethod(customerId);
  const [isDefault, setDefault] = useState(false);
  const { form, onSubmit, fieldError, formError, pending } = useBffForm({
    schema: stripeBankFormSchema,
    defaultValues: stripeBankFormDefaults,
    submit: async (values) => {
      if (!stripe) throw new ProviderError(t("providerUnavailable"));
      const created = await stripe.createPaymentMethod({
        type: "us_bank_account",
        us_bank_account: {
          account_number: values.account_number,
          routing_number: values.routing_number,
          account_holder_type: values.account_holder_type,
        },
        billing_details: {
          name: values.account_holder_name,
          email: values.account_holder_email,
          address: { country: values.country },
        },
      });
      if (created.error) throw new ProviderError(created.error.message ?? t("providerFailed"));
      return add(
        buildAddPaymentPayload(gateway.name, {
          kind: "ACH",
          token: created.paymentMethod.id,
          isDefault,
        }),
      );
    },
    errorText: (error) =>
      error instanceof ProviderError
        ? error.message
        : errorText(error, "paymentMethod.general.error"),
    onSuccess: (saved) => {
      // The numbers were typed on this page for Stripe.js only: never kept after it has them.
      form.reset(stripeBankFormDefaults);
      onSaved(saved);
    },
  });
  const holderType = useController({ control: form.control, name: "account_holder_type" });
  const country = useController({ control: form.control, name: "country" });
  return (
    <form method="post" noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
      <div className="grid grid-cols-1 gap-x-5 gap-y-4 sm:grid-cols-2">
        <TextField
          id="bank-holder-name"
          label={t("holderName")}
          autoComplete="name"
          required
          error={fieldError("account_holder_name")}
          {...form.register("account_holder_name")}
        />
        <TextField
          id="bank-holder-email"
          type="email"
          label={t("holderEmail")}
          autoComplete="email"
          required
          error={fieldError("account_holder_email")}
          {...form.register("account_holder_email")}
        />
        <TextField
          id="bank-routing"
          label={t("routingNumber")}
          inputMode="numeric"
          autoComplete="off"
          maxLength={9}
          required
          error={fieldError("routing_number")}
          {...form.register("routing_number")}
        />
        <TextField
          id="bank-account"
          label={t("accountNumber")}
          inputMode="numeric"
          autoComplete="off"
          maxLength={17}
          required
          error={fieldError("account_number")}
          {...form.register("account_number")}
        />
      </div>
      <RadioGroup
        legend={t("holderType")}
        layout="row"
        value={holderType.field.value}
        onValueChange={holderType.field.onChange}
        disabled={pending}
        options={[
          { value: "individual", label: t("individual") },
          { value: "company", label: t("company") },
        ]}
      />
      <CountryField
        id="bank-country"
        value={country.field.value}
        onChange={country.field.onChange}
        onBlur={country.field.onBlur}
        error={fieldError("country")}
      />
      <DefaultSwitch checked={isDefault} onChange={setDefault} disabled={pending} />
      {formError ? <MessageBox variant="error">{formError}</MessageBox> : null}
      <FormFooter
        pending={pending}
        onCancel={onCancel}
        cancelLabel={cancelLabel}
        disabled={!stripe}
      />
    </form>
  );
}
