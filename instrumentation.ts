/** Runs once when a portal server starts: refuse to serve with an unusable session configuration. */
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { assertSessionConfig } = await import("./lib/session/config");
    assertSessionConfig();
  }
}
