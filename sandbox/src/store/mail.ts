/** The sandbox mailbox: every e-mail the sandbox "sends" is stored here for tests and demos. */
import type { Queryable } from "../db";

const URL_IN_TEXT = /\bhttps?:\/\/[^\s<>"')]+/g;

export type MailInput = {
  to: string;
  companyId: string | null;
  subject: string;
  text: string;
  attachments?: unknown[];
};
export type MailDto = {
  to: string;
  subject: string;
  text: string;
  links: string[];
  attachments: unknown[];
};

/** Stores an e-mail in the sandbox mailbox; links are the absolute URLs of its text. */
export async function sendMail(q: Queryable, now: number, mail: MailInput): Promise<void> {
  const links = [...new Set(mail.text.match(URL_IN_TEXT) ?? [])];
  await q.query(
    `INSERT INTO mail (recipient, company_id, subject, text, links, attachments, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [
      mail.to,
      mail.companyId,
      mail.subject,
      mail.text,
      JSON.stringify(links),
      JSON.stringify(mail.attachments ?? []),
      new Date(now),
    ],
  );
}

/** Mail oldest first; `to` filters by recipient (case-insensitive), null lists every mail. */
export async function listMail(q: Queryable, to: string | null): Promise<MailDto[]> {
  const rows = await q.query<{
    recipient: string;
    subject: string;
    text: string;
    links: string[];
    attachments: unknown[];
  }>(
    `SELECT recipient, subject, text, links, attachments FROM mail
      WHERE $1::text IS NULL OR lower(recipient) = lower($1::text)
      ORDER BY id`,
    [to],
  );
  return rows.map((r) => ({
    to: r.recipient,
    subject: r.subject,
    text: r.text,
    links: r.links,
    attachments: r.attachments,
  }));
}
