// POST /api/documents/zip {list, selection} – one zip of the chosen invoices' or statements' PDFs,
// streamed (X-Document-Count says how many)
import { streamDocumentsZip } from "@/lib/billing/documents";
import { parseJson } from "@/lib/http/json";
import { withRoute } from "@/lib/http/route";
import { zipBodySchema } from "@/lib/schemas/documents-forms";

export const POST = withRoute(
  async ({ req, clientIp, authed }) => {
    const body = await parseJson(req, zipBodySchema);
    return authed((accessToken) => streamDocumentsZip({ accessToken, clientIp }, body));
  },
  { auth: true, mutating: true },
);
