/**
 * The words an export prints besides its data, in each of the portal's locales: the names of the
 * built-in columns, Yes/No, the list's name on a sheet tab and inside a sentence, and the e-mail's
 * sentences. The sandbox is the billing API's stand-in, so it reads the portal's own catalogues
 * (messages/<locale>/lists.json, the key beside each column below) instead of keeping copies: the
 * file and the table can never name a column differently. Only the e-mail's sentences are the
 * sandbox's own. A header uses these names only where the company's column configuration names
 * no column (columns.ts), as the portal's table does.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { shownStatus, statusKey, translatedStatus } from "@billing-portal/contract/statuses";
import { DOCUMENT_LOCALES, type DocumentLocale } from "../display";
import { MODULES, type ListModule } from "../../lists/modules";

/** [column id, the portal's message key of its name]. */
type HeaderEntry = [string, string];

const CREATED: HeaderEntry = ["created_date", "columns.createdDate"];
const UPDATED: HeaderEntry = ["updated_date", "columns.updatedDate"];
const CURRENCY: HeaderEntry = ["currency", "columns.currency"];
const STATUS: HeaderEntry = ["status", "columns.status"];

export const HEADER_TABLE: Record<ListModule, HeaderEntry[]> = {
  invoices: [
    ["id", "columns.invoiceId"],
    ["invoice_date", "columns.invoiceDate"],
    ["due_date", "columns.dueDate"],
    ["invoice_amount", "columns.invoiceAmount"],
    ["balance", "columns.balance"],
    STATUS,
    ["overdue", "columns.overdue"],
    CURRENCY,
    ["salesforce_id", "columns.salesforceId"],
    CREATED,
    UPDATED,
  ],
  payments: [
    ["id", "columns.paymentId"],
    ["payment_date", "columns.paymentDate"],
    ["payment_method", "columns.paymentMethod"],
    ["payment_amount", "columns.paymentAmount"],
    STATUS,
    ["invoice_ids", "columns.invoiceIds"],
    ["invoice_totals", "columns.invoiceTotals"],
    ["applied_amount", "columns.appliedAmount"],
    ["unapplied_amount", "columns.unappliedAmount"],
    ["refunded_amount", "columns.refundedAmount"],
    ["auto_apply", "columns.autoApply"],
    CURRENCY,
    CREATED,
    UPDATED,
  ],
  usages: [
    ["id", "columns.usageId"],
    ["date", "columns.usageDate"],
    ["description", "columns.description"],
    ["quantity", "columns.quantity"],
    ["unit_of_measure", "columns.unitOfMeasure"],
    ["subscription_id", "columns.subscriptionId"],
    ["charge_id", "filter.fields.chargeId"],
    ["subscription_line_id", "filter.fields.subscriptionLineId"],
    ["invoiced", "columns.invoiced"],
    ["invoice_id", "columns.invoiceId"],
    ["invoice_date", "columns.invoiceDate"],
    ["billing_start_date", "columns.billingStartDate"],
    ["billing_end_date", "columns.billingEndDate"],
    CREATED,
    UPDATED,
  ],
  credits: [
    ["id", "columns.creditId"],
    ["credit_date", "columns.creditDate"],
    ["credit_amount", "columns.creditAmount"],
    ["unapplied_amount", "columns.balance"],
    CURRENCY,
    ["reference_number", "columns.referenceNumber"],
    STATUS,
    CREATED,
    UPDATED,
  ],
  statements: [
    ["id", "columns.statementId"],
    ["customer_name", "columns.customerName"],
    ["statement_date", "columns.statementDate"],
    ["start_date", "columns.startDate"],
    ["end_date", "columns.endDate"],
    CREATED,
    UPDATED,
  ],
};

/** The repository's messages/ folder (this file is sandbox/src/documents/exports/headers.ts). */
const MESSAGES_DIR = fileURLToPath(new URL("../../../../messages/", import.meta.url));

/** messages/<locale>/lists.json as parsed JSON. */
function readCatalogue(locale: DocumentLocale): unknown {
  return JSON.parse(readFileSync(`${MESSAGES_DIR}${locale}/lists.json`, "utf8")) as unknown;
}

