// GET /api/ready – ready for traffic: the billing API answers, and this instance is not stopping
// (from SIGTERM on it answers 503 while it finishes the requests in flight). 503 otherwise, with
// the reason; nothing about the upstream's address or error.
import type { NextRequest } from "next/server";
import { billingApiAnswers } from "@/lib/billing/health";
import { json, withApiHeaders } from "@/lib/http/route";
import { hostFromHeaders } from "@/lib/request-host";
import { isDraining } from "@/lib/server-process";

export async function GET(req: NextRequest): Promise<Response> {
  if (isDraining()) return withApiHeaders(json({ status: "draining" }, { status: 503 }));
  const answers = await billingApiAnswers(hostFromHeaders(req.headers));
  return withApiHeaders(
    answers ? json({ status: "ready" }) : json({ status: "unavailable" }, { status: 503 }),
  );
}
