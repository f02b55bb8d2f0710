import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";
import { KNOWN_VIOLATIONS } from "./scripts/check-imports.mjs";

// The import rules' one allow-list (scripts/check-imports.mjs): files still to move are exempt here too.
const libImportsUiExceptions = KNOWN_VIOLATIONS.filter((v) => v.rule === "lib-imports-ui").map(
  (v) => v.from,
);

const config = [
  ...nextVitals,
  ...nextTs,
  {
    ignores: [
      ".next*/**",
      "node_modules/**",
      "test-results/**",
      "playwright-report/**",
      ".data/**",
      "reports/**",
      "next-env.d.ts",
    ],
  },
  {
    rules: {
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_" },
      ],
    },
  },
  {
    // A form submitted before the page has hydrated (a quick tap on a slow phone) is sent by the
    // browser itself; as GET it would put what was typed, passwords included, in the URL (history,
    // server logs, Referer). POST keeps it in the body: the page is rendered again, nothing leaks.
    files: ["components/**/*.tsx", "app/**/*.tsx"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector:
            "JSXOpeningElement[name.name='form']:not(:has(JSXAttribute[name.name='method'][value.value='post']))",
          message:
            'A <form> says method="post": a submit before hydration must not put its fields in the URL.',
        },
      ],
    },
  },
  {
    // lib/ is below the UI: it never imports components/ or app/ (CONVENTIONS, issue 11). The
    // other import rules (cycles, server-only and classic zod in client bundles, layers) need the
    // whole import graph: scripts/check-imports.mjs, run by `npm run lint` after ESLint.
    files: ["lib/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^(@/|(\\.\\./)+)(components|app)(/|$)",
              message: "lib/ never imports components/ or app/: move the shared part into lib/.",
            },
          ],
        },
      ],
    },
  },
  ...(libImportsUiExceptions.length > 0
    ? [{ files: libImportsUiExceptions, rules: { "no-restricted-imports": "off" } }]
    : []),
];

export default config;