/**
 * An ICU message without arguments as the text it prints. The catalogues on disk are ICU source
 * (next.config.mjs precompiles them for the portal's build only): `''` is an apostrophe and a
 * quote before `{`, `}`, `<` or `>` starts literal text up to the next lone quote (as formatjs
 * reads them outside a plural). A message with an argument (an unquoted brace) is no column name:
 * it throws, so the sandbox fails when it starts rather than printing `{count}` in a file.
 */
export function icuPlainText(message: string, where: string): string {
  let out = "";
  for (let i = 0; i < message.length; i++) {
    const ch = message[i];
    if (ch === "'") {
      const next = message[i + 1];
      if (next === "'") {
        out += "'";
        i += 1;
      } else if (next !== undefined && "{}<>".includes(next)) {
        // Quoted literal text, up to the closing quote ('' inside it is one quote).
        i += 1;
        for (; i < message.length; i++) {
          if (message[i] === "'") {
            if (message[i + 1] === "'") {
              out += "'";
              i += 1;
            } else break;
          } else out += message[i];
        }
      } else out += ch;
    } else if (ch === "{" || ch === "}") {
      throw new Error(`${where}: "${message}" has an argument; an export prints plain text only`);
    } else out += ch;
  }
  return out;
}

/** The plain text of `key` (dotted) in a locale's lists.json; throws when it is missing. */
function catalogueText(catalogue: unknown, locale: DocumentLocale, key: string): string {
  const value = key
    .split(".")
    .reduce<unknown>(
      (node, part) =>
        node && typeof node === "object" ? (node as Record<string, unknown>)[part] : undefined,
      catalogue,
    );
  const where = `messages/${locale}/lists.json ${key}`;
  if (typeof value !== "string") throw new Error(`${where} is missing`);
  return icuPlainText(value, where);
}

/** The portal's words an export uses, per locale, read once when the sandbox starts. */
type CatalogueWords = {
  headers: Record<ListModule, Map<string, string>>;
  /** The lists' status vocabulary (`statuses.<list>.<key>`), as the portal's chips read it. */
  statuses: Record<ListModule, Map<string, string>>;
  yes: string;
  no: string;
  tabs: Record<ListModule, string>;
  names: Record<ListModule, string>;
};

function perModule<T>(make: (module: ListModule) => T): Record<ListModule, T> {
  return Object.fromEntries(MODULES.map((m) => [m, make(m)])) as Record<ListModule, T>;
}

function loadCatalogueWords(locale: DocumentLocale): CatalogueWords {
  const catalogue = readCatalogue(locale);
  const text = (key: string) => catalogueText(catalogue, locale, key);
  return {
    headers: perModule(
      (m) => new Map(HEADER_TABLE[m].map(([column, key]) => [column, text(key)] as const)),
    ),
    statuses: perModule((m) => {
      const statuses = (catalogue as { statuses?: Record<string, Record<string, unknown>> })
        .statuses;
      const vocabulary = statuses?.[m];
      return new Map(
        Object.keys(vocabulary ?? {}).map((key) => [key, text(`statuses.${m}.${key}`)] as const),
      );
    }),
    yes: text("boolean.yes"),
    no: text("boolean.no"),
    tabs: perModule((m) => text(`tabs.${m}`)),
    names: perModule((m) => text(`names.${m}`)),
  };
}

const CATALOGUE_WORDS = Object.fromEntries(
  DOCUMENT_LOCALES.map((locale) => [locale, loadCatalogueWords(locale)]),
) as Record<DocumentLocale, CatalogueWords>;

/** The portal's name of a built-in column in a locale, or null when the table has none. */
export function builtinHeader(
  module: ListModule,
  column: string,
  locale: DocumentLocale,
): string | null {
  return CATALOGUE_WORDS[locale].headers[module].get(column) ?? null;
}

/** A status in an export's language, as the portal's chip reads it (the contract's rule). */
export function exportStatus(module: ListModule, status: string, locale: DocumentLocale): string {
  const shown = shownStatus(module, status);
  return translatedStatus(
    module,
    shown,
    CATALOGUE_WORDS[locale].statuses[module].get(statusKey(shown)),
  );
}

/** The e-mail's sentences: the sandbox's own texts (the portal never sends these mails). */
type MailSentences = {
  subject: (list: string) => string;
  ready: (list: string, rows: number, file: string, url: string, days: number) => string;
  failedSubject: (list: string) => string;
  failed: (list: string) => string;
};

