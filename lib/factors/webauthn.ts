// Passkey ceremonies in the browser (issue 34 §1): the billing API's options through the BFF, the
// browser's WebAuthn by @simplewebauthn/browser, loaded only when a passkey is used (never in a
// page's first load), and its answer as JSON for the BFF to pass on. A ceremony the user
// cancels, or a browser without WebAuthn, is an ApiError with its own message, like any refusal.
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from "@simplewebauthn/browser";
import { ApiError, apiFetch } from "@/lib/api-client";
import type { PasskeyOptions } from "@/lib/schemas/factors";

const loadBrowserLibrary = () => import("@simplewebauthn/browser");

/** The browser said no: the user cancelled, timed out, or has no passkey for this portal. */
function ceremonyFailed(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  return new ApiError(0, "passkey_cancelled", "secondFactor.passkeyCancelled");
}

async function browserLibrary() {
  const lib = await loadBrowserLibrary();
  if (!lib.browserSupportsWebAuthn())
    throw new ApiError(0, "passkey_unsupported", "secondFactor.passkeyUnsupported");
  return lib;
}

const optionsFrom = (path: string) =>
  apiFetch<PasskeyOptions>(path, { method: "POST", body: {} }).then((o) => o.options);

/** Makes a passkey from the options at `optionsPath`: the browser's answer. */
export async function makePasskey(optionsPath: string): Promise<RegistrationResponseJSON> {
  const options = await optionsFrom(optionsPath);
  const { startRegistration } = await browserLibrary();
  try {
    return await startRegistration({
      optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON,
    });
  } catch (error) {
    throw ceremonyFailed(error);
  }
}

/** Signs with a passkey for the options at `optionsPath`: the browser's answer. */
export async function signWithPasskey(optionsPath: string): Promise<AuthenticationResponseJSON> {
  const options = await optionsFrom(optionsPath);
  const { startAuthentication } = await browserLibrary();
  try {
    return await startAuthentication({
      optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON,
    });
  } catch (error) {
    throw ceremonyFailed(error);
  }
}

/** Warms the library while the user looks at a passkey button (on pointer or focus). */
export const preloadPasskeys = () => void loadBrowserLibrary();
