-- Zips of chosen documents (POST /v1/documents/zip_url, docs/CONTRACT.md §5 "Documents in bulk",
-- src/documents/zips.ts).
--
-- One row per link handed out: the customer's invoices and statements it holds, in the order they
-- were named (checked to be the customer's when the link was made), and the file name the link
-- answered, so opening it later names the file the same. The id is random and unguessable; the
-- signed link carries it. Rows older than a day are deleted when a new one is made.
CREATE TABLE document_zips (
  id text COLLATE "C" PRIMARY KEY,
  customer_id text NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  invoice_ids jsonb NOT NULL,
  statement_ids jsonb NOT NULL,
  file_name text NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX document_zips_created_idx ON document_zips (created_at);
