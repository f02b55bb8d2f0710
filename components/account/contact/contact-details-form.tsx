"use client";

import { useTranslations } from "next-intl";
import { MessageBox } from "@/components/feedback/message-box";
import { toastSuccess } from "@/components/feedback/toaster";
import { TextField } from "@/components/forms/text-field";
import { useBffForm } from "@/components/forms/use-bff-form";
import { Button } from "@/components/ui/button";
import { SubmitButton } from "@/components/forms/submit-button";
import { useSaveContactDetailsMutation } from "@/lib/account/mutations";
import {
  contactFieldNames,
  toContactFormValues,
  type ContactDetails,
  type ContactFieldName,
} from "@/lib/schemas/account";
import { contactDetailsSchema } from "@/lib/schemas/account-forms";
import { useAccountErrorText } from "../use-account-errors";

const INPUTS: Partial<
  Record<ContactFieldName, { type?: string; autoComplete: string; inputMode?: "email" | "tel" }>
> = {
  firstName: { autoComplete: "given-name" },
  lastName: { autoComplete: "family-name" },
  email: { type: "email", autoComplete: "email", inputMode: "email" },
  phone: { type: "tel", autoComplete: "tel", inputMode: "tel" },
  mobile: { type: "tel", autoComplete: "tel", inputMode: "tel" },
  jobTitle: { autoComplete: "organization-title" },
  department: { autoComplete: "off" },
  address1: { autoComplete: "address-line1" },
  address2: { autoComplete: "address-line2" },
  city: { autoComplete: "address-level2" },
  state: { autoComplete: "address-level1" },
  zip: { autoComplete: "postal-code" },
};
const REQUIRED = new Set<ContactFieldName>(["firstName", "lastName", "email"]);

/**
 * The contact fields as a form: the schema the BFF parses with, errors under their fields, the
 * failure under the form; what was typed stays after a failure, Cancel drops it.
 */
export function ContactDetailsForm({
  customerId,
  details,
  onDone,
}: {
  customerId: string;
  details: ContactDetails;
  onDone: () => void;
}) {
  const t = useTranslations("account.contact");
  const save = useSaveContactDetailsMutation(customerId);
  const errorText = useAccountErrorText();
  const { form, onSubmit, fieldError, formError, pending } = useBffForm({
    schema: contactDetailsSchema,
    defaultValues: toContactFormValues(details),
    fields: contactFieldNames,
    submit: save.mutateAsync,
    errorText: (error) => errorText(error, "contact.error"),
    onSuccess: () => {
      toastSuccess(t("saved"));
      onDone();
    },
  });
  return (
    <form method="post" noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
      <div className="grid grid-cols-1 gap-x-5 gap-y-4 sm:grid-cols-2">
        {contactFieldNames.map((name) => (
          <TextField
            key={name}
            id={`contact-${name}`}
            label={t(`fields.${name}`)}
            required={REQUIRED.has(name)}
            type={INPUTS[name]?.type}
            autoComplete={INPUTS[name]?.autoComplete}
            inputMode={INPUTS[name]?.inputMode}
            error={fieldError(name)}
            className={name === "address1" || name === "address2" ? "sm:col-span-2" : undefined}
            {...form.register(name)}
          />
        ))}
      </div>
      {formError ? <MessageBox variant="error">{formError}</MessageBox> : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" disabled={pending} onClick={onDone}>
          {t("cancel")}
        </Button>
        <SubmitButton loading={pending}>{t("save")}</SubmitButton>
      </div>
    </form>
  );
}
