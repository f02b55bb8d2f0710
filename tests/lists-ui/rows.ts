// Rows the lists' UI tests render: one plain invoice, with what a test cares about laid over it.
import type { Invoice } from "@/lib/schemas/lists";

export const invoice = (over: Partial<Invoice> = {}): Invoice => ({
  id: "INV-1",
  invoiceDate: "2024-01-05",
  dueDate: "2024-02-05",
  invoiceAmount: 10,
  balance: 10,
  status: "Posted",
  overdue: null,
  createdDate: null,
  updatedDate: null,
  currency: "USD",
  salesforceId: null,
  pdfUrl: null,
  customFields: {},
  ...over,
});
