"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useForm, useWatch } from "react-hook-form";
import type { z } from "zod";
import { MessageBox } from "@/components/feedback/message-box";
import { toastError } from "@/components/feedback/toaster";
import { PasswordChecklist } from "@/components/forms/password-checklist";
import { applyServerFieldErrors } from "@/components/forms/server-errors";
import { TextField } from "@/components/forms/text-field";
import { useKeyTranslator } from "@/components/forms/use-key-translator";
import { useGlobalLoading } from "@/components/shell/global-loading";
import { Button } from "@/components/ui/button";
import { apiFetch } from "@/lib/api-client";
import { registerSchema } from "@/lib/schemas/auth";

type RegisterFormProps = { tokenId: string; email: string; company: string };

/** Registration with an invitation: the account and e-mail are fixed by the token; the user picks a password. */
export function RegisterForm({ tokenId, email, company }: RegisterFormProps) {
  const t = useTranslations("common");
  const tr = useKeyTranslator();
  const { setLoading } = useGlobalLoading();
  const form = useForm<z.input<typeof registerSchema>, unknown, z.output<typeof registerSchema>>({
    resolver: zodResolver(registerSchema),
    mode: "onSubmit",
    reValidateMode: "onChange",
    defaultValues: { tokenId, email, password: "" },
  });
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors },
  } = form;
  const password = useWatch({ control, name: "password" }) ?? "";
  const mutation = useMutation({
    mutationFn: (values: z.output<typeof registerSchema>) =>
      apiFetch<{ redirectTo: string }>("/api/auth/register", { method: "POST", body: values }),
    onSuccess: ({ redirectTo }) => {
      setLoading(true);
      window.location.assign(redirectTo);
    },
    onError: (error) => {
      toastError(tr.error(error));
      applyServerFieldErrors(error, setError, ["password"]);
    },
  });

  return (
    <form
      noValidate
      onSubmit={handleSubmit((values) => mutation.mutate(values))}
      className="flex flex-col gap-5"
    >
      {mutation.isError ? (
        <MessageBox variant="error">{tr.error(mutation.error)}</MessageBox>
      ) : null}
      <input type="hidden" {...register("tokenId")} />
      <TextField id="register-company" label={t("register.company")} value={company} readOnly />
      <TextField
        id="register-email"
        type="email"
        label={t("register.email")}
        value={email}
        readOnly
      />
      <div className="flex flex-col gap-3">
        <TextField
          id="register-password"
          type="password"
          label={t("register.password")}
          autoComplete="new-password"
          required
          describedBy="register-password-rules"
          error={tr.key(errors.password?.message)}
          {...register("password")}
        />
        <PasswordChecklist id="register-password-rules" value={password} />
      </div>
      <Button type="submit" size="lg" block loading={mutation.isPending || mutation.isSuccess}>
        {t("register.submit")}
      </Button>
    </form>
  );
}
