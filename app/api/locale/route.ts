// POST /api/locale – remember the chosen language in the NEXT_LOCALE cookie
import { parseJson } from "@/lib/http/json";
import { json, withRoute } from "@/lib/http/route";
import { LOCALE_COOKIE } from "@/lib/i18n/locale";
import { localeSchema } from "@/lib/schemas/auth";
import { cookieSecure } from "@/lib/session/config";

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

export const POST = withRoute(
  async ({ req }) => {
    const { locale } = await parseJson(req, localeSchema);
    const res = json({ ok: true, locale });
    // Not a secret: next-intl reads it on the server, the browser may read it too.
    res.cookies.set({
      name: LOCALE_COOKIE,
      value: locale,
      path: "/",
      sameSite: "lax",
      maxAge: ONE_YEAR_SECONDS,
      secure: cookieSecure(),
    });
    return res;
  },
  // The page of a host without a portal has the language picker too.
  { mutating: true, anyHost: true },
);
