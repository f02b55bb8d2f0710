// @vitest-environment jsdom
// "Where you're signed in" (issue 34 §2): the sessions the BFF answers, this one marked, and
// signing the others out after a confirmation, with a toast and the list read again.
import { createElement as h } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SessionsCard } from "@/components/account/security/sessions-card";
import { isolate } from "@/lib/format/bidi";
import type { AccountSession } from "@/lib/schemas/sessions";
import {
  button,
  cleanUp,
  findButton,
  click,
  renderWithProviders,
  settle,
  waitFor,
} from "../lists-ui/render";

const bff = vi.hoisted(() => ({
  fetchSessions: vi.fn(),
  revokeOtherSessions: vi.fn(),
  revokeSession: vi.fn(),
}));
vi.mock("@/lib/account/bff", () => bff);
const toasts = vi.hoisted(() => ({ toastSuccess: vi.fn(), toastError: vi.fn() }));
vi.mock("@/components/feedback/toaster", () => toasts);

const session = (over: Partial<AccountSession>): AccountSession => ({
  id: "s1",
  browser: "Chrome",
  system: "macOS",
  ip: "203.0.113.7",
  signedInAt: "2030-01-15T12:00:00.000Z",
  lastSeenAt: new Date().toISOString(),
  current: true,
  ...over,
});
const MINE = session({});
const OTHER = session({
  id: "s2",
  browser: "Safari",
  system: "iOS",
  ip: "198.51.100.4",
  lastSeenAt: new Date(Date.now() - 5 * 60_000).toISOString(),
  current: false,
});

const rows = () => [
  ...document.querySelectorAll<HTMLElement>('ul[aria-label="Signed-in sessions"] > li'),
];
const dialog = () => document.querySelector<HTMLElement>('[role="dialog"]');

beforeEach(() => {
  bff.fetchSessions.mockResolvedValue({ sessions: [MINE, OTHER] });
});
afterEach(() => {
  cleanUp();
  vi.clearAllMocks();
});

describe("SessionsCard", () => {
  it("lists each session as browser on system, with its address and times, this one marked", async () => {
    renderWithProviders(h(SessionsCard));
    await waitFor(() => expect(rows()).toHaveLength(2));
    const [mine, other] = rows();
    expect(mine!.textContent).toContain(`${isolate("Chrome")} on ${isolate("macOS")}`);
    expect(mine!.textContent).toContain("This device");
    expect(mine!.textContent).toContain("203.0.113.7");
    expect(mine!.textContent).toContain("Active now");
    expect(mine!.querySelector("time")?.getAttribute("datetime")).toBe(MINE.signedInAt);
    expect(other!.textContent).toContain(`${isolate("Safari")} on ${isolate("iOS")}`);
    expect(other!.textContent).not.toContain("This device");
    expect(other!.textContent).toContain("5 minutes ago");
    expect(button("Sign out other sessions").disabled).toBe(false);
  });

  it("names what it knows of an unrecognised browser, and an unknown address", async () => {
    bff.fetchSessions.mockResolvedValue({
      sessions: [
        MINE,
        session({ id: "s3", browser: null, system: null, ip: null, current: false }),
      ],
    });
    renderWithProviders(h(SessionsCard));
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(rows()[1]!.textContent).toContain("Unknown browser");
    expect(rows()[1]!.textContent).toContain("Unknown");
  });

  it("disables the press when this is the only session", async () => {
    bff.fetchSessions.mockResolvedValue({ sessions: [MINE] });
    renderWithProviders(h(SessionsCard));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(button("Sign out other sessions").disabled).toBe(true);
    expect(document.body.textContent).toContain("You aren't signed in anywhere else.");
  });

  it("signs the others out after the confirmation, says so and reads the list again", async () => {
    bff.revokeOtherSessions.mockResolvedValue({ revoked: 1 });
    renderWithProviders(h(SessionsCard));
    await waitFor(() => expect(rows()).toHaveLength(2));
    click(button("Sign out other sessions"));
    await waitFor(() => expect(dialog()?.textContent).toContain("Sign out other sessions?"));
    expect(bff.revokeOtherSessions).not.toHaveBeenCalled();

    bff.fetchSessions.mockResolvedValue({ sessions: [MINE] });
    await waitFor(() => expect(findButton("Sign out", dialog()!)).toBeDefined());
    click(button("Sign out", dialog()!));
    await waitFor(() =>
      expect(toasts.toastSuccess).toHaveBeenCalledWith("One other session was signed out."),
    );
    expect(bff.revokeOtherSessions).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(bff.fetchSessions).toHaveBeenCalledTimes(2);
    await waitFor(() => expect(dialog()).toBeNull());
  });

  it("signs one other session out from its row; this one has no such button", async () => {
    bff.revokeSession.mockResolvedValue({ ok: true });
    renderWithProviders(h(SessionsCard));
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(findButton(/^Sign out .*Chrome/)).toBeUndefined();
    bff.fetchSessions.mockResolvedValue({ sessions: [MINE] });
    click(button(`Sign out ${isolate("Safari")} on ${isolate("iOS")}`));
    await waitFor(() =>
      expect(toasts.toastSuccess).toHaveBeenCalledWith(
        `${isolate("Safari")} on ${isolate("iOS")} was signed out.`,
      ),
    );
    expect(bff.revokeSession).toHaveBeenCalledWith("s2");
    await waitFor(() => expect(rows()).toHaveLength(1));
  });

  it("sends nothing when the confirmation is cancelled", async () => {
    renderWithProviders(h(SessionsCard));
    await waitFor(() => expect(rows()).toHaveLength(2));
    click(button("Sign out other sessions"));
    await waitFor(() => expect(findButton("Cancel", dialog()!)).toBeDefined());
    click(button("Cancel", dialog()!));
    await settle(50);
    expect(bff.revokeOtherSessions).not.toHaveBeenCalled();
    expect(rows()).toHaveLength(2);
  });

  it("says when the list could not be loaded, with a way to try again", async () => {
    bff.fetchSessions.mockRejectedValue(new Error("down"));
    renderWithProviders(h(SessionsCard));
    await waitFor(() => expect(document.querySelector('[role="alert"]')).not.toBeNull());
    bff.fetchSessions.mockResolvedValue({ sessions: [MINE] });
    click(button("Try again"));
    await waitFor(() => expect(rows()).toHaveLength(1));
  });
});
