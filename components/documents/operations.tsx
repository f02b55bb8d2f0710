"use client";

import { createContext, useContext } from "react";
import type { DocumentOperations } from "@/lib/portal-config-types";

/**
 * The optional document operations the company's billing API offers (its portal configuration):
 * the dashboard provides them; the zip and "Download now" buttons show only for what is offered.
 * Without a provider (a table rendered on its own, as in component tests) both are offered.
 */
const DocumentOperationsContext = createContext<DocumentOperations>({
  zips: true,
  exportDownloads: true,
});

export const DocumentOperationsProvider = DocumentOperationsContext.Provider;

export const useDocumentOperations = () => useContext(DocumentOperationsContext);
