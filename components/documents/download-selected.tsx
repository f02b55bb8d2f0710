"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { useFormatters } from "@/components/format/formatted-texts";
import type { SelectionApi } from "@/components/tables/core/use-row-selection";
import { Button } from "@/components/ui/button";
import { ApiError } from "@/lib/api-client";
// The limit from the contract's enums, not the form module: that one brings zod/mini, which the
// dashboard's first load does not need (18 kB gzip).
import { MAX_ZIP_DOCUMENTS } from "@billing-portal/contract/enums";
import type { DocumentSelection } from "@/lib/schemas/documents-forms";

type State =
  | { kind: "idle" }
  | { kind: "running"; bytes: number }
  | { kind: "done"; count: number }
  | { kind: "failed"; message: string };

/** "Download" in a list's selection bar: one zip of the selected documents' PDFs, with progress. */
export function DownloadSelectedButton({
  list,
  selection,
}: {
  list: "invoices" | "statements";
  selection: SelectionApi;
}) {
  const t = useTranslations("lists.documents");
  const format = useFormatters();
  const [state, setState] = useState<State>({ kind: "idle" });
  const count = selection.count;
  const megabytes = (bytes: number) => format.number(Math.round(bytes / 104_857.6) / 10);

  const run = async () => {
    if (state.kind === "running") return;
    if (count > MAX_ZIP_DOCUMENTS) {
      setState({ kind: "failed", message: t("tooMany", { max: MAX_ZIP_DOCUMENTS }) });
      return;
    }
    const chosen: DocumentSelection =
      selection.selection.mode === "some"
        ? { kind: "ids", ids: [...selection.selection.ids] }
        : {
            kind: "matching",
            filters: selection.filters,
            excluded: [...selection.selection.excluded],
          };
    setState({ kind: "running", bytes: 0 });
    try {
      const { downloadFile } = await import("@/lib/documents/download");
      const done = await downloadFile(
        "/api/documents/zip",
        { list, selection: chosen },
        `${list}.zip`,
        (bytes) => setState({ kind: "running", bytes }),
      );
      setState({ kind: "done", count: done.count ?? count });
    } catch (error) {
      const code = error instanceof ApiError ? error.code : "";
      setState({
        kind: "failed",
        message:
          code === "too_many_documents" ? t("tooMany", { max: MAX_ZIP_DOCUMENTS }) : t("failed"),
      });
    }
  };

  return (
    <div className="flex flex-wrap items-center gap-2">
      <p role="status" className="text-muted-foreground text-sm">
        {state.kind === "running" ? (
          <>
            <progress className="accent-primary me-2 h-2 w-20 align-middle" aria-hidden="true" />
            {t("running", { count, size: megabytes(state.bytes) })}
          </>
        ) : state.kind === "done" ? (
          t("done", { count: state.count })
        ) : null}
      </p>
      {state.kind === "failed" ? (
        <p role="alert" className="text-danger text-sm font-medium">
          {state.message}
        </p>
      ) : null}
      <Button
        variant="secondary"
        size="sm"
        loading={state.kind === "running"}
        onPointerEnter={() => void import("@/lib/documents/download")}
        onClick={() => void run()}
      >
        {t("download")}
      </Button>
    </div>
  );
}
