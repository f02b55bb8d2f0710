import { EASTERN_TIME_ZONE } from "@billing-portal/contract/calendar/days";
import { cookies, headers } from "next/headers";
import { getRequestConfig } from "next-intl/server";
import { LOCALE_COOKIE, negotiateLocale } from "@/lib/i18n/locale";
import { getMessages } from "@/lib/i18n/messages";

/** Dates and times are shown in US Eastern Time (spec 000 §9). */
export const TIME_ZONE = EASTERN_TIME_ZONE;

// No locale in the URL: the NEXT_LOCALE cookie, then Accept-Language, then English.
export default getRequestConfig(async () => {
  const [cookieStore, headerList] = await Promise.all([cookies(), headers()]);
  const locale = negotiateLocale(
    cookieStore.get(LOCALE_COOKIE)?.value,
    headerList.get("accept-language"),
  );
  return { locale, messages: await getMessages(locale), timeZone: TIME_ZONE };
});
