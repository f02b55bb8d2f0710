import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";
import { KNOWN_VIOLATIONS } from "./scripts/check-imports.mjs";

// The import rules' one allow-list (scripts/check-imports.mjs): files still to move are exempt here too.
const libImportsUiExceptions = KNOWN_VIOLATIONS.filter((v) => v.rule === "lib-imports-ui").map(
  (v) => v.from,
);

// Marks that are not language, allowed as the whole text of a JSX child: the required-field star
// and the pager's gap (both aria-hidden). Colons and brackets are not here: French, Japanese and
// Chinese write them differently (" :", "：", "（）"), so they live in the messages.
const JSX_ALLOWED_STRINGS = ["*", "…"];

// Attributes read out or shown to the user; react/jsx-no-literals cannot single them out (its
// noAttributeStrings would also flag className, href, type…). A value, or a branch of a ?: or ||
// inside it, that contains a letter of any script is reported; t("key") arguments are not.
const visibleAttribute =
  "JSXAttribute[name.name=/^(aria-label|aria-description|aria-roledescription|aria-valuetext|title|placeholder|alt|label)$/]";
const hasLetter = "/\\p{L}/u";
const VISIBLE_ATTRIBUTE_TEXT = [
  `${visibleAttribute} > Literal[value=${hasLetter}]`,
  `${visibleAttribute} > JSXExpressionContainer > Literal[value=${hasLetter}]`,
  `${visibleAttribute} > JSXExpressionContainer > :matches(ConditionalExpression, LogicalExpression) > Literal[value=${hasLetter}]`,
  `${visibleAttribute} > JSXExpressionContainer > TemplateLiteral > TemplateElement[value.cooked=${hasLetter}]`,
  // jsx-no-literals does not look into a child's {cond ? "Save" : "Saving"}.
  `:matches(JSXElement, JSXFragment) > JSXExpressionContainer > :matches(ConditionalExpression, LogicalExpression) > Literal[value=${hasLetter}]`,
];

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
    files: ["components/**/*.tsx", "app/**/*.tsx"],
    rules: {
      // Every text a user reads is a message key in ten locales (docs/CONVENTIONS.md 15): no literal text
      // in JSX children. Only marks that are not language may stand alone.
      "react/jsx-no-literals": [
        "error",
        { noStrings: true, ignoreProps: true, allowedStrings: JSX_ALLOWED_STRINGS },
      ],
      "no-restricted-syntax": [
        "error",
        {
          // A form submitted before the page has hydrated (a quick tap on a slow phone) is sent by
          // the browser itself; as GET it would put what was typed, passwords included, in the URL
          // (history, server logs, Referer). POST keeps it in the body: the page is rendered again,
          // nothing leaks.
          selector:
            "JSXOpeningElement[name.name='form']:not(:has(JSXAttribute[name.name='method'][value.value='post']))",
          message:
            'A <form> says method="post": a submit before hydration must not put its fields in the URL.',
        },
        ...VISIBLE_ATTRIBUTE_TEXT.map((selector) => ({
          selector,
          message:
            'Text a user reads or hears (a child, aria-label, title, placeholder, alt, label…) is a message key: t("…"), not a literal.',
        })),
      ],
    },
  },
  {
    // lib/ is below the UI: it never imports components/ or app/ (docs/CONVENTIONS.md 3, 14). The
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
