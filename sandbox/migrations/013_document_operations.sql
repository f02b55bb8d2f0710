-- Whether a company's billing API offers the optional document operations (docs/CONTRACT.md §5):
-- POST /v1/documents/zip_url and POST /v1/exports/download_url. false plays a billing API without
-- them: the portal configuration's `documents` says so, the calls answer 404, and the portal hides
-- the buttons.
ALTER TABLE companies
  ADD COLUMN document_zips boolean NOT NULL DEFAULT true,
  ADD COLUMN export_downloads boolean NOT NULL DEFAULT true;
