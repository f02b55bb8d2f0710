"use client";

import { useTranslations } from "next-intl";
import { lazy, Suspense, useState } from "react";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { contactFieldNames, type ContactDetails } from "@/lib/schemas/account";
import { AccountSection, Detail } from "../section";

// The form (react-hook-form and the schemas) loads when Edit is near, not with the page.
const loadForm = () =>
  import("./contact-details-form").then((m) => ({ default: m.ContactDetailsForm }));
const ContactDetailsForm = lazy(loadForm);

/** Contact details, shown; Edit turns them into a form (spec 000 §2, our PUT extension). */
// Digits and signs only: nothing tells a right-to-left page which way they run.
const LTR_FIELDS: ReadonlySet<string> = new Set(["phone", "mobile", "zip"]);

export function ContactDetailsCard({
  customerId,
  details,
}: {
  customerId: string;
  details: ContactDetails;
}) {
  const t = useTranslations("account.contact");
  const [editing, setEditing] = useState(false);
  return (
    <AccountSection
      id="contact"
      title={t("title")}
      description={editing ? t("editDescription") : t("description")}
      action={
        editing ? null : (
          <Button
            variant="secondary"
            size="sm"
            onPointerEnter={() => void loadForm()}
            onFocus={() => void loadForm()}
            onClick={() => setEditing(true)}
          >
            {t("edit")}
          </Button>
        )
      }
    >
      {editing ? (
        <Suspense fallback={<Spinner className="text-primary" />}>
          <ContactDetailsForm
            customerId={customerId}
            details={details}
            onDone={() => setEditing(false)}
          />
        </Suspense>
      ) : (
        <dl className="grid grid-cols-2 gap-x-6 gap-y-4">
          {contactFieldNames.map((name) => (
            <Detail key={name} label={t(`fields.${name}`)} ltr={LTR_FIELDS.has(name)}>
              {details[name] ?? <span className="text-muted-foreground">{t("notSet")}</span>}
            </Detail>
          ))}
        </dl>
      )}
    </AccountSection>
  );
}
