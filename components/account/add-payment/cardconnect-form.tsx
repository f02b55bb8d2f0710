"use client";

import { useTranslations } from "next-intl";
import { useMemo, useState, type FormEvent } from "react";
import { useController } from "react-hook-form";
import { MessageBox } from "@/components/feedback/message-box";
import { TextField } from "@/components/forms/text-field";
import { useBffForm } from "@/components/forms/use-bff-form";
import { FieldError } from "@/components/ui/field";
import { CheckCircleIcon } from "@/components/ui/icons/check-circle";
import { buildAddPaymentPayload, type PaymentKind } from "@/lib/account/add-payment";
import { brandIcons, brandOfCardSecureToken, refusedBrand } from "@/lib/account/card-brands";
import { frameHeight, tokenizerOrigin, tokenizerUrl } from "@/lib/account/tokenizer";
import type { ProviderSettings } from "@/lib/account/providers";
import { type Gateway, type PaymentMethod } from "@/lib/schemas/account";
import { cardConnectAddressDefaults, cardConnectAddressSchema } from "@/lib/schemas/account-forms";
import { AllowedBrands, useBrandName } from "../card-brand";
import { useAddMethod } from "../use-account-actions";
import { useAccountErrorText } from "../use-account-errors";
import { CountryField } from "./country-field";
import { DefaultSwitch } from "./default-switch";
import { FormFooter } from "./form-footer";
import { tokenizerCss } from "./frame-style";
import { TokenizerFrame } from "./tokenizer-frame";

/** Thrown before the BFF call when the frame has no usable token: shown under the frame. */
class FrameProblem extends Error {}

type CardConnectFormProps = {
  kind: PaymentKind;
  gateway: Gateway;
  customerId: string;
  providers: ProviderSettings;
  onSaved: (method: PaymentMethod) => void;
  onCancel: () => void;
  cancelLabel: string;
};

/**
 * CardConnect (spec 000 §3, §4, §7): the number (or "routing/account") is typed into the hosted
 * tokenizer frame, which hands over a CardSecure token; the address fields are the form's own.
 */
