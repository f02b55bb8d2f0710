// GET /api/attachments/:attachmentId – a signed download URL of an attachment, or {url: null}
import { requestAttachmentUrl } from "@/lib/billing/lists";
import { pathId } from "@/lib/http/path-id";
import { json, withRoute } from "@/lib/http/route";

export const GET = withRoute<{ attachmentId: string }>(
  async ({ params, clientIp, authed }) => {
    const attachmentId = pathId(params.attachmentId);
    return json(
      await authed((accessToken) => requestAttachmentUrl({ accessToken, clientIp }, attachmentId)),
    );
  },
  { auth: true },
);
