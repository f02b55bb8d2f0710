import createNextIntlPlugin from "next-intl/plugin";

const withNextIntl = createNextIntlPlugin("./i18n/request.ts");

/** @type {import('next').NextConfig} */
const nextConfig = {
  poweredByHeader: false,
  reactStrictMode: true,
  // The sandbox and the portal share this repo; keep its server-only packages out of the bundle.
  serverExternalPackages: ["@electric-sql/pglite", "pg"],
};

export default withNextIntl(nextConfig);
