"use client";

// The tokenizer frame's style sheet (its `css` option), from the page's own theme tokens so the
// frame looks like the portal's inputs. Read in the browser: the frame is rendered there only.

function token(name: string, fallback: string): string {
  if (typeof document === "undefined") return fallback;
  const value = getComputedStyle(document.documentElement).getPropertyValue(name).trim();
  return value || fallback;
}

/** The css for a card frame (labels, inputs, expiry selects) or a bank frame (one input, no label). */
export function tokenizerCss(kind: "card" | "ach"): string {
  const fg = token("--foreground", "black");
  const bg = token("--background", "white");
  const border = token("--input", "gray");
  const focus = token("--primary", "black");
  const danger = token("--danger", "red");
  const font = "system-ui,-apple-system,'Segoe UI',Roboto,sans-serif";
  const rules = [
    `body{margin:0;padding:2px;font-family:${font};font-size:14px;color:${fg};background:transparent}`,
    "form{margin:0}br{display:none}",
    `label{display:block;font-weight:500;margin:0 0 6px}`,
    `input,select{box-sizing:border-box;height:44px;border:1px solid ${border};border-radius:8px;padding:0 10px;font-size:16px;font-family:${font};color:${fg};background:${bg};margin:0 0 12px}`,
    "input{width:100%}select{width:calc(50% - 4px)}select+select{margin-left:8px}",
    `input:focus,select:focus{outline:2px solid ${focus};outline-offset:0;border-color:${focus}}`,
    `.error{border-color:${danger}}`,
  ];
  if (kind === "ach") rules.push("label{display:none}input{margin:0}");
  return rules.join("");
}