export function CardConnectForm({
  kind,
  gateway,
  customerId,
  providers,
  onSaved,
  onCancel,
  cancelLabel,
}: CardConnectFormProps) {
  const t = useTranslations("account.addPayment");
  const brandName = useBrandName();
  const errorText = useAccountErrorText();
  const add = useAddMethod(customerId);
  const card = kind === "CC";
  const [token, setToken] = useState<string | null>(null);
  const [frameMessage, setFrameMessage] = useState<string | null>(null);
  const [isDefault, setDefault] = useState(card);

  const origin = tokenizerOrigin(gateway, providers.tokenizerOriginOverride);
  const src = useMemo(
    () =>
      tokenizerUrl(origin, card ? "card" : "ach", {
        acceptCvv: gateway.acceptCvv,
        css: tokenizerCss(card ? "card" : "ach"),
        texts: {
          cardLabel: card ? t("frame.cardNumber") : t("frame.bankAccount"),
          expiryLabel: t("frame.expiry"),
          cvvLabel: t("frame.cvv"),
          placeholder: card ? t("frame.cardPlaceholder") : t("frame.bankPlaceholder"),
          month: t("frame.month"),
          year: t("frame.year"),
        },
      }),
    [origin, card, gateway.acceptCvv, t],
  );
  const brand = card && token ? brandOfCardSecureToken(token) : null;
  const refused = refusedBrand(brand, gateway.allowedCards);
  const refusedText = refused ? t("brandNotEnabled", { brand: brandName(refused) }) : null;

  const { form, onSubmit, fieldError, formError, pending } = useBffForm({
    schema: cardConnectAddressSchema,
    defaultValues: cardConnectAddressDefaults,
    submit: async () => {
      if (!token || refusedText) throw new FrameProblem(refusedText ?? t("frame.required"));
      return add(buildAddPaymentPayload(gateway.name, { kind, token, brand, isDefault }));
    },
    errorText: (error) =>
      error instanceof FrameProblem
        ? error.message
        : errorText(error, "paymentMethod.general.error"),
    onSuccess: onSaved,
  });
  const country = useController({ control: form.control, name: "country" });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    // Without a token (or with a refused brand) nothing is sent: the frame says why.
    if (!token || refusedText) {
      event.preventDefault();
      if (!token) setFrameMessage(t("frame.required"));
      void form.trigger();
      return;
    }
    void onSubmit(event);
  };

  const prefix = card ? "cc-card" : "cc-ach";
  const frameError = refusedText ?? frameMessage;
  return (
    <form method="post" noValidate onSubmit={submit} className="flex flex-col gap-5">
      {card ? (
        <AllowedBrands brands={brandIcons(gateway.allowedCards)} label={t("acceptedCards")} />
      ) : null}
      <div className="flex flex-col gap-1.5">
        <p id={`${prefix}-frame-label`} className="text-foreground text-sm font-medium">
          {card ? t("cardDetails") : t("bankDetails")}
          <span aria-hidden="true" className="text-danger">
            {" "}
            *
          </span>
          <span className="sr-only"> {t("required")}</span>
        </p>
        {card ? null : (
          <p id={`${prefix}-frame-hint`} className="text-muted-foreground text-sm">
            {t("bankHint")}
          </p>
        )}
        <TokenizerFrame
          src={src}
          origin={origin}
          height={frameHeight(card ? "card" : "ach", gateway.acceptCvv)}
          title={card ? t("frame.cardTitle") : t("frame.bankTitle")}
          loadingLabel={t("frame.loading")}
          describedBy={frameError ? `${prefix}-frame-error` : undefined}
          onToken={(next) => {
            setToken(next);
            setFrameMessage(null);
          }}
          onInvalid={(message) => {
            setToken(null);
            setFrameMessage(message);
          }}
        />
        <FieldError id={`${prefix}-frame-error`} role="alert">
          {frameError}
        </FieldError>
        <p role="status" className="text-success flex items-center gap-1.5 text-sm empty:hidden">
          {token && !frameError ? (
            <>
              <CheckCircleIcon className="size-4" />
              {card ? t("frame.cardAccepted") : t("frame.bankAccepted")}
            </>
          ) : null}
        </p>
      </div>
      <div className="grid grid-cols-1 gap-x-5 gap-y-4 sm:grid-cols-2">
        <TextField
          id={`${prefix}-name`}
          label={t("holderName")}
          autoComplete="name"
          required
          className="sm:col-span-2"
          error={fieldError("account_holder_name")}
          {...form.register("account_holder_name")}
        />
        <TextField
          id={`${prefix}-address`}
          label={t("address")}
          autoComplete="street-address"
          required
          className="sm:col-span-2"
          error={fieldError("address")}
          {...form.register("address")}
        />
        <TextField
          id={`${prefix}-city`}
          label={t("city")}
          autoComplete="address-level2"
          required
          error={fieldError("city")}
          {...form.register("city")}
        />
        <TextField
          id={`${prefix}-postal`}
          label={t("postal")}
          autoComplete="postal-code"
          required
          error={fieldError("postal")}
          {...form.register("postal")}
        />
        <div className="sm:col-span-2">
          <CountryField
            id={`${prefix}-country`}
            value={country.field.value ?? ""}
            onChange={country.field.onChange}
            onBlur={country.field.onBlur}
            error={fieldError("country")}
          />
        </div>
      </div>
      <DefaultSwitch checked={isDefault} onChange={setDefault} disabled={pending} />
      {formError ? <MessageBox variant="error">{formError}</MessageBox> : null}
      <FormFooter pending={pending} onCancel={onCancel} cancelLabel={cancelLabel} />
    </form>
  );
}
