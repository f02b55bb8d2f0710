// @vitest-environment jsdom
import { act, createElement as h } from "react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { SubmitButton } from "@/components/forms/submit-button";

// React's act() warns unless the environment says it is a test one.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

describe("SubmitButton", () => {
  it("is disabled in the server's HTML, so a press before the script cannot post the form to the page", () => {
    const html = renderToString(h(SubmitButton, null, "Sign in"));
    expect(html).toMatch(/<button[^>]*type="submit"[^>]*disabled=""/);
  });

  it("is enabled once hydrated, and still honours its own disabled", async () => {
    const container = document.createElement("div");
    const tree = h(
      "form",
      null,
      h(SubmitButton, null, "Sign in"),
      h(SubmitButton, { disabled: true }, "Apply"),
    );
    container.innerHTML = renderToString(tree);
    document.body.append(container);
    const [signIn, apply] = container.querySelectorAll("button");
    expect(signIn!.disabled).toBe(true);
    let root: ReturnType<typeof hydrateRoot> | undefined;
    await act(async () => {
      root = hydrateRoot(container, tree);
    });
    expect(signIn!.disabled).toBe(false);
    expect(signIn!.type).toBe("submit");
    expect(apply!.disabled).toBe(true);
    await act(async () => root!.unmount());
    container.remove();
  });
});
