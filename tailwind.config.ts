import type { Config } from "tailwindcss";

// Tailwind 4 is configured in app/globals.css (@theme); this file, loaded there with @config,
// only adds the few values the CSS tokens do not cover.
const config = {
  theme: {
    extend: {
      maxWidth: { dialog: "800px" },
      zIndex: { overlay: "60", dialog: "50" },
    },
  },
} satisfies Config;

export default config;
