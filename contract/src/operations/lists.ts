// The five lists and the calls around them (docs/CONTRACT.md §5): every call acts on the bearer's
// selected customer. Malformed list input (page, size, sort, filters, column saves) is a 400
// validation naming the parameter, never a 500.
import { defineOperation } from "../operation";
import {
  accountDetailDto,
  attachmentIdQuery,
  attachmentUrlDto,
  columnOrderBody,
  columnWidthBody,
  exportBody,
  exportJobDto,
  fetchInstancesQuery,
  instancesDto,
  invoiceIdQuery,
  listAnswers,
  listQuery,
  payNowUrlDto,
  pdfUrlDto,
  sortingBody,
  tableConfigurationDto,
} from "../wire/lists";
import { usageAggregateDto, usageAggregateQuery } from "../wire/usages";

const list = <M extends keyof typeof listAnswers>(module: M, id: string, what: string) =>
  defineOperation({
    id,
    method: "get",
    path: `/v1/${module}`,
    tag: "lists",
    summary: `One page of the customer's ${what}, its total and (initial_req) the list's configuration`,
    description: `Sorted by sort, else the user's saved sort, else the default; ties by id. ${
      module === "payments" ? "The page nests in data.payments. " : ""
    }filter_options[${module}][n][<field>] (+ [not|gt|lt|gte|lte]) filters it.`,
    auth: "bearer",
    query: listQuery,
    filterOptions: true,
    data: listAnswers[module],
    errors: [400, 401, 404],
  });

export const listInvoices = list("invoices", "listInvoices", "invoices");
export const listPayments = list("payments", "listPayments", "payments");
export const listUsages = list("usages", "listUsages", "usage records");
export const listCredits = list("credits", "listCredits", "credit notes");
export const listStatements = list("statements", "listStatements", "statements");

export const aggregateUsages = defineOperation({
  id: "aggregateUsages",
  method: "get",
  path: "/v1/usages/aggregate",
  tag: "lists",
  summary: "The quantity of the usage lines matching the filters, per day, week or month and unit",
  description:
    "filter_options[usages][n][<field>] as GET /v1/usages; US Eastern days, ISO weeks from Monday. More than 1,000 buckets is a 400: group by a longer period. Optional: without it the portal shows no chart.",
  auth: "bearer",
  query: usageAggregateQuery,
  filterOptions: true,
  data: usageAggregateDto,
  errors: [400, 401, 404],
  optional: true,
});

export const getAccountDetail = defineOperation({
  id: "getAccountDetail",
  method: "get",
  path: "/v1/customers/account_detail",
  tag: "lists",
  summary: "The balance banner: the balance, the last payment and the last paid invoice",
  auth: "bearer",
  data: accountDetailDto,
  errors: [401, 404],
});

export const fetchFilterInstances = defineOperation({
  id: "fetchFilterInstances",
  method: "get",
  path: "/v1/filter/fetch_instances",
  tag: "lists",
  summary: "At most 50 existing values of a text field, optionally containing custom_search",
  auth: "bearer",
  query: fetchInstancesQuery,
  data: instancesDto,
  errors: [400, 401, 404],
});

const columnSave = (
  id: string,
  path: string,
  summary: string,
  body: typeof columnWidthBody | typeof columnOrderBody | typeof sortingBody,
) =>
  defineOperation({
    id,
    method: "put",
    path,
    tag: "lists",
    summary,
    description: "Answers the user's saved layout of that list after the save.",
    auth: "bearer",
    body,
    data: tableConfigurationDto,
    errors: [400, 401, 404],
  });

export const saveColumnWidth = columnSave(
  "saveColumnWidth",
  "/v1/column/save_column_width",
  "Save column widths of a list (merged into the saved ones)",
  columnWidthBody,
);
export const saveColumnOrder = columnSave(
  "saveColumnOrder",
  "/v1/column/save_column_order",
  "Save the order of a list's columns",
  columnOrderBody,
);
export const saveSorting = columnSave(
  "saveSorting",
  "/v1/column/save_sorting",
  "Save a list's sort (or none)",
  sortingBody,
);

export const getInvoicePdfUrl = defineOperation({
  id: "getInvoicePdfUrl",
  method: "get",
  path: "/v1/invoices/getPdfUrl",
  tag: "documents",
  summary: "A signed, expiring link to one of the customer's invoice PDFs",
  auth: "bearer",
  query: invoiceIdQuery,
  data: pdfUrlDto,
  errors: [400, 401, 404],
});

export const getAttachmentUrl = defineOperation({
  id: "getAttachmentUrl",
  method: "get",
  path: "/v1/download/download_attachments",
  tag: "documents",
  summary: "A signed, expiring link to a file_upload value of the customer's rows",
  auth: "bearer",
  query: attachmentIdQuery,
  data: attachmentUrlDto,
  errors: [400, 401, 404],
});

export const getPayNowUrl = defineOperation({
  id: "getPayNowUrl",
  method: "get",
  path: "/v1/payments/getPayNowUrl",
  tag: "documents",
  summary: "The customer's hosted pay-now page (signed, expiring)",
  auth: "bearer",
  data: payNowUrlDto,
  errors: [401, 404],
});

export const createExport = defineOperation({
  id: "createExport",
  method: "post",
  path: "/v1/exports",
  tag: "documents",
  summary: "Queue an export of a list; the file is e-mailed to the user",
  description:
    "The whole request is decoded before queuing (400 validation naming the field). The file holds the rows the list shows for the same filters and order, in the company's columns in the user's order.",
  auth: "bearer",
  body: exportBody,
  data: exportJobDto,
  errors: [400, 401, 404, 413],
});
