/**
 * Stripe's hosted microdeposit verification page, as the Stripe double's SetupIntents name it in
 * `next_action.verify_with_microdeposits.hosted_verification_url`:
 * /__sandbox/stripe/microdeposits/{seti_id}?client_secret=…. The customer types the descriptor
 * code of the test deposit (SM11AA in the sandbox) and the SetupIntent succeeds.
 */
import { MICRODEPOSIT_DESCRIPTOR_CODE } from "../microdeposits";

const id = location.pathname.split("/").pop() ?? "";
const clientSecret = new URLSearchParams(location.search).get("client_secret") ?? "";

function el<K extends keyof HTMLElementTagNameMap>(tag: K, text = ""): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  node.textContent = text;
  return node;
}

const main = el("main");
main.style.cssText =
  "max-width:32rem;margin:3rem auto;font:16px/1.5 system-ui,sans-serif;padding:0 1rem";
const form = el("form");
const label = el("label", "Descriptor code");
label.htmlFor = "descriptor-code";
const input = el("input");
input.id = "descriptor-code";
input.name = "descriptor_code";
input.required = true;
input.maxLength = 6;
input.autocomplete = "off";
input.style.cssText =
  "display:block;margin:.25rem 0 1rem;padding:.5rem;font:inherit;text-transform:uppercase";
const button = el("button", "Verify");
button.type = "submit";
const status = el("p");
status.setAttribute("role", "status");
form.append(label, input, button);
main.append(
  el("h1", "Verify your bank account"),
  el(
    "p",
    `A test deposit of $0.01 was sent with a 6-character code in its statement description. The sandbox's code is ${MICRODEPOSIT_DESCRIPTOR_CODE}.`,
  ),
  form,
  status,
);
document.body.appendChild(main);

form.addEventListener("submit", (event) => {
  event.preventDefault();
  button.disabled = true;
  const body = new URLSearchParams({
    client_secret: clientSecret,
    descriptor_code: input.value.trim().toUpperCase(),
    // Stripe's own page needs no merchant key; the double's API wants some test key.
    key: "pk_test_hosted_verification",
  });
  fetch(`../v1/setup_intents/${encodeURIComponent(id)}/verify_microdeposits`, {
    method: "POST",
    body,
  })
    .then(async (res) => {
      const json: unknown = await res.json();
      if (res.ok) {
        status.textContent = "Your bank account is verified. You can close this page.";
        form.hidden = true;
        return;
      }
      const message =
        json &&
        typeof json === "object" &&
        "error" in json &&
        json.error &&
        typeof json.error === "object" &&
        "message" in json.error
          ? String(json.error.message)
          : `The verification failed (HTTP ${res.status}).`;
      status.textContent = message;
      button.disabled = false;
    })
    .catch(() => {
      status.textContent = "The verification could not be sent. Try again.";
      button.disabled = false;
    });
});