/** Other words of an export, per locale. */
export type ExportWords = MailSentences & {
  /** Yes/No of a boolean cell (the portal's `boolean.yes` / `boolean.no`). */
  yes: string;
  no: string;
  /** The list's name as its tab shows it (sheet names) and inside sentences (`tabs.*`, `names.*`). */
  tabs: Record<ListModule, string>;
  names: Record<ListModule, string>;
};

const MAIL_SENTENCES: Record<DocumentLocale, MailSentences> = {
  en: {
    subject: (list) => `Your ${list} export`,
    ready: (list, rows, file, url, days) =>
      `Hello,\n\nYour ${list} export is ready: ${rows} ${rows === 1 ? "row" : "rows"} in ${file} (attached).\n` +
      `You can also download it here for the next ${days} days:\n\n${url}\n`,
    failedSubject: (list) => `Your ${list} export failed`,
    failed: (list) =>
      `Hello,\n\nWe could not create your ${list} export. Nothing was attached.\n` +
      `Please try again from the portal; if it fails again, contact support.\n`,
  },
  es: {
    subject: (list) => `Su exportación de ${list}`,
    ready: (list, rows, file, url, days) =>
      `Hola:\n\nSu exportación de ${list} está lista: ${rows} ${rows === 1 ? "fila" : "filas"} en ${file} (adjunto).\n` +
      `También puede descargarla aquí durante los próximos ${days} días:\n\n${url}\n`,
    failedSubject: (list) => `No se pudo completar su exportación de ${list}`,
    failed: (list) =>
      `Hola:\n\nNo pudimos crear su exportación de ${list}. No se adjuntó ningún archivo.\n` +
      `Inténtelo de nuevo desde el portal; si vuelve a fallar, contacte con soporte.\n`,
  },
  fr: {
    subject: (list) => `Votre export des ${list}`,
    ready: (list, rows, file, url, days) =>
      `Bonjour,\n\nVotre export des ${list} est prêt : ${rows} ${rows < 2 ? "ligne" : "lignes"} dans ${file} (en pièce jointe).\n` +
      `Vous pouvez aussi le télécharger ici pendant les ${days} prochains jours :\n\n${url}\n`,
    failedSubject: (list) => `Échec de votre export des ${list}`,
    failed: (list) =>
      `Bonjour,\n\nNous n’avons pas pu créer votre export des ${list}. Aucun fichier n’est joint.\n` +
      `Veuillez réessayer depuis le portail ; en cas de nouvel échec, contactez le support.\n`,
  },
  de: {
    subject: (list) => `Ihr Export der ${list}`,
    ready: (list, rows, file, url, days) =>
      `Guten Tag,\n\nIhr Export der ${list} ist fertig: ${rows} ${rows === 1 ? "Zeile" : "Zeilen"} in ${file} (im Anhang).\n` +
      `Sie können die Datei außerdem in den nächsten ${days} Tagen hier herunterladen:\n\n${url}\n`,
    failedSubject: (list) => `Ihr Export der ${list} ist fehlgeschlagen`,
    failed: (list) =>
      `Guten Tag,\n\nIhr Export der ${list} konnte nicht erstellt werden. Es ist keine Datei angehängt.\n` +
      `Bitte versuchen Sie es im Portal erneut. Schlägt es wieder fehl, wenden Sie sich bitte an den Support.\n`,
  },
  it: {
    subject: (list) => `L’esportazione dell’elenco ${list}`,
    ready: (list, rows, file, url, days) =>
      `Buongiorno,\n\nl’esportazione dell’elenco ${list} è pronta: ${rows} ${rows === 1 ? "riga" : "righe"} in ${file} (in allegato).\n` +
      `Può scaricarla anche da qui nei prossimi ${days} giorni:\n\n${url}\n`,
    failedSubject: (list) => `Esportazione dell’elenco ${list} non riuscita`,
    failed: (list) =>
      `Buongiorno,\n\nnon è stato possibile creare l’esportazione dell’elenco ${list}. Non è stato allegato alcun file.\n` +
      `Riprovi dal portale; se l’errore si ripete, contatti l’assistenza.\n`,
  },
  "pt-BR": {
    subject: (list) => `Sua exportação de ${list}`,
    ready: (list, rows, file, url, days) =>
      `Olá,\n\nSua exportação de ${list} está pronta: ${rows} ${rows === 1 ? "linha" : "linhas"} em ${file} (em anexo).\n` +
      `Você também pode baixá-la aqui nos próximos ${days} dias:\n\n${url}\n`,
    failedSubject: (list) => `Falha na exportação de ${list}`,
    failed: (list) =>
      `Olá,\n\nNão foi possível criar sua exportação de ${list}. Nenhum arquivo foi anexado.\n` +
      `Tente novamente pelo portal; se o erro persistir, entre em contato com o suporte.\n`,
  },
  nl: {
    subject: (list) => `Uw export van ${list}`,
    ready: (list, rows, file, url, days) =>
      `Beste klant,\n\nUw export van ${list} staat klaar: ${rows} ${rows === 1 ? "regel" : "regels"} in ${file} (bijgevoegd).\n` +
      `U kunt het bestand ook de komende ${days} dagen hier downloaden:\n\n${url}\n`,
    failedSubject: (list) => `Uw export van ${list} is mislukt`,
    failed: (list) =>
      `Beste klant,\n\nWe konden uw export van ${list} niet aanmaken. Er is geen bestand bijgevoegd.\n` +
      `Probeer het opnieuw via het portaal. Mislukt het weer, neem dan contact op met de klantenservice.\n`,
  },
  // Japanese and Chinese count without plural forms.
  ja: {
    subject: (list) => `${list}のエクスポート`,
    ready: (list, rows, file, url, days) =>
      `いつもご利用いただきありがとうございます。\n\n${list}のエクスポートが完了しました。添付ファイル「${file}」に${rows}件のデータが含まれています。\n` +
      `今後${days}日間は、以下のリンクからもダウンロードいただけます。\n\n${url}\n`,
    failedSubject: (list) => `${list}のエクスポートに失敗しました`,
    failed: (list) =>
      `いつもご利用いただきありがとうございます。\n\n${list}のエクスポートファイルを作成できませんでした。ファイルは添付されていません。\n` +
      `お手数ですが、ポータルからもう一度お試しください。再度失敗する場合は、サポートまでお問い合わせください。\n`,
  },
  "zh-CN": {
    subject: (list) => `${list}导出已完成`,
    ready: (list, rows, file, url, days) =>
      `您好，\n\n您的${list}导出已完成，共 ${rows} 行，文件为 ${file}（见附件）。\n` +
      `在接下来的 ${days} 天内，您也可以通过以下链接下载：\n\n${url}\n`,
    failedSubject: (list) => `${list}导出失败`,
    failed: (list) =>
      `您好，\n\n我们未能生成您的${list}导出文件，邮件中没有附件。\n` +
      `请在门户中重试；如果仍然失败，请联系客服。\n`,
  },
  // Arabic: the row count as "Rows: 12" (no plural forms to pick); the file name and the link end
  // their lines, so the left-to-right runs do not reorder the sentence around them.
  ar: {
    subject: (list) => `ملف تصدير ${list}`,
    ready: (list, rows, file, url, days) =>
      `مرحبًا،\n\nأصبح ملف تصدير ${list} جاهزًا، وهو مرفق بهذه الرسالة: ${file}\n` +
      `عدد الصفوف: ${rows}\n` +
      `يمكنك أيضًا تنزيله من الرابط التالي خلال الأيام الـ${days} القادمة:\n\n${url}\n`,
    failedSubject: (list) => `تعذّر تصدير ${list}`,
    failed: (list) =>
      `مرحبًا،\n\nتعذّر علينا إنشاء ملف تصدير ${list}، ولم يُرفق أي ملف بهذه الرسالة.\n` +
      `يُرجى المحاولة مرة أخرى من البوابة، وإذا تكرر الخطأ فيُرجى التواصل مع فريق الدعم.\n`,
  },
};

/** Other words of an export, per locale: the portal's Yes/No and list names, the sandbox's sentences. */
export const EXPORT_WORDS = Object.fromEntries(
  DOCUMENT_LOCALES.map((locale) => {
    const { yes, no, tabs, names } = CATALOGUE_WORDS[locale];
    return [locale, { yes, no, tabs, names, ...MAIL_SENTENCES[locale] }];
  }),
) as Record<DocumentLocale, ExportWords>;
