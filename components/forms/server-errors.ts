import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { ApiError } from "@/lib/api-client";

/** Puts a 422's field errors (message keys) under their fields, focusing the first one. */
export function applyServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fieldOrder: readonly Path<T>[],
): void {
  if (!(error instanceof ApiError) || !error.fields) return;
  let focus = true;
  for (const name of fieldOrder) {
    const message = error.fields[name];
    if (!message) continue;
    setError(name, { type: "server", message }, { shouldFocus: focus });
    focus = false;
  }
}
